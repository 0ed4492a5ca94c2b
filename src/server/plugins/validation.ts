import type { FastifyInstance } from 'fastify';
import { ObjectSchema, ValidationError, type Schema, type SchemaDescription } from 'yup';
import { MAX_ID } from '../../shared/contract/params';
import { isMessageKey, say } from '../i18n/messages';

/**
 * Keys no form of ours has: yup looks field names up on a plain object, where `constructor`,
 * `toString`, `valueOf`… find Object's own members and throw (a 500). `prototype` and `__proto__` too.
 */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);
/** A NUL byte, or half of a surrogate pair: PostgreSQL stores neither in text or JSON. */
// eslint-disable-next-line no-control-regex -- the NUL byte is exactly what this looks for
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** Deeper than any body of ours (a checkout line's options sit at depth 5). */
export const MAX_BODY_DEPTH = 12;

/**
 * A copy of a request body without prototype keys at any depth. Refuses (as a field error) a
 * NUL byte, which PostgreSQL cannot store in text, and nesting past the limit, which no form of
 * ours sends and which would otherwise cost stack.
 */
export function cleanBody(value: unknown, path = '', depth = 0): unknown {
  if (typeof value === 'string' && UNSTORABLE.test(value)) throw new ValidationError('validation.nul', value, path || 'value');
  if (value === null || typeof value !== 'object') return value;
  // A raw body (Stripe's webhook) stays the exact bytes it came as: its signature covers them.
  if (value instanceof Uint8Array) return value;
  if (depth > MAX_BODY_DEPTH) throw new ValidationError('validation.tooDeep', null, path || 'value');
  if (Array.isArray(value)) return value.map((v, i) => cleanBody(v, `${path}[${i}]`, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (UNSTORABLE.test(key)) throw new ValidationError('validation.nul', key, path || 'value');
    if (!PROTOTYPE_KEYS.has(key)) out[key] = cleanBody(v, path ? `${path}.${key}` : key, depth + 1);
  }
  return out;
}

/** Route schemas are the yup schemas of `shared/contract`, the same ones the client's forms use. */
export function registerYupValidation(app: FastifyInstance): void {
  // Every body, whether a route schema or the route itself validates it, arrives without prototype keys.
  app.addHook('preValidation', async (request) => {
    request.body = cleanBody(request.body);
    request.query = cleanBody(request.query);
  });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const withYup = (data: unknown) => {
      try {
        return { value: (schema as Schema).validateSync(data, { abortEarly: false }) };
      } catch (error) {
        if (error instanceof ValidationError) return { error };
        throw error;
      }
    };
    const ids = httpPart === 'params' ? idFieldsOf(schema as Schema) : undefined;
    return ids ? (data: unknown) => canonicalIds(data, ids) ?? withYup(data) : withYup;
  });
}

/** A whole id as a browser writes it in a path: what yup's number cast turns into exactly `Number(text)`. */
const CANONICAL_ID = /^[1-9]\d{0,9}$/;

function isWholeId(field: SchemaDescription): boolean {
  const tests = new Map(field.tests.map((t) => [t.name, t.params]));
  return (
    field.type === 'number' &&
    !field.optional &&
    !field.nullable &&
    tests.size === 3 &&
    tests.has('integer') &&
    tests.get('min')?.min === 1 &&
    tests.get('max')?.max === MAX_ID
  );
}

/** The field names, when a params schema holds only whole ids (`/categories/:id/products`). */
function idFieldsOf(schema: Schema): readonly string[] | undefined {
  if (!(schema instanceof ObjectSchema)) return undefined;
  const fields = Object.entries(schema.describe().fields);
  if (!fields.length || !fields.every(([, field]) => 'tests' in field && isWholeId(field as SchemaDescription))) return undefined;
  return fields.map(([name]) => name);
}

/**
 * Params of canonical ids answered without yup, which was 5 % of a cached menu read's CPU
 * (issue 16); anything else (a sign, a space, `1e3`, too large) goes to yup for its message.
 */
function canonicalIds(data: unknown, names: readonly string[]): { value: Record<string, number> } | undefined {
  if (data === null || typeof data !== 'object' || Object.keys(data).length !== names.length) return undefined;
  const value: Record<string, number> = {};
  for (const name of names) {
    const text: unknown = (data as Record<string, unknown>)[name];
    if (typeof text !== 'string' || !CANONICAL_ID.test(text)) return undefined;
    const id = Number(text);
    if (id > MAX_ID) return undefined;
    value[name] = id;
  }
  return { value };
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
