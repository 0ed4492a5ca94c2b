/** A `tel:` link for a phone number as the restaurant wrote it ("+49 40 1234567" → "tel:+49401234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
