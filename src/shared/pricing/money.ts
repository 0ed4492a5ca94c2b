/**
 * Integer-cent money primitives. Every amount inside `shared/pricing` is a whole number of cents;
 * euros (the API's two-decimal numbers) only exist at the edges (`toCents` in, `fromCents` out).
 *
 * Decisions:
 * - `toCents` scales by 100 and first trims float noise to 6 decimals before rounding, so
 *   1.005 → 101 and 2.345 → 235 (what a person reading the decimal literal expects), and
 *   0.1 + 0.2 → 30. Halves round away from zero (−1.005 → −101). −0 comes back as 0.
 *   NaN and ±Infinity throw a RangeError.
 * - `fromCents` insists on whole cents (a RangeError otherwise): a fractional cent reaching it
 *   is a bug in the caller, not something to round away silently.
 */

/** A whole number of euro cents. */
export type Cents = number;

function assertFinite(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite number, got ${String(value)}`);
}

/** Rounds a (possibly fractional) cent value to whole cents, half away from zero, ignoring float noise below 1e-6 cent. */
export function roundCents(value: number): Cents {
  assertFinite(value, 'amount');
  const trimmed = Number(value.toFixed(6));
  const rounded = Math.sign(trimmed) * Math.round(Math.abs(trimmed));
  return rounded + 0; // normalises −0 to 0
}

/** Euro amount (e.g. 12.9) → integer cents (1290). */
export function toCents(amount: number): Cents {
  assertFinite(amount, 'amount');
  return roundCents(amount * 100);
}

/** Integer cents → euro number with at most two decimals, for API payloads. */
export function fromCents(cents: Cents): number {
  assertFinite(cents, 'cents');
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be a whole number, got ${String(cents)}`);
  return cents / 100 + 0;
}

/** Building a formatter costs far more than using one: the menu formats a price per dish, a server many per order and mail. */
const formatters = new Map<string, Intl.NumberFormat>();
const MAX_FORMATTERS = 64;

/** Formats cents as a localised currency string, e.g. formatMoney(1290, 'de-DE') → "12,90 €". */
export function formatMoney(cents: Cents, locale: string, currency = 'EUR'): string {
  const key = `${locale}\u0000${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // Locales come from requests: a client inventing them gets fresh formatters, not a growing map.
    if (formatters.size < MAX_FORMATTERS) formatters.set(key, formatter);
  }
  return formatter.format(fromCents(cents));
}

/** Multiplies a unit price by a line quantity; the quantity must be a whole number ≥ 0. */
export function timesQty(unit: Cents, qty: number): Cents {
  if (!Number.isSafeInteger(qty) || qty < 0) throw new RangeError(`qty must be a whole number ≥ 0, got ${String(qty)}`);
  return unit * qty;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
