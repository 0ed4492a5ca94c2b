import './price-changed.css';
/** The field the server names when the total the diner saw is no longer the price (decision 022). */
export const PRICE_CHANGED = 'shownTotal';

/**
 * Beside the order button: the server's words with the new total, read out politely once. The
 * live region stays on the page, so a screen reader hears the message when it appears.
 */
export function PriceChangedNotice({ message }: { message: string | undefined }) {
  return (
    <div role="status" aria-live="polite" className="price-changed" data-testid="price-changed">
      {message ? <p className="price-changed__text">{message}</p> : null}
    </div>
  );
}
