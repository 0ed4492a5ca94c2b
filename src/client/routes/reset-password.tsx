import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { AuthLayout, NewPasswordForm, RequestResetForm, visitorsOnly } from '../features/account';

function ResetPassword() {
  const { t } = useLingui();
  const { token } = Route.useSearch();
  return (
    <AuthLayout image="FORGOT_PASSWORD_IMAGE" title={token ? t`Choose a new password` : t`Reset password`}>
      {token ? <NewPasswordForm token={token} /> : <RequestResetForm />}
    </AuthLayout>
  );
}

export const Route = createFileRoute('/reset-password')({
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(search.token) ? { token: search.token } : {},
  beforeLoad: ({ context }) => visitorsOnly(context.queryClient),
  component: ResetPassword,
});
