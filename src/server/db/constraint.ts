/**
 * Whether an error is the database refusing a write for the named constraint. Drizzle wraps the
 * driver's error, and pg and PGlite both carry the SQLSTATE fields on it.
 */
export function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e !== null && typeof e === 'object' && depth < 5; depth++) {
    if ('constraint' in e && e.constraint === constraint) return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}
