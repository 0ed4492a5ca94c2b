/**
 * A table code is a key to the dining room: whoever has one orders on the table's bill. Guessing is
 * stopped twice: codes are long (sessions.ts) and each client address may miss only a few times.
 * A miss-limited address cannot look up even a right code, or the 404s would stop but the 200s
 * would still answer the guesser.
 */
import { consume, refuseWhenFull, type LimitRule } from '../auth/rate-limit';
import type { Db } from '../db/client';

export const TABLE_LOOKUP_LIMITS = {
  /** Unknown codes: a person mistyping a printed code needs a few tries, a guesser millions. */
  missesPerAddress: { limit: 20, windowSeconds: 15 * 60 },
  /** All scans: each starts a session row; a full dining room on one Wi-Fi stays far below. */
  scansPerAddress: { limit: 200, windowSeconds: 15 * 60 },
} satisfies Record<string, LimitRule>;

/** Runs one lookup under the limits; `find` answers null for an unknown code, which counts as a miss. */
export async function limitedTableLookup<T>(
  db: Db,
  ip: string,
  options: { lang: string; scale: number },
  find: () => Promise<T | null>,
): Promise<T | null> {
  const { lang, scale } = options;
  await refuseWhenFull(db, `table-miss:${ip}`, TABLE_LOOKUP_LIMITS.missesPerAddress, lang, scale);
  await consume(db, `table-scan:${ip}`, TABLE_LOOKUP_LIMITS.scansPerAddress, lang, scale);
  const found = await find();
  if (found === null) await consume(db, `table-miss:${ip}`, TABLE_LOOKUP_LIMITS.missesPerAddress, lang, scale);
  return found;
}
