import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { V } from '../../../shared/contract/validation';
import type { FieldErrors } from '../admin/edit-form';

/** The menu's own validation keys (the shared list serves the diner's forms and stays small). */
const MENU_MESSAGES: Record<string, MessageDescriptor> = {
  [V.price]: msg`Please enter a price between 0 and 10,000 € with at most two decimals, for example 9.50.`,
  [V.options]: msg`A choice needs at least one option.`,
  [V.tooMany]: msg`There are too many entries.`,
};

/** A field's id from its schema path (`sizes[0].price` → `menu-sizes-0-price`), so errors can point at it. */
export const fieldId = (path: string): string => `menu-${path.replace(/[[\].]+/g, '-').replace(/-$/, '')}`;

/** The error of one schema path, worded in the staff's language. */
export function useFieldError(errors: FieldErrors) {
  const { t } = useLingui();
  return (path: string): string | undefined => {
    const text = errors[path];
    if (!text) return undefined;
    const descriptor = MENU_MESSAGES[text];
    return descriptor ? t(descriptor) : text;
  };
}

/** The accessibility attributes of an input whose error sits in `<FieldError>`. */
export function describedBy(path: string, error: string | undefined, hintId?: string) {
  const ids = [error ? `${fieldId(path)}-error` : null, hintId ?? null].filter(Boolean).join(' ');
  return { id: fieldId(path), 'aria-invalid': error ? true : undefined, 'aria-describedby': ids || undefined };
}

export function FieldError({ path, error }: { path: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="staff-error" id={`${fieldId(path)}-error`}>
      {error}
    </p>
  );
}
