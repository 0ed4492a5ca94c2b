/** The rows of `db.execute`: node-postgres answers a result object, PGlite's Drizzle driver may answer the rows themselves. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
