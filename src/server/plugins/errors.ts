import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { fieldErrors } from './validation';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** A 422 in the spec's shape, for rules the server checks beyond the schema. */
export class FieldErrors extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation Error');
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** Every error leaves as JSON in the spec's shape; 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ValidationError) {
      return reply.code(422).send({ message: 'Validation Error', data: fieldErrors(error, request.lang) });
    }
    if (error instanceof FieldErrors) return reply.code(422).send({ message: 'Validation Error', data: error.fields });
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' });
    }
    // A 429 says when to come back, so a client (the order outbox) waits rather than guesses.
    if (status === 429 && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.code(status).send({ message: error.message });
  });
}
