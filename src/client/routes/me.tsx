import { Trans } from '@lingui/react/macro';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { AccountNav, customersOnly } from '../features/account';
import { currentTableSession } from '../features/table';

function MyAccount() {
  return (
    <section className="container account">
      <p className="breadcrumb">
        <Trans>My Account</Trans>
      </p>
      <div className="account__layout">
        <AccountNav />
        <div className="account__content">
          <Outlet />
        </div>
      </div>
    </section>
  );
}

export const Route = createFileRoute('/me')({
  // Spec §6: customers only; visitors sign in and come back, table users are barred.
  beforeLoad: async ({ context, location }) => customersOnly(context.queryClient, location, (await currentTableSession()) !== null),
  // The address pages' strings are a catalog of their own (features/addresses/messages.ts), not the first page's.
  loader: () => import('../features/addresses/messages').then((m) => m.loadAddressMessages()),
  component: MyAccount,
});
