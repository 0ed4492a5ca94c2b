import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent, ReactNode } from 'react';
import { CheckboxField, FieldError, TextField, type SchemaForm } from '../../ui/form-kit';

/** What both address forms edit besides the area and the location. */
export interface AddressDetails {
  name: string;
  address: string;
  extras: string;
  isDefault: boolean;
}

const FIELD_ORDER = ['name', 'areaId', 'address', 'extras', 'isDefault'];

/** Submits, and when a field needs attention, moves focus to the first one so it is read out with its error. */
export function submitHandler<V extends AddressDetails>(form: SchemaForm<V>) {
  return async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const errors = await form.formik.validateForm();
    await form.formik.submitForm();
    const first = FIELD_ORDER.find((f) => f in errors);
    if (first) document.getElementById(`${form.id}-${first}`)?.focus();
  };
}

/**
 * The form body shared by the old-system form (area select between name and address) and the
 * new-system form (area found by the range check): spec §2 "Create".
 */
export function AddressFields<V extends AddressDetails>({ form, area }: { form: SchemaForm<V>; area?: ReactNode }) {
  const { t } = useLingui();
  const extras = form.inputProps('extras');
  return (
    <>
      <TextField form={form} name="name" label={<Trans>Address Name</Trans>} placeholder={t`Ex. Office, Home`} maxLength={60} required />
      {area}
      <TextField
        form={form}
        name="address"
        label={<Trans>Detailed address</Trans>}
        autoComplete="street-address"
        maxLength={300}
        required
      />
      <div className="field">
        <label htmlFor={extras.id}>
          <Trans>Floor, door, notes for the driver (optional)</Trans>
        </label>
        <textarea {...extras} rows={3} maxLength={200} />
        <FieldError form={form} name="extras" />
      </div>
      <CheckboxField form={form} name="isDefault">
        <Trans>This is my default order address</Trans>
      </CheckboxField>
      <button type="submit" className="button address-form__submit" disabled={form.formik.isSubmitting}>
        <Trans>Save Address</Trans>
      </button>
    </>
  );
}
