import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { OrderItemOut } from '../../../shared/contract/order';
import { intlLocale } from '../../../shared/i18n/locales';
import { addLine, CheckoutButton, itemCount } from '../cart';
import { useLang } from '../catalog';
import { rebuildOrder, type Left, type Rebuilt } from './rebuild';
import { loadTodaysMenu } from './todays-menu';

/**
 * "Order again": the order's dishes go into the cart with the same choices at today's prices;
 * what cannot come back as it was is named below the button, in a status region a screen reader
 * reads out.
 */
export function ReorderButton({ items, label }: { items: readonly OrderItemOut[]; label?: string }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Rebuilt | null>(null);
  const pressed = useRef(false);
  // Orders kept on the device from before "Order again" carry no choices to rebuild from.
  if (!items.some((item) => item.again)) return null;

  const again = async () => {
    // One press, one refill: a second tap while the menu loads adds nothing twice.
    if (pressed.current) return;
    pressed.current = true;
    setBusy(true);
    try {
      const rebuilt = rebuildOrder(items, await loadTodaysMenu(queryClient, lang));
      for (const line of rebuilt.lines) addLine(line, { announce: false });
      setResult(rebuilt);
    } finally {
      pressed.current = false;
      setBusy(false);
    }
  };

  const list = (names: string[]) => new Intl.ListFormat(intlLocale(i18n.locale), { type: 'conjunction' }).format(names);
  const leftText = (l: Left): string => {
    const name = l.name;
    if ('without' in l) {
      const parts = list(l.without);
      return t`${name}: added without ${parts}, which is not on offer today`;
    }
    switch (l.reason) {
      case 'gone':
        return t`${name}: no longer on the menu`;
      case 'soldOut':
        return t`${name}: sold out today`;
      case 'chooseAgain':
        return t`${name}: has changed since, please choose it again on the menu`;
      case 'unchecked':
        return t`${name}: could not be checked without a connection`;
    }
  };
  const added = result ? itemCount(result.lines) : 0;

  return (
    <div className="reorder">
      <button type="button" className="button button--ghost reorder__button" onClick={() => void again()} disabled={busy} aria-label={label}>
        <Trans>Order again</Trans>
      </button>
      <div role="status" className="reorder__result">
        {result ? (
          <>
            <p>
              {added > 0
                ? plural(added, { one: "# item added to your cart, at today's prices.", other: "# items added to your cart, at today's prices." })
                : t`Nothing could be added to your cart.`}
            </p>
            {result.left.length ? (
              <ul className="reorder__left">
                {result.left.map((l, i) => (
                  <li key={i}>{leftText(l)}</li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      {/* Outside the status region: its sign-in dialog is no part of what the region reads out. */}
      {added > 0 ? <CheckoutButton className="button button--small" /> : null}
    </div>
  );
}
