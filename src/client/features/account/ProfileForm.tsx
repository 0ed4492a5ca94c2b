import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { needsCurrentPassword, profileSchema, type User } from '../../../shared/contract/account';
import { phoneCountryOf } from '../../../shared/contract/phone-country';
import { put } from '../../lib/api';
import { FieldError, TextField, useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';
import { useSettings } from '../catalog';
import { PhoneField } from '../phone';
import { ME_KEY } from './session';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const form = useSchemaForm({
    id: 'profile',
    schema: profileSchema,
    initialValues: { name: user.name, email: user.email, phone: user.phone, password: '', password_confirmation: '', current_password: '' },
    // The schema asks for the current password when the e-mail moves away from this one. An
    // account without a password has none to give: the server answers how to set one.
    context: { email: user.hasPassword ? user.email : undefined },
    onSubmit: async (values) => {
      const updated = await put<User>('/me', values);
      void form.formik.setFieldValue('current_password', '');
      void form.formik.setFieldValue('password', '');
      void form.formik.setFieldValue('password_confirmation', '');
      queryClient.setQueryData(ME_KEY, updated);
      pushToast({ tone: 'success', title: t`Success`, body: t`Your profile has been updated` });
    },
  });
  const askCurrent = needsCurrentPassword(form.formik.values, user.email);
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="stack card">
      <TextField form={form} name="name" label={<Trans>Full Name</Trans>} autoComplete="name" maxLength={120} required />
      <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" maxLength={254} required />
      <PhoneField input={{ ...form.inputProps('phone'), required: true, maxLength: 32 }} setValue={(v) => void form.formik.setFieldValue('phone', v)} label={<Trans>Phone</Trans>} country={phoneCountryOf(settings, navigator.language)}>
        <FieldError form={form} name="phone" />
      </PhoneField>
      <fieldset className="fieldset">
        <legend>
          <Trans>Change password</Trans>
        </legend>
        <p className="field-hint">
          <Trans>Leave empty to keep your current password. Other devices will be signed out.</Trans>
        </p>
        <TextField form={form} name="password" type="password" label={<Trans>New password</Trans>} autoComplete="new-password" />
        <TextField form={form} name="password_confirmation" type="password" label={<Trans>Confirm password</Trans>} autoComplete="new-password" />
      </fieldset>
      {askCurrent && user.hasPassword ? (
        <TextField
          form={form}
          name="current_password"
          type="password"
          label={<Trans>Current password</Trans>}
          autoComplete="current-password"
          hint={<Trans>Needed to change your e-mail address or your password.</Trans>}
          required
        />
      ) : (
        <FieldError form={form} name="current_password" />
      )}
      <button type="submit" className="button" disabled={form.formik.isSubmitting}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
}
