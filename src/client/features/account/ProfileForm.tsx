import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { profileSchema, type User } from '../../../shared/contract/account';
import { put } from '../../lib/api';
import { TextField, useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';
import { formatPhoneOnBlur } from './phone';
import { ME_KEY } from './session';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const form = useSchemaForm({
    id: 'profile',
    schema: profileSchema,
    initialValues: { name: user.name, email: user.email, phone: user.phone, password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      const updated = await put<User>('/me', values);
      queryClient.setQueryData(ME_KEY, updated);
      pushToast({ tone: 'success', title: t`Success`, body: t`Your profile has been updated` });
    },
  });
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="stack card">
      <TextField form={form} name="name" label={<Trans>Full Name</Trans>} autoComplete="name" maxLength={120} required />
      <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" maxLength={254} required />
      <TextField form={form} name="phone" type="tel" label={<Trans>Phone</Trans>} autoComplete="tel" required onBlur={formatPhoneOnBlur(form, 'phone')} />
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
      <button type="submit" className="button" disabled={form.formik.isSubmitting}>
        <Trans>Save</Trans>
      </button>
    </form>
  );
}
