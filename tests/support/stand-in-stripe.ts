/**
 * A local stand-in for the few Stripe endpoints the shop uses, so API tests and Playwright can pay
 * by card without the internet or a Stripe account: Checkout Sessions (create with idempotency
 * keys, retrieve with `expand`), refunds, a hosted payment page, and webhook deliveries signed as
 * Stripe signs them. The official SDK talks to it unchanged (`host`, `port`, `protocol`).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOn } from './listen';

export const STAND_IN_STRIPE_DEFAULTS = {
  secretKey: 'sk_test_standin0123456789',
  webhookSecret: 'whsec_standin0123456789abcdef',
} as const;

type SessionStatus = 'open' | 'complete' | 'expired';
type PaymentStatus = 'paid' | 'unpaid';
type IntentStatus = 'processing' | 'succeeded' | 'requires_payment_method';

export interface StandInSession {
  id: string;
  object: 'checkout.session';
  amount_total: number;
  currency: string;
  mode: 'payment';
  status: SessionStatus;
  payment_status: PaymentStatus;
  payment_intent: string | null;
  url: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  locale: string | null;
  livemode: false;
  metadata: Record<string, string>;
  /** What the create call asked for, as the stand-in parsed it (tests read it). */
  line_items_requested: { name: string; unit_amount: number; currency: string; quantity: number }[];
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: IntentStatus;
}

export interface StandInRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  currency: string;
  status: 'succeeded';
}

export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

export interface Delivery {
  type: CheckoutEventType;
  body: string;
  signature: string;
  status: number;
  response: string;
}

export interface DeliverOptions {
  /** Signs with this secret instead of the endpoint's (a forger's guess). */
  secret?: string;
  /** Unix seconds of the signature's timestamp; default now. */
  timestamp?: number;
  /** Changes what the event reports about the session (signed all the same): an event whose amount is not the order's. */
  reportAs?: Partial<Pick<StandInSession, 'amount_total' | 'currency'>>;
}

export interface StandInStripeOptions {
  port?: number;
  host?: string;
  secretKey?: string;
  webhookSecret?: string;
  /** Where events go (the shop's webhook endpoint); settable later with `setWebhookUrl`. */
  webhookUrl?: string;
}

export interface StandInStripe {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  refunds: StandInRefund[];
  deliveries: Delivery[];
  /** Create calls that reached the stand-in, idempotent replays included. */
  createCalls: number;
  setWebhookUrl(url: string): void;
  /**
   * The diner pays on the hosted page. A card pays at once; `delayed` is a method like SEPA debit
   * whose result comes later (`settleDelayed`). Delivers `checkout.session.completed` unless told not to.
   */
  pay(sessionId: string, options?: { delayed?: boolean; deliver?: boolean }): Promise<Delivery | null>;
  settleDelayed(sessionId: string, outcome: 'succeeded' | 'failed', options?: { deliver?: boolean }): Promise<Delivery | null>;
  expire(sessionId: string, options?: { deliver?: boolean }): Promise<Delivery | null>;
  /** The event a delivery of the session's current state would carry, signed, but not sent. */
  event(type: CheckoutEventType, sessionId: string, options?: DeliverOptions): { body: string; signature: string };
  /** Sends the session's current state as an event of this type. */
  deliver(type: CheckoutEventType, sessionId: string, options?: DeliverOptions): Promise<Delivery>;
  /** Sends exactly these bytes with exactly this signature again (a replay). */
  redeliver(delivery: Delivery): Promise<Delivery>;
  close(): Promise<void>;
}

/** `Stripe-Signature` as Stripe makes it: `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint secret>`. */
export function stripeSignature(body: string, secret: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 64 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new StripeApiError(413, 'invalid_request_error', 'Request body too large.'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Stripe's form encoding: `line_items[0][price_data][currency]=eur` becomes nested objects and arrays. */
type FormValue = string | FormTree;
interface FormTree {
  [key: string]: FormValue;
}

function parseForm(encoded: string): FormTree {
  const root: FormTree = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const path = name.replace(/\]/g, '').split('[');
    let node = root;
    path.forEach((key, i) => {
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === 'object') node = next;
      else {
        const created: FormTree = {};
        node[key] = created;
        node = created;
      }
    });
  }
  return root;
}

function str(tree: FormTree, key: string, param = key): string {
  const value = tree[key];
  if (typeof value !== 'string' || value === '') throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, param);
  return value;
}

function sub(tree: FormTree, key: string, param = key): FormTree {
  const value = tree[key];
  if (typeof value !== 'object') throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, param);
  return value;
}

function integer(tree: FormTree, key: string, param: string): number {
  const raw = str(tree, key, param);
  if (!/^\d+$/.test(raw)) throw new StripeApiError(400, 'invalid_request_error', `Invalid integer: ${raw}`, param);
  return Number(raw);
}

function absoluteUrl(value: string, param: string): string {
  try {
    const parsed = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value;
  } catch {
    // falls through to the error below
  }
  throw new StripeApiError(400, 'invalid_request_error', 'Not a valid URL', param);
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}`, ...headers });
  res.end(JSON.stringify(body));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function hostedPage(session: StandInSession): string {
  const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
  const open = session.status === 'open';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stand-in Stripe Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1.5rem;background:#f6f9fc}main{max-width:26rem;margin:0 auto;background:#fff;padding:1.5rem;border-radius:.5rem}
button{font:inherit;padding:.5rem 1rem;border-radius:.25rem;border:1px solid #635bff;background:#fff;margin-inline-end:.5rem}button[value=pay]{background:#635bff;color:#fff}</style></head>
<body><main>
<h1>Stand-in Stripe Checkout</h1>
<p>A local stand-in, not Stripe: no money moves.</p>
<p data-testid="amount">${escapeHtml(amount)}</p>
${
  open
    ? `<form method="post" action="/pay/${escapeHtml(session.id)}"><button type="submit" name="action" value="pay">Pay ${escapeHtml(amount)}</button><button type="submit" name="action" value="back">Back to the shop</button></form>`
    : `<p role="status">This session is ${escapeHtml(session.status)}.</p>`
}
</main></body></html>`;
}

export async function startStandInStripe(options: StandInStripeOptions = {}): Promise<StandInStripe> {
  const secretKey = options.secretKey ?? STAND_IN_STRIPE_DEFAULTS.secretKey;
  const webhookSecret = options.webhookSecret ?? STAND_IN_STRIPE_DEFAULTS.webhookSecret;
  const host = options.host ?? '127.0.0.1';
  let webhookUrl = options.webhookUrl ?? '';
  let url = '';

  const sessions = new Map<string, StandInSession>();
  const intents = new Map<string, Intent>();
  const refunds: StandInRefund[] = [];
  const deliveries: Delivery[] = [];
  /** Idempotency-Key → the request it came with and the answer it got, as Stripe keeps them for 24 hours. */
  const idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  const state = { createCalls: 0 };

  const id = (prefix: string) => `${prefix}_test_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x')}`;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  function sessionView(session: StandInSession, expand: string[]): Record<string, unknown> {
    const view: Partial<StandInSession> = { ...session };
    delete view.line_items_requested;
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    return { ...view, payment_intent: expand.includes('payment_intent') && intent ? { ...intent } : session.payment_intent };
  }

  function found(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${sessionId}'`, 'session');
    // Stripe expires open sessions on its own at expires_at.
    if (session.status === 'open' && session.expires_at <= nowSeconds()) {
      session.status = 'expired';
      session.url = null;
    }
    return session;
  }

  function createSession(form: FormTree): StandInSession {
    if (str(form, 'mode') !== 'payment') throw new StripeApiError(400, 'invalid_request_error', 'This stand-in knows mode=payment only.', 'mode');
    const items = sub(form, 'line_items');
    const requested = Object.keys(items).map((index) => {
      const item = sub(items, index, `line_items[${index}]`);
      const price = sub(item, 'price_data', `line_items[${index}][price_data]`);
      const product = sub(price, 'product_data', `line_items[${index}][price_data][product_data]`);
      return {
        name: str(product, 'name', `line_items[${index}][price_data][product_data][name]`),
        unit_amount: integer(price, 'unit_amount', `line_items[${index}][price_data][unit_amount]`),
        currency: str(price, 'currency', `line_items[${index}][price_data][currency]`).toLowerCase(),
        quantity: integer(item, 'quantity', `line_items[${index}][quantity]`),
      };
    });
    if (!requested.length) throw new StripeApiError(400, 'invalid_request_error', 'line_items must not be empty.', 'line_items');
    const currency = requested[0]?.currency ?? '';
    if (requested.some((l) => l.currency !== currency)) throw new StripeApiError(400, 'invalid_request_error', 'All line items must share one currency.', 'line_items');
    const amount = requested.reduce((sum, l) => sum + l.unit_amount * l.quantity, 0);
    if (amount < 50) throw new StripeApiError(400, 'invalid_request_error', 'The Checkout Session\'s total amount due must add up to at least €0.50 eur', 'line_items');
    const created = nowSeconds();
    let expiresAt = created + 24 * 3600;
    if (form.expires_at !== undefined) {
      expiresAt = integer(form, 'expires_at', 'expires_at');
      if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
        throw new StripeApiError(400, 'invalid_request_error', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.', 'expires_at');
      }
    }
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      amount_total: amount,
      currency,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      url: `${url}/pay/${sessionId}`,
      success_url: absoluteUrl(str(form, 'success_url'), 'success_url'),
      cancel_url: absoluteUrl(str(form, 'cancel_url'), 'cancel_url'),
      expires_at: expiresAt,
      created,
      locale: typeof form.locale === 'string' ? form.locale : null,
      livemode: false,
      metadata: {},
      line_items_requested: requested,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function createRefund(form: FormTree): StandInRefund {
    const intentId = str(form, 'payment_intent');
    const intent = intents.get(intentId);
    if (!intent) throw new StripeApiError(404, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'payment_intent');
    if (intent.status !== 'succeeded') throw new StripeApiError(400, 'invalid_request_error', 'This PaymentIntent has no successful charge to refund.', 'payment_intent');
    // As Stripe: a refund gives back `amount` or all that remains; what was given back never passes the charge.
    const given = refunds.filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
    const remaining = intent.amount - given;
    if (remaining <= 0) throw new StripeApiError(400, 'invalid_request_error', `Charge for ${intentId} has already been refunded.`, 'payment_intent');
    const asked = form.amount === undefined ? remaining : Number(str(form, 'amount'));
    if (!Number.isInteger(asked) || asked < 1 || asked > remaining) {
      throw new StripeApiError(400, 'invalid_request_error', `Refund amount (${String(form.amount)}) is greater than unrefunded amount on charge (${remaining}).`, 'amount');
    }
    const refund: StandInRefund = { id: id('re'), object: 'refund', payment_intent: intentId, amount: asked, currency: intent.currency, status: 'succeeded' };
    refunds.push(refund);
    return refund;
  }

  /** Replays the stored answer for a reused key, and refuses a reused key with other parameters, as Stripe does. */
  function withIdempotency(req: IncomingMessage, body: string, run: () => { status: number; body: unknown }): { status: number; body: unknown; replayed: boolean } {
    const header = req.headers['idempotency-key'];
    const key = typeof header === 'string' ? `${req.url ?? ''}|${header}` : undefined;
    const request = createHash('sha256').update(body).digest('hex');
    if (key) {
      const earlier = idempotent.get(key);
      if (earlier && earlier.request !== request) {
        throw new StripeApiError(400, 'idempotency_error', 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
      }
      if (earlier) return { ...earlier, replayed: true };
    }
    const answer = run();
    if (key) idempotent.set(key, { request, ...answer });
    return { ...answer, replayed: false };
  }

  async function post(type: CheckoutEventType, body: string, signature: string): Promise<Delivery> {
    if (!webhookUrl) throw new Error('the stand-in Stripe has no webhook URL to deliver to');
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body,
    });
    const delivery: Delivery = { type, body, signature, status: res.status, response: await res.text() };
    deliveries.push(delivery);
    return delivery;
  }

  function signedEvent(type: CheckoutEventType, sessionId: string, deliverOptions: DeliverOptions = {}): { body: string; signature: string } {
    const session = found(sessionId);
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: nowSeconds(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: { ...sessionView(session, []), ...deliverOptions.reportAs } },
    };
    const body = JSON.stringify(event, null, 2);
    return { body, signature: stripeSignature(body, deliverOptions.secret ?? webhookSecret, deliverOptions.timestamp ?? nowSeconds()) };
  }

  async function deliver(type: CheckoutEventType, sessionId: string, deliverOptions: DeliverOptions = {}): Promise<Delivery> {
    const { body, signature } = signedEvent(type, sessionId, deliverOptions);
    return post(type, body, signature);
  }

  async function pay(sessionId: string, payOptions: { delayed?: boolean; deliver?: boolean } = {}): Promise<Delivery | null> {
    const session = found(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    const intent: Intent = { id: id('pi'), object: 'payment_intent', amount: session.amount_total, currency: session.currency, status: payOptions.delayed ? 'processing' : 'succeeded' };
    intents.set(intent.id, intent);
    Object.assign(session, { status: 'complete', payment_status: payOptions.delayed ? 'unpaid' : 'paid', payment_intent: intent.id, url: null });
    return payOptions.deliver === false ? null : deliver('checkout.session.completed', sessionId);
  }

  async function settleDelayed(sessionId: string, outcome: 'succeeded' | 'failed', settleOptions: { deliver?: boolean } = {}): Promise<Delivery | null> {
    const session = found(sessionId);
    const intent = session.payment_intent ? intents.get(session.payment_intent) : undefined;
    if (!intent || intent.status !== 'processing') throw new Error(`session ${sessionId} has no payment in processing`);
    intent.status = outcome === 'succeeded' ? 'succeeded' : 'requires_payment_method';
    session.payment_status = outcome === 'succeeded' ? 'paid' : 'unpaid';
    if (settleOptions.deliver === false) return null;
    return deliver(outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed', sessionId);
  }

  async function expire(sessionId: string, expireOptions: { deliver?: boolean } = {}): Promise<Delivery | null> {
    const session = found(sessionId);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${session.status}`);
    Object.assign(session, { status: 'expired', url: null });
    return expireOptions.deliver === false ? null : deliver('checkout.session.expired', sessionId);
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    const basic = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8').replace(/:$/, '') : null;
    return header === `Bearer ${secretKey}` || basic === secretKey;
  }

  async function api(req: IncomingMessage, res: ServerResponse, requestUrl: URL): Promise<void> {
    if (!authorised(req)) throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.');
    const method = req.method ?? 'GET';
    const path = requestUrl.pathname;
    const expand = [...requestUrl.searchParams].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value);
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const body = await readBody(req);
      state.createCalls += 1;
      const answer = withIdempotency(req, body, () => ({ status: 200, body: sessionView(createSession(parseForm(body)), []) }));
      sendJson(res, answer.status, answer.body, answer.replayed ? { 'idempotent-replayed': 'true' } : {});
      return;
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path);
    if (method === 'GET' && sessionMatch?.[1]) {
      sendJson(res, 200, sessionView(found(sessionMatch[1]), expand));
      return;
    }
    const expireMatch = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path);
    if (method === 'POST' && expireMatch?.[1]) {
      // Stripe answers 400 for a session that is no longer open.
      if (found(expireMatch[1]).status !== 'open') throw new StripeApiError(400, 'invalid_request_error', 'Only Checkout Sessions with a status of open can be expired.');
      await expire(expireMatch[1]);
      sendJson(res, 200, sessionView(found(expireMatch[1]), []));
      return;
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const body = await readBody(req);
      const answer = withIdempotency(req, body, () => ({ status: 200, body: createRefund(parseForm(body)) }));
      sendJson(res, answer.status, answer.body);
      return;
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function hosted(req: IncomingMessage, res: ServerResponse, sessionId: string): Promise<void> {
    const session = found(sessionId);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
      res.end(hostedPage(session));
      return;
    }
    const action = new URLSearchParams(await readBody(req)).get('action');
    let back = session.cancel_url;
    if (action === 'pay' && session.status === 'open') {
      // Stripe sends the webhook and the browser back independently; here the event goes first.
      await pay(sessionId);
      back = session.success_url;
    }
    res.writeHead(303, { location: back.replace('{CHECKOUT_SESSION_ID}', session.id), 'cache-control': 'no-store' });
    res.end();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', url);
    if (requestUrl.pathname.startsWith('/v1/')) {
      await api(req, res, requestUrl);
      return;
    }
    const page = /^\/pay\/([\w-]+)$/.exec(requestUrl.pathname);
    if (page?.[1] && (req.method === 'GET' || req.method === 'POST')) {
      await hosted(req, res, page[1]);
      return;
    }
    if (requestUrl.pathname === '/health') {
      sendJson(res, 200, { ok: true });
      return;
    }
    sendJson(res, 404, { error: { type: 'invalid_request_error', message: 'Not found.' } });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (res.headersSent) res.destroy();
      else if (err instanceof StripeApiError) sendJson(res, err.status, { error: { type: err.type, message: err.message, ...(err.param ? { param: err.param } : {}) } });
      else sendJson(res, 500, { error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } });
    });
  });
  url = await listenOn(server, host, options.port);

  return {
    url,
    secretKey,
    webhookSecret,
    sessions,
    refunds,
    deliveries,
    get createCalls() {
      return state.createCalls;
    },
    setWebhookUrl(next) {
      webhookUrl = next;
    },
    pay,
    settleDelayed,
    expire,
    event: signedEvent,
    deliver,
    redeliver: (d) => post(d.type, d.body, d.signature),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
