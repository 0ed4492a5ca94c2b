import type { FormikValues } from 'formik';
import type { SchemaForm } from '../../ui/form-kit';

/** Spec §5: the number is shown internationally, read in the restaurant's country by default. */
export function formatPhoneOnBlur<V extends FormikValues>(form: SchemaForm<V>, name: keyof V & string) {
  return async () => {
    const { parsePhoneNumberFromString } = await import('libphonenumber-js');
    const parsed = parsePhoneNumberFromString(String(form.formik.values[name] ?? ''), 'DE');
    if (parsed?.isValid()) void form.formik.setFieldValue(name, parsed.formatInternational());
  };
}
