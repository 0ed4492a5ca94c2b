import { createFileRoute, redirect } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import { ComingSoon } from '../ui/ComingSoon';
import { tableState } from '../features/table';

function MyAccount() {
  const { t } = useLingui();
  return <ComingSoon title={t`My Account`} />;
}

export const Route = createFileRoute('/me')({
  // Spec §6: table users are barred from the account pages.
  beforeLoad: () => {
    if (tableState.session) throw redirect({ to: '/' });
  },
  component: MyAccount,
});
