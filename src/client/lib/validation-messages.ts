import type { MessageDescriptor } from '@lingui/core';
import type { ValidationError } from 'yup';
import { VALIDATION_TEXTS } from '../../shared/i18n/validation-texts';

/** The contract's validation keys in the diner's language; anything else (a server message) is shown as it is. */
export const VALIDATION_MESSAGES: Readonly<Record<string, MessageDescriptor>> = Object.fromEntries(VALIDATION_TEXTS.map((d) => [d.id, d]));

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
