import { Plural, Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { ItemsTable, type ItemRow } from '../orders';
import { ChevronIcon } from './icons';

interface Props {
  rows: ItemRow[];
  total: string;
}

/**
 * The order at a glance at the top of the phone checkout ("2 items · 23,90 €"), opening to its
 * lines; on a wide screen the summary column shows them instead. A line the server refused opens it.
 */
export function OrderGlance({ rows, total }: Props) {
  const [open, setOpen] = useState(false);
  const count = rows.reduce((sum, r) => sum + r.qty, 0);
  const expanded = open || rows.some((r) => r.error);
  return (
    <section className="card checkout-glance">
      <h2 className="checkout-glance__title">
        <button
          type="button"
          className="checkout-glance__toggle"
          aria-expanded={expanded}
          aria-controls="checkout-glance-lines"
          onClick={() => setOpen(!expanded)}
        >
          <span className="checkout-glance__label">
            <Trans>Your order</Trans>
          </span>
          <span className="checkout-glance__sum">
            <Plural value={count} one="# item" other="# items" /> · {total}
          </span>
          <ChevronIcon className="checkout-glance__chevron" />
        </button>
      </h2>
      <div id="checkout-glance-lines" className="checkout-glance__lines" hidden={!expanded}>
        <ItemsTable rows={rows} />
      </div>
    </section>
  );
}
