import { Trans } from '@lingui/react/macro';
import type { Cents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';

export interface ItemRow {
  key: string;
  name: string;
  /** Size, options, extras, menu slots: one line each. */
  details: string[];
  qty: number;
  price: Cents;
  /** The server's word on this line, when it refused it. */
  error?: string;
}

/** Spec §2's items table (product, qty, total), for the checkout and the order page alike. */
export function ItemsTable({ rows }: { rows: ItemRow[] }) {
  const money = useMoney();
  return (
    <table className="items-table">
      <thead>
        <tr>
          <th scope="col">
            <Trans>Product</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Qty</Trans>
          </th>
          <th scope="col" className="num">
            <Trans>Total</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <td>
              <strong>{row.name}</strong>
              {row.details.map((d) => (
                <span key={d} className="items-table__detail">
                  {d}
                </span>
              ))}
              {row.error ? (
                <span className="field-error" role="alert">
                  {row.error}
                </span>
              ) : null}
            </td>
            <td className="num">{row.qty}</td>
            <td className="num">{money(row.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
