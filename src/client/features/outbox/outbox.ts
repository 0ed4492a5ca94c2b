/**
 * The order outbox. An order is written to IndexedDB before it is sent and leaves only when the
 * server has answered: a lost answer, a reload, a crash or an hour offline all end in the same
 * retry with the same Idempotency-Key, and the server turns every retry into the first answer.
 */
import { proxy } from 'valtio';
import type { CheckoutPayload, CheckoutResult } from '../../../shared/contract/order';
import { OUTBOX_CONFIRM_AFTER_MS } from '../../../shared/contract/order';
import { send, type Answer } from '../../lib/api';
import { clearCheckoutDraft } from '../../lib/checkout-draft';
import { existingStorefrontDb, storefrontDb, type OutboxEntry, type OutboxPhase } from '../../lib/db';
import { removeLines } from '../cart';
import { rememberOrder } from '../orders';
import { endTableSession } from '../table';

export type OutboxOutcome =
  | { kind: 'received'; key: string; result: CheckoutResult; at: number }
  /** `gaveUp`: the server kept failing the same way, so sending again would not help. */
  | { kind: 'rejected'; key: string; status: number; message: string; fields: Record<string, string[]>; gaveUp: boolean; at: number };

export const outbox = proxy<{
  entries: OutboxEntry[];
  /** The latest answer, for the watcher to act on once. */
  outcome: OutboxOutcome | null;
  /** The server's field errors of the latest refusal, for the checkout form. */
  lastRejection: { fields: Record<string, string[]>; at: number } | null;
}>({ entries: [], outcome: null, lastRejection: null });

const RETRY_CAP_MS = 30_000;
/**
 * A 500 is the server failing on this very order more often than a passing fault, and the same key
 * gets the same failure: after three, the diner hears it, keeps the cart, and can call.
 */
const SERVER_ERRORS_BEFORE_GIVING_UP = 3;
/** A longer wait than this is not a hiccup: the diner reads the server's message instead. */
const LONGEST_RETRY_AFTER_S = 120;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let flushing: Promise<void> | null = null;
/** Server errors per entry in this page's life: a reload starts counting again, which is one more honest try. */
const serverErrorsOf = new Map<string, number>();

/** 128 random bits; getRandomValues also works where randomUUID does not (plain http on a LAN address). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function entry(key: string): OutboxEntry | undefined {
  return outbox.entries.find((e) => e.key === key);
}

async function update(key: string, change: Partial<OutboxEntry>): Promise<void> {
  const e = entry(key);
  if (!e) return;
  Object.assign(e, change);
  await (await storefrontDb()).outbox.update(key, change);
}

async function remove(key: string): Promise<void> {
  outbox.entries = outbox.entries.filter((e) => e.key !== key);
  await (await storefrontDb()).outbox.delete(key);
}

function scheduleRetry(attempts: number, retryAfterSeconds: number | null = null): void {
  clearTimeout(retryTimer);
  const backoff = Math.min(RETRY_CAP_MS, 1000 * 2 ** Math.max(0, attempts - 1)) * (0.75 + Math.random() / 2);
  retryTimer = setTimeout(() => void flushOutbox(), retryAfterSeconds === null ? backoff : Math.max(backoff, retryAfterSeconds * 1000));
}

/**
 * Whether to send again: for a passing fault (a gateway, a restart, a short wait), yes; for an
 * answer that will not change, no. Gateways and 503s are retried until the outbox asks the diner
 * (OUTBOX_CONFIRM_AFTER_MS), since an order must not be lost to a deploy.
 */
function isRetryable(answer: Answer, serverErrors: number): boolean {
  const { status, retryAfterSeconds } = answer;
  if (status === 429) return retryAfterSeconds === null || retryAfterSeconds <= LONGEST_RETRY_AFTER_S;
  if (status === 502 || status === 503 || status === 504 || status === 408 || status === 409) return true;
  if (status >= 500) return serverErrors < SERVER_ERRORS_BEFORE_GIVING_UP;
  return false;
}

async function deliver(key: string): Promise<void> {
  const e = entry(key);
  if (!e) return;
  const attempts = e.attempts + 1;
  await update(key, { phase: 'sending', attempts });
  let answer: Answer;
  try {
    answer = await send('POST', '/checkout/v2', {
      body: e.payload,
      headers: { 'Idempotency-Key': key, ...(e.tableToken ? { Authorization: `Bearer ${e.tableToken}` } : {}) },
    });
  } catch {
    // No answer: the server may or may not have the order. The same key makes the retry safe.
    await update(key, { phase: 'queued' });
    scheduleRetry(attempts);
    return;
  }
  if (answer.status >= 200 && answer.status < 300) {
    const result = (answer.body as { data: CheckoutResult }).data;
    await rememberOrder(result.order, result.accessKey);
    if (result.order.status === 'awaiting_payment') {
      // Paid on the provider's page: the cart stays until the payment is confirmed.
      await (await storefrontDb()).pendingPayments.put({
        code: result.order.code,
        // A plain copy: IndexedDB cannot clone the store's proxies.
        lineIds: [...e.lineIds],
        tableOrder: e.payload.deliverType === 'table',
        createdAt: Date.now(),
      });
    } else {
      removeLines(e.lineIds);
      // Placed: the diner's details are not kept past the order.
      clearCheckoutDraft();
    }
    await remove(key);
    outbox.outcome = { kind: 'received', key, result, at: Date.now() };
    return;
  }
  const serverErrors = (serverErrorsOf.get(key) ?? 0) + (answer.status >= 500 ? 1 : 0);
  serverErrorsOf.set(key, serverErrors);
  if (isRetryable(answer, serverErrors)) {
    await update(key, { phase: 'queued' });
    scheduleRetry(attempts, answer.retryAfterSeconds);
    return;
  }
  // Refused (422, 401, a long 429) or failing for good: nothing was created, the cart is untouched.
  const body = (answer.body ?? {}) as { message?: string; data?: Record<string, string[]> };
  serverErrorsOf.delete(key);
  await remove(key);
  if (answer.status === 401 && e.payload.deliverType === 'table') await endTableSession();
  outbox.outcome = {
    kind: 'rejected',
    key,
    status: answer.status,
    message: body.message ?? '',
    fields: body.data ?? {},
    gaveUp: answer.status >= 500,
    at: Date.now(),
  };
}

async function run(): Promise<void> {
  // Entries queued while this run is going are picked up by it; each entry is tried once per run.
  const tried = new Set<string>();
  for (;;) {
    const e = outbox.entries.find((x) => x.phase === 'queued' && !tried.has(x.key));
    if (!e) return;
    tried.add(e.key);
    // Cold food hours later is worse than asking: an order that waited too long is confirmed again.
    if (e.confirmedAt === null && Date.now() - e.createdAt > OUTBOX_CONFIRM_AFTER_MS) {
      await update(e.key, { phase: 'confirm' });
      continue;
    }
    await deliver(e.key);
  }
}

/** Sends what is due; one run at a time, so two triggers never send one entry twice at once. */
export function flushOutbox(): Promise<void> {
  flushing ??= run().finally(() => {
    flushing = null;
    // An order queued as the run was finishing still goes now, not at the next trigger.
    if (outbox.entries.some((x) => x.phase === 'queued' && x.attempts === 0)) void flushOutbox();
  });
  return flushing;
}

export async function enqueueOrder(payload: CheckoutPayload, options: { tableToken: string | null; lineIds: string[] }): Promise<string> {
  const e: OutboxEntry = {
    key: newKey(),
    createdAt: Date.now(),
    // Render snapshots are tracking proxies, which IndexedDB cannot clone: store plain data.
    payload: JSON.parse(JSON.stringify(payload)) as CheckoutPayload,
    tableToken: options.tableToken,
    lineIds: [...options.lineIds],
    phase: 'queued',
    attempts: 0,
    confirmedAt: null,
  };
  await (await storefrontDb()).outbox.put(e);
  outbox.entries.push(e);
  void flushOutbox();
  return e.key;
}

export async function confirmEntry(key: string): Promise<void> {
  await update(key, { phase: 'queued', confirmedAt: Date.now() });
  await flushOutbox();
}

/** The diner withdraws an order that has not reached the restaurant yet; the cart keeps its lines. */
export async function discardEntry(key: string): Promise<void> {
  await remove(key);
}

export function phaseOf(key: string): OutboxPhase | undefined {
  return entry(key)?.phase;
}

/** Reads the outbox back after a start, and sends whenever the network or the diner comes back. */
export async function startOutbox(): Promise<void> {
  try {
    const stored = (await (await existingStorefrontDb())?.outbox.orderBy('createdAt').toArray()) ?? [];
    // A 'sending' entry was cut off by a reload or crash: its fate is unknown, so it is retried.
    outbox.entries = stored.map((e) => (e.phase === 'sending' ? { ...e, phase: 'queued' } : e));
  } catch {
    outbox.entries = [];
  }
  window.addEventListener('online', () => void flushOutbox());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox();
  });
  if (outbox.entries.length) void flushOutbox();
}
