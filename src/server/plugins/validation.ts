import type { FastifyInstance } from 'fastify';
import { ValidationError, type Schema } from 'yup';

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
export function fieldErrors(error: ValidationError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  const leaves = error.inner.length ? error.inner : [error];
  for (const e of leaves) {
    const field = e.path ?? 'value';
    const message = e.errors[0] ?? e.message;
    (fields[field] ??= []).push(message.startsWith(field) ? message : `${field} ${message}`);
  }
  return fields;
}
