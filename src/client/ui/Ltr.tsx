import type { ReactNode } from 'react';

/**
 * A value that reads left to right in every language: a phone number, an order code, a card
 * number, a hex colour. In an Arabic sentence the bidi algorithm would otherwise reorder its
 * parts ("+49 40 1234567" shows as "1234567 40 49+") or move a leading "#" to its far side.
 * `<bdi dir="ltr">` isolates it, so the sentence around it keeps its own order too.
 */
export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

/**
 * The same as an expression, for a Lingui `<Trans>` placeholder: a call keeps the message's
 * positional `{0}`, so the catalogs need no new entry (`<Trans>Call {ltr(phone)}</Trans>`).
 */
export function ltr(value: ReactNode): ReactNode {
  return <Ltr>{value}</Ltr>;
}
