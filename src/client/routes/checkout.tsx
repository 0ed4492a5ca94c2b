import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { isOn, settingsMap } from '../../shared/contract/settings';
import { currentUser } from '../features/account';
import { cart } from '../features/cart';
import { catalogQueries } from '../features/catalog';
import { loadCheckoutForm } from '../features/checkout';
import { OutboxPanel, outbox } from '../features/outbox';
import { currentTableSession, useTableSession } from '../features/table';
import { i18n } from '../lib/i18n';
import { tryEnsure } from '../lib/try-ensure';
import { EmptyState } from '../ui/EmptyState';


export const Route = createFileRoute('/checkout')({
  // Spec §6: a customer, a table diner, or a guest when the operator allows guests; everyone else signs in.
  beforeLoad: async ({ context }) => {
    const [raw, user, table] = await Promise.all([
      tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.settings(i18n.locale))),
      currentUser(context.queryClient),
      currentTableSession(),
    ]);
    if (raw && !user && !table && !isOn(settingsMap(raw), 'ALLOW_GUEST_CHECKOUT')) {
      throw redirect({ to: '/login', search: { redirect: '/checkout' } });
    }
    const hours = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.workingHours()));
    if (hours && !hours.meta.isActive) throw redirect({ to: '/unavailable' });
  },
  loader: async ({ context }) => {
    const lang = i18n.locale;
    const q = context.queryClient;
    await Promise.all([
      // With a cart, the form comes with the page's data (see features/checkout/index.ts).
      cart.lines.length > 0 ? loadCheckoutForm().catch(() => undefined) : null,
      tryEnsure(() => q.ensureQueryData(catalogQueries.areas())),
      tryEnsure(() => q.ensureQueryData(catalogQueries.taxes(lang))),
      tryEnsure(() => q.ensureQueryData(catalogQueries.paymentProviders(lang))),
    ]);
  },
  component: Checkout,
});

const CheckoutForm = lazy(() => loadCheckoutForm().then((m) => ({ default: m.CheckoutForm })));

function Checkout() {
  const { t } = useLingui();
  const { lines, restored } = useSnapshot(cart);
  const waiting = useSnapshot(outbox).entries.length > 0;
  const table = useTableSession();
  return (
    <section className="container checkout-page">
      <h1>{t`Checkout`}</h1>
      <OutboxPanel />
      {waiting ? null : !restored ? null : lines.length === 0 ? (
        <EmptyState>
          <Trans>Your cart is empty.</Trans>
        </EmptyState>
      ) : (
        <Suspense fallback={<p className="checkout-loading" role="status" aria-busy="true" />}>
          <CheckoutForm lines={lines as typeof cart.lines} table={table} />
        </Suspense>
      )}
    </section>
  );
}
