import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { ValidationError, type AnyObjectSchema } from 'yup';
import { ApiError } from '../../lib/api';
import { fieldMessages } from '../../lib/validation-messages';

export type FieldErrors = Partial<Record<string, string>>;

/**
 * One validation for editor and server: the form checks its values with the contract's yup schema
 * before sending, and shows the server's 422 field messages in the same places when it refuses.
 * Field names are the schema's paths (`sizes[0].price`).
 */
export function useEditSave<V>(schema: AnyObjectSchema, save: (values: V) => Promise<void>) {
  const { t } = useLingui();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (values: V): Promise<boolean> => {
    setSaved(false);
    setMessage(null);
    try {
      await schema.validate(values, { abortEarly: false });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      setErrors(fieldMessages(error, t));
      setMessage(t`Please check the marked fields.`);
      return false;
    }
    setErrors({});
    setBusy(true);
    try {
      await save(values);
      setSaved(true);
      return true;
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v[0]])));
        setMessage(error.message);
      } else {
        setMessage(t`The server cannot be reached. Your changes are still here: save again when the connection is back.`);
      }
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { submit, errors, message, busy, saved, setErrors };
}
