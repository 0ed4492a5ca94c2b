/** Search-param parsing that never throws: bad values are dropped, as a hand-edited URL deserves. */
export function positiveInt(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
}

export function flag(value: unknown): true | undefined {
  return value === true || value === 'true' || value === 1 || value === '1' ? true : undefined;
}

export function shortText(value: unknown, max = 64): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const s = String(value).trim();
  return s && s.length <= max ? s : undefined;
}
