import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { loginSchema, type AuthResult } from '../../../shared/contract/account';
import { isOn } from '../../../shared/contract/settings';
import { post } from '../../lib/api';
import { TextField, useSchemaForm } from '../../ui/form-kit';
import { useSettings } from '../catalog';
import { deviceOrders } from '../orders';
import { useOnline } from '../pwa';
import { OfflineNote } from './OfflineNote';
import { attachDeviceOrders, signedIn } from './session';
import { SocialButtons } from './SocialButtons';

export function LoginForm({ redirect, email }: { redirect: string; email?: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const settings = useSettings();
  const online = useOnline();
  const form = useSchemaForm({
    id: 'login',
    schema: loginSchema,
    initialValues: { email: email ?? '', password: '' },
    onSubmit: async (values) => {
      const auth = await post<AuthResult>('/login', values);
      signedIn(queryClient, auth);
      await attachDeviceOrders(deviceOrders.list);
      await navigate({ to: redirect });
    },
  });
  return (
    <>
      <form onSubmit={form.formik.handleSubmit} noValidate className="stack">
        <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" required />
        <TextField form={form} name="password" type="password" label={<Trans>Password</Trans>} autoComplete="current-password" required />
        {online ? null : (
          <OfflineNote id="login-offline">
            <Trans>Signing in needs a connection. You are offline: your cart stays on this device, sign in once you are back online.</Trans>
          </OfflineNote>
        )}
        <button
          type="submit"
          className="button button--block"
          disabled={form.formik.isSubmitting || !online}
          aria-describedby={online ? undefined : 'login-offline'}
        >
          {form.formik.isSubmitting ? t`Signing in…` : t`Login`}
        </button>
      </form>
      <p className="auth__links">
        <Link to="/reset-password">
          <Trans>Forgot your password?</Trans>
        </Link>
        {isOn(settings, 'ALLOW_REGISTRATION') ? (
          <Link to="/register" search={redirect === '/' ? {} : { redirect }}>
            <Trans>No account yet? Register</Trans>
          </Link>
        ) : null}
      </p>
      <SocialButtons redirect={redirect} offlineNoteId={online ? undefined : 'login-offline'} />
    </>
  );
}
