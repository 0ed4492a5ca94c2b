import { useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../../shared/contract/order';
import { toCents } from '../../../shared/pricing';
import { useMoney } from '../../ui/money';
import { StatusBadge } from './StatusBadge';
import { intlLocale } from '../../../shared/i18n/locales';

/** One line of an order list (the device's or the account's): code, status, date, total. */
export function OrderSummary({ code, status, createdAt, total }: { code: string; status: OrderStatus; createdAt: string; total: number }) {
  const { i18n } = useLingui();
  const money = useMoney();
  const date = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(createdAt));
  return (
    <>
      <bdi dir="ltr" className="order-list__code">
        #{code}
      </bdi>
      <StatusBadge status={status} />
      <span className="muted small">{date}</span>
      <span className="order-list__total">{money(toCents(total))}</span>
    </>
  );
}
