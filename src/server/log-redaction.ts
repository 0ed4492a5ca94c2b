/**
 * What the server's log may hold. Request lines carried reset tokens and order keys from query
 * strings, and the 500 line carried a failed query's parameters (argon2 hashes, names, e-mails,
 * phone numbers) inside the error's message, `params` and the driver's `detail`. Logs travel
 * further than the database (terminals, log shippers, support tickets), so secrets and personal
 * data are cut here, whatever the log level.
 */
import type { FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Query keys whose values are secrets or personal: reset tokens, order keys, payment sessions, OAuth codes… */
const SECRET_QUERY_KEY = /token|key|sess|code|secret|pass|state|nonce|ticket|sig|auth|email|phone/i;
/** Path segments that are themselves secrets: the sandbox payment session. */
const SECRET_PATH = /(\/sandbox-pay\/)[^/?#]+/g;
/** Headers that authenticate or identify: never logged, even if a later serializer adds headers. */
export const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-xsrf-token', 'x-order-key', 'idempotency-key'];

export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  const path = (at === -1 ? url : url.slice(0, at)).replace(SECRET_PATH, `$1${REDACTED}`);
  if (at === -1) return path;
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A broken escape is logged as it came: it names no key we look for either way.
      }
      return eq !== -1 && SECRET_QUERY_KEY.test(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

interface RequestLike {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
}

function serializeRequest(request: RequestLike): Record<string, unknown> {
  return {
    method: request.method,
    url: redactUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    remotePort: request.socket?.remotePort,
  };
}

/** Drizzle's message is `Failed query: <sql>\nparams: <values>`: the SQL stays, the values go. */
function scrubText(text: string): string {
  return text.replace(/(\n|^)params: .*/s, `$1params: ${REDACTED}`);
}

/** Fields of database errors that name the failure without quoting the data. */
const SAFE_ERROR_FIELDS = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'schema', 'routine', 'query'] as const;

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function serializeError(error: Error, depth = 0): SerializedError {
  const out: SerializedError = {
    type: error.constructor.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ''),
  };
  const fields = error as unknown as Record<string, unknown>;
  for (const field of SAFE_ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  // `params`, `parameters`, `detail` (`Key (email)=(…)`), `where` and anything else unknown stay out.
  const cause: unknown = error.cause;
  if (cause instanceof Error && depth < 5) out.cause = serializeError(cause, depth + 1);
  else if (typeof cause === 'string') out.cause = scrubText(cause);
  return out;
}

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The app's logger options with the redacting serializers and header paths added. */
export function redactingLogger(options: LoggerOptions | true): LoggerOptions {
  const base = options === true ? {} : options;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest, err: serializeError },
    redact: { paths: SECRET_HEADERS.flatMap((h) => [`req.headers["${h}"]`, `res.headers["${h}"]`, `headers["${h}"]`]), censor: REDACTED },
  };
}
