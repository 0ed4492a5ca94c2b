import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ValidationError } from 'yup';
import { V } from '../../shared/contract/validation';

/** The contract's validation keys in the diner's language; anything else (a server message) is shown as it is. */
export const VALIDATION_MESSAGES: Record<string, MessageDescriptor> = {
  [V.required]: msg`This field is required.`,
  [V.email]: msg`Please enter a valid e-mail address.`,
  [V.phone]: msg`Please enter a valid phone number.`,
  [V.tooLong]: msg`This text is too long.`,
  [V.number]: msg`Please enter a valid number.`,
  [V.quantity]: msg`The quantity must be a whole number within the allowed range.`,
  [V.terms]: msg`Please accept the terms and the privacy policy.`,
  [V.dateFormat]: msg`Please choose a date and time.`,
  [V.choice]: msg`This choice is not valid.`,
  [V.tip]: msg`The tip must be between 0 and 500 €.`,
  [V.items]: msg`Your cart is empty or not valid.`,
  [V.passwordShort]: msg`The password must be at least 8 characters long.`,
  [V.passwordMatch]: msg`The passwords do not match.`,
  [V.passwordTrivial]: msg`The password cannot be only spaces or one character repeated.`,
  [V.passwordIsEmail]: msg`The password cannot be the account's e-mail address.`,
  [V.passwordCommon]: msg`This password is very common or has appeared in data breaches. Please choose another one.`,
  [V.currentPassword]: msg`The current password is not correct.`,
  [V.time]: msg`Please enter a time as HH:MM, for example 11:30.`,
  [V.overlap]: msg`These times overlap. Each time range of a day must end before the next one starts.`,
  [V.date]: msg`Please choose a date.`,
};

/** A schema's failures as one message per field (the first), in the diner's language. */
export function fieldMessages(error: ValidationError, translate: (descriptor: MessageDescriptor) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const e of error.inner.length ? error.inner : [error]) {
    const key = e.errors[0] ?? '';
    const descriptor = VALIDATION_MESSAGES[key];
    errors[e.path ?? 'form'] ??= descriptor ? translate(descriptor) : key;
  }
  return errors;
}
