/**
 * The allowance of a public form per client address (contact, reservation): one counter per hour
 * and one per day, in `rate_limits`, multiplied by RATE_LIMIT_SCALE. Over either: 429 with
 * Retry-After and the form's own wording. Decision 015 gives the reasons.
 */
import { consume, type LimitRule, type RateLimitMessage } from '../auth/rate-limit';
import type { Db } from '../db/client';

export interface AddressAllowance {
  perAddressHour: LimitRule;
  perAddressDay: LimitRule;
}

/** Counts one valid submission of `form` from `ip` against its allowance; throws RateLimited past it. */
export async function spendAddressAllowance(
  db: Db,
  form: string,
  allowance: AddressAllowance,
  who: { ip: string; lang: string },
  scale: number,
  message: RateLimitMessage,
): Promise<void> {
  await consume(db, `${form}:h:${who.ip}`, allowance.perAddressHour, who.lang, scale, message);
  await consume(db, `${form}:d:${who.ip}`, allowance.perAddressDay, who.lang, scale, message);
}
