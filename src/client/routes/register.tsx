import { useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { isOn, settingsMap } from '../../shared/contract/settings';
import { AuthLayout, RegisterForm, safeRedirect, visitorsOnly } from '../features/account';
import { catalogQueries } from '../features/catalog';
import { i18n } from '../lib/i18n';
import { tryEnsure } from '../lib/try-ensure';

function Register() {
  const { t } = useLingui();
  const { redirect } = Route.useSearch();
  return (
    <AuthLayout image="REGISTER_IMAGE" title={t`Register`}>
      <RegisterForm redirect={redirect ?? '/'} />
    </AuthLayout>
  );
}

export const Route = createFileRoute('/register')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => {
    const redirect = safeRedirect(search.redirect);
    return redirect ? { redirect } : {};
  },
  beforeLoad: async ({ context }) => {
    await visitorsOnly(context.queryClient);
    // Spec §2: closed when ALLOW_REGISTRATION is empty.
    const raw = await tryEnsure(() => context.queryClient.ensureQueryData(catalogQueries.settings(i18n.locale)));
    if (raw && !isOn(settingsMap(raw), 'ALLOW_REGISTRATION')) throw redirect({ to: '/login' });
  },
  component: Register,
});
