import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { SocialResult } from '../../shared/contract/account';
import { AuthLayout, attachDeviceOrders, keepRegistration, LoginForm, readSocialReturn, safeRedirect, signedIn, visitorsOnly } from '../features/account';
import { deviceOrders } from '../features/orders';
import { ApiError, post } from '../lib/api';
import { showLoader, hideLoader } from '../features/layout';
import { pushToast } from '../ui/toasts';

interface LoginSearch {
  redirect?: string;
  email?: string;
}

function Login() {
  const { t } = useLingui();
  const { redirect, email } = Route.useSearch();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Back from Google or Facebook: the token in the fragment goes to our server, which checks it.
  useEffect(() => {
    const back = readSocialReturn(window.location.hash);
    if (!back) return;
    if (back.kind === 'cancelled') {
      pushToast({
        tone: 'error',
        title: t`Error`,
        body: back.provider === 'facebook' ? t`User cancelled login or did not fully authorize.` : t`Not logged in`,
      });
      return;
    }
    if (back.kind === 'invalid') {
      pushToast({ tone: 'error', title: t`Error`, body: t`Not logged in` });
      return;
    }
    showLoader();
    post<SocialResult>('/social', { socialName: back.provider, token: back.token, nonce: back.nonce })
      .then(async (result) => {
        if (result.status === 'signed_in') {
          signedIn(queryClient, result.auth);
          await attachDeviceOrders(deviceOrders.list);
          await navigate({ to: back.redirect });
        } else {
          // Spec §4: an unknown social account registers, prefilled.
          keepRegistration(result.registration);
          await navigate({ to: '/register' });
        }
      })
      .catch((error: unknown) => {
        pushToast({ tone: 'error', title: t`Error`, body: error instanceof ApiError ? error.message : t`Login providers not ready yet` });
      })
      .finally(hideLoader);
  }, [navigate, queryClient, t]);

  return (
    <AuthLayout image="LOGIN_IMAGE" title={t`Login`}>
      <LoginForm redirect={redirect ?? '/'} email={email} />
    </AuthLayout>
  );
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const redirect = safeRedirect(search.redirect);
    const email = typeof search.email === 'string' && search.email.length <= 254 ? search.email : undefined;
    return { ...(redirect ? { redirect } : {}), ...(email ? { email } : {}) };
  },
  beforeLoad: ({ context }) => visitorsOnly(context.queryClient),
  component: Login,
});
