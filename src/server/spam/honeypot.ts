import { HONEYPOT_FIELD } from '../../shared/contract/honeypot';

/**
 * Whatever the trap field of a public form holds, as text: empty for a person. A robot may send
 * a number or an object as well as a string, so anything but "nothing" counts.
 */
export function trapOf(body: unknown): string {
  if (body === null || typeof body !== 'object') return '';
  const value = (body as Record<string, unknown>)[HONEYPOT_FIELD];
  if (value === undefined || value === null || value === '' || value === false) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
