import type { FastifyError, FastifyInstance } from 'fastify';
import { ValidationError } from 'yup';
import { say, type MessageKey } from '../i18n/messages';
import { fieldErrors } from './validation';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    options?: ErrorOptions & { text?: MessageKey },
  ) {
    super(message, options);
    this.text = options?.text;
  }

  /** Said in the request's language on the way out, for errors raised where no request is at hand. */
  readonly text: MessageKey | undefined;
}

/** A 422 in the spec's shape, for rules the server checks beyond the schema. */
export class FieldErrors extends Error {
  readonly statusCode = 422;
  constructor(readonly fields: Record<string, string[]>) {
    super('Validation Error');
  }
}

const NOT_FOUND = { product: 'error.productNotFound', category: 'error.categoryNotFound', menu: 'error.menuNotFound' } as const;

export const notFound = (what: keyof typeof NOT_FOUND) => new HttpError(404, `${what} not found`, { text: NOT_FOUND[what] });

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
      // Ours, worded for the reader (a provider out of reach): the status tells the device to retry.
      if (error instanceof HttpError && status === 503) return reply.code(503).send({ message: error.message });
      return reply.code(500).send({ message: say(request.lang, 'error.server') });
    }
    // A 429 says when to come back, so a client (the order outbox) waits rather than guesses.
    if (status === 429 && 'retryAfterSeconds' in error && typeof error.retryAfterSeconds === 'number') {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    return reply.code(status).send({ message: error instanceof HttpError && error.text ? say(request.lang, error.text) : error.message });
  });
}
