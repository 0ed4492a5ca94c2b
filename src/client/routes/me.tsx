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
  component: MyAccount,
});
