import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { Pagination, Transaction } from '../../shared/contract/account';
import { toCents } from '../../shared/pricing';
import { useMe, usePointsRule } from '../features/account';
import { getWithMeta } from '../lib/api';
import { pageLinks } from '../lib/pagination';
import { positiveInt } from '../lib/search';
import { useMoney } from '../ui/money';
import { intlLocale } from '../../shared/i18n/locales';

function TransactionHistory() {
  const { t, i18n } = useLingui();
  const money = useMoney();
  const user = useMe();
  const rule = usePointsRule();
  const { page = 1 } = Route.useSearch();
  const { data, isPending, isError } = useQuery({
    queryKey: ['my-transactions', page],
    meta: { private: true },
    queryFn: ({ signal }) => getWithMeta<Transaction[], { pagination: Pagination }>('/me/transactions', { page }, signal),
    placeholderData: keepPreviousData,
  });
  const date = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium', timeStyle: 'short' });
  const signed = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${money(Math.abs(toCents(amount)))}`;
  const pagination = data?.meta.pagination;
  return (
    <>
      <h1>{t`My points`}</h1>
      {user ? (
        <p className="points-balance">
          <Trans>Your balance:</Trans> <strong>{money(toCents(user.profit))}</strong>
        </p>
      ) : null}
      <p className="points-rule muted">{rule}</p>
      {isPending ? (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : isError ? (
        <p className="field-error" role="alert">
          <Trans>The history could not be loaded. Please check your connection.</Trans>
        </p>
      ) : data.data.length === 0 ? (
        <div className="card empty-state">
          <p>
            <Trans>No points yet. They arrive when an order is completed, and you can spend them at checkout.</Trans>
          </p>
        </div>
      ) : (
        <div className="card table-scroll">
          <table className="transactions">
            <caption className="visually-hidden">{t`Points history`}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Description`}</th>
                <th scope="col" className="num">{t`Old Value`}</th>
                <th scope="col" className="num">{t`Change`}</th>
                <th scope="col" className="num">{t`New Value`}</th>
                <th scope="col">{t`Date`}</th>
              </tr>
            </thead>
            <tbody>
              {data.data.map((row) => (
                <tr key={row.id}>
                  <td className="transactions__desc">{row.description}</td>
                  <td className="num transactions__old" data-label={t`Old Value`}>
                    {money(toCents(row.oldProfit))}
                  </td>
                  <td className={`num transactions__change ${row.amount > 0 ? 'change--up' : 'change--down'}`}>{signed(row.amount)}</td>
                  <td className="num transactions__new" data-label={t`New Value`}>
                    {money(toCents(row.newProfit))}
                  </td>
                  <td className="transactions__date">{date.format(new Date(row.date))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pagination && pagination.total_pages > 1 ? (
        <nav className="pagination" aria-label={t`Pages`}>
          <ul>
            {pageLinks(pagination.current_page, pagination.total_pages).map((n) => (
              <li key={n}>
                <Link
                  to="/me/my-transactions/transaction-history"
                  search={{ page: n }}
                  aria-current={n === pagination.current_page ? 'page' : undefined}
                  aria-label={t`Page ${n}`}
                >
                  {n}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}

export const Route = createFileRoute('/me/my-transactions/transaction-history')({
  validateSearch: (search: Record<string, unknown>): { page?: number } => {
    const page = positiveInt(search.page);
    return page && page > 1 ? { page } : {};
  },
  component: TransactionHistory,
});
