import type { FastifyInstance } from 'fastify';
import { ValidationError, type Schema } from 'yup';
import { isMessageKey, say } from '../i18n/messages';

/** Route schemas are the yup schemas of `shared/contract`, the same ones the client's forms use. */
export function registerYupValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    try {
      return { value: (schema as Schema).validateSync(data, { abortEarly: false }) };
    } catch (error) {
      if (error instanceof ValidationError) return { error };
      throw error;
    }
  });
}

/** `{ field: [messages] }` as the spec's 422 body carries it. */
export function fieldErrors(error: ValidationError, lang = 'de'): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const leaves = error.inner.length ? error.inner : [error];
  for (const e of leaves) {
    // A root-level error (a body that is not an object at all) has the empty path.
    const field = e.path || 'value';
    const message = e.errors[0] ?? e.message;
    // Contract schemas name their messages by key, to be worded in the diner's language.
    const text = isMessageKey(message) ? say(lang, message) : message.startsWith(field) ? message : `${field} ${message}`;
    // One value can break two rules with the same wording (0.5 is neither whole nor ≥ 1): say it once.
    const list = (fields[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return fields;
}
