import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { TablePage, type PaymentReturn } from '../features/table/tab/TablePage';
import { loadTableMessages } from '../features/table';
import { shortText } from '../lib/search';

export const Route = createFileRoute('/table')({
  // Back from the card provider: `?payment=…&sess=…`, checked with the server, then dropped from the address.
  validateSearch: (search: Record<string, unknown>): PaymentReturn => {
    const out: PaymentReturn = {};
    const payment = shortText(search.payment, 40);
    const sess = shortText(search.sess, 128);
    if (payment && sess) Object.assign(out, { payment, sess });
    return out;
  },
  loader: loadTableMessages,
  component: TableRoute,
});

function TableRoute() {
  const back = Route.useSearch();
  const navigate = useNavigate();
  const handled = useCallback(() => void navigate({ to: '/table', search: {}, replace: true }), [navigate]);
  return <TablePage back={back} onBackHandled={handled} />;
}
