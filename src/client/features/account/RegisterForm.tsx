import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { registerSchema, type AuthResult } from '../../../shared/contract/account';
import { phoneCountryOf } from '../../../shared/contract/phone-country';
import { post } from '../../lib/api';
import { CheckboxField, FieldError, TextField, useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';
import { useSettings } from '../catalog';
import { deviceOrders } from '../orders';
import { PhoneField } from '../phone';
import { useOnline } from '../pwa';
import { OfflineNote } from './OfflineNote';
import { attachDeviceOrders, signedIn } from './session';
import { dropRegistration, takeRegistration } from './social';
import { TermsText } from './TermsText';

export function RegisterForm({ redirect }: { redirect: string }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const online = useOnline();
  const settings = useSettings();
  // A verified Google or Facebook identity fills the form and replaces the password.
  const [social] = useState(takeRegistration);
  const form = useSchemaForm({
    id: 'register',
    schema: registerSchema,
    initialValues: {
      name: social?.name ?? '',
      email: social?.email ?? '',
      phone: '',
      password: '',
      password_confirmation: '',
      terms: false,
      socialTicket: social?.socialTicket ?? null,
      socialName: social?.socialName ?? null,
    },
    onSubmit: async (values) => {
      const auth = await post<AuthResult>('/register', values);
      dropRegistration();
      signedIn(queryClient, auth);
      await attachDeviceOrders(deviceOrders.list);
      const name = auth.user.name;
      pushToast({ tone: 'success', title: t`Success`, body: t`Welcome, ${name}! Your account is ready and you are signed in.` });
      await navigate({ to: redirect });
    },
  });
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="stack">
      {social ? (
        <p className="notice">
          {social.socialName === 'google' ? t`Signed in with Google. Complete your details to finish.` : t`Signed in with Facebook. Complete your details to finish.`}
        </p>
      ) : null}
      <TextField form={form} name="name" label={<Trans>Full Name</Trans>} autoComplete="name" maxLength={120} required />
      <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" maxLength={254} required />
      <PhoneField input={{ ...form.inputProps('phone'), required: true, maxLength: 32 }} setValue={(v) => void form.formik.setFieldValue('phone', v)} label={<Trans>Phone</Trans>} country={phoneCountryOf(settings, navigator.language)}>
        <FieldError form={form} name="phone" />
      </PhoneField>
      {!social ? (
        <>
          <TextField
            form={form}
            name="password"
            type="password"
            label={<Trans>Password</Trans>}
            autoComplete="new-password"
            hint={<Trans>At least 8 characters. Not your e-mail address and not a common password; a few words in a row are easy to remember.</Trans>}
            required
          />
          <TextField form={form} name="password_confirmation" type="password" label={<Trans>Confirm password</Trans>} autoComplete="new-password" required />
        </>
      ) : null}
      <CheckboxField form={form} name="terms">
        <TermsText />
      </CheckboxField>
      {online ? null : (
        <OfflineNote id="register-offline">
          <Trans>Registering needs a connection. You are offline: your cart stays on this device, register once you are back online.</Trans>
        </OfflineNote>
      )}
      <button
        type="submit"
        className="button button--block"
        disabled={form.formik.isSubmitting || !online}
        aria-describedby={online ? undefined : 'register-offline'}
      >
        <Trans>Register</Trans>
      </button>
    </form>
  );
}
