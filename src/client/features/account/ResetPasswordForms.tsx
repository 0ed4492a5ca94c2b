import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { resetConfirmSchema, resetPasswordSchema } from '../../../shared/contract/account';
import { post } from '../../lib/api';
import { TextField, useSchemaForm } from '../../ui/form-kit';
import { pushToast } from '../../ui/toasts';

/** Step 1: ask for a one-time link (the answer never says whether the address has an account). */
export function RequestResetForm() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm({
    id: 'reset',
    schema: resetPasswordSchema,
    initialValues: { email: '' },
    onSubmit: async (values) => {
      const { message } = await post<{ message: string }>('/reset-password', values);
      pushToast({ tone: 'success', title: t`Success`, body: message }, 10_000);
      await navigate({ to: '/login', search: { email: values.email } });
    },
  });
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="stack">
      <p>
        <Trans>Enter the e-mail address of your account. We will send you a link to choose a new password.</Trans>
      </p>
      <TextField form={form} name="email" type="email" label={<Trans>E-mail Address</Trans>} autoComplete="email" required />
      <button type="submit" className="button button--block" disabled={form.formik.isSubmitting}>
        <Trans>Send the link</Trans>
      </button>
    </form>
  );
}

/** Step 2: the link from the mail opens this form with its token. */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const form = useSchemaForm({
    id: 'new-password',
    schema: resetConfirmSchema,
    initialValues: { token, password: '', password_confirmation: '' },
    onSubmit: async (values) => {
      const { message } = await post<{ message: string }>('/reset-password/confirm', values);
      pushToast({ tone: 'success', title: t`Success`, body: message });
      await navigate({ to: '/login', search: {} });
    },
  });
  const tokenError = form.errorOf('token');
  return (
    <form onSubmit={form.formik.handleSubmit} noValidate className="stack">
      {tokenError ? (
        <p className="field-error" role="alert" id="new-password-token">
          {tokenError}
        </p>
      ) : null}
      <TextField
        form={form}
        name="password"
        type="password"
        label={<Trans>New password</Trans>}
        autoComplete="new-password"
        hint={<Trans>At least 8 characters. Not your e-mail address and not a common password; a few words in a row are easy to remember.</Trans>}
        required
      />
      <TextField form={form} name="password_confirmation" type="password" label={<Trans>Confirm password</Trans>} autoComplete="new-password" required />
      <button type="submit" className="button button--block" disabled={form.formik.isSubmitting}>
        <Trans>Save the new password</Trans>
      </button>
    </form>
  );
}
