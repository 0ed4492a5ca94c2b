import type { ReactNode } from 'react';
import { CardIcon, PointIcon } from './icons';
import type { PayLabel } from './payment-labels';

interface Props {
  /** The pay button's words (the chosen way to pay and the amount), or null when there is no way to pay. */
  payLabel: PayLabel | null;
  /** A card payment leaves the page for the provider's; the icon says so before the tap. */
  card: boolean;
  /** What stops the order first, in words; the button then takes the diner there instead of paying. */
  missing: string | null;
  amount: string;
  onPay: () => void;
  onShowMissing: () => void;
  /** Notes that belong with the button (sold-out dishes). */
  children?: ReactNode;
}

/**
 * One button at the foot of the screen (sticky on phones): it pays when the order can go, and
 * otherwise names the first thing missing and moves focus there. It is never disabled silently.
 */
export function PayBar({ payLabel, card, missing, amount, onPay, onShowMissing, children }: Props) {
  return (
    <div className="pay-bar" data-testid="pay-bar">
      {children}
      {missing !== null || payLabel === null ? (
        <button key="missing" type="button" className="button button--block pay-bar__button pay-bar__button--missing" onClick={onShowMissing}>
          <PointIcon />
          <span className="pay-bar__what">{missing}</span>
          <span className="pay-bar__amount">{amount}</span>
        </button>
      ) : (
        <button key="pay" type="button" className="button button--block pay-bar__button" onClick={onPay}>
          {card ? <CardIcon /> : null}
          <span className="pay-bar__words">
            <span className="pay-bar__action">{payLabel.action}</span>
            <span className="pay-bar__method">{payLabel.method}</span>
          </span>
        </button>
      )}
    </div>
  );
}
