/**
 * Paying a table's tab (decision 055): a diner pays some lines or one share of an even split by
 * card; staff take what is open at the table. Every change runs under the table's lock and
 * claims its lines (a line is claimed once), so two phones pressing pay at the same moment never
 * pay one line twice: the second finds the line taken and is told so.
 */
import { and, eq, lt } from 'drizzle-orm';
import type { PaymentState } from '../../shared/contract/checkout';
import type { TabPayInput, TabPaymentStarted } from '../../shared/contract/table-tab';
import { text, type SettingsMap } from '../../shared/contract/settings';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { publish } from '../events/bus';
import { say } from '../i18n/messages';
import type { Payments } from '../payments';
import type { StartedPayment } from '../payments/provider';
import { newSecret } from '../orders/secrets';
import { FieldErrors, HttpError } from '../plugins/errors';
import type { Actor } from '../staff/audit';
import { record } from '../staff/audit';
import { lockTable, paysOnline, tabFacts, type TabFacts, type TabTable } from './tab';

/** Where a tab's card payment comes back to: the table's page. */
export const TAB_RETURN_PATH = '/table';

type Target = { kind: 'lines'; ids: number[]; cents: number } | { kind: 'share'; splitId: number; part: number; cents: number };

/** Every line still owed, with what they owe together: what a split takes, or staff take at the table. */
function allOpen(facts: TabFacts): { ids: number[]; cents: number } {
  const open = facts.orders.flatMap((o) => o.lines).filter((l) => l.state === 'open');
  return { ids: open.map((l) => l.id), cents: open.reduce((sum, l) => sum + l.dueCents, 0) };
}

/** Lines as they stand in the tab now, with what they owe together; a line not open any more is a 409. */
function linesTarget(facts: TabFacts, lineIds: readonly number[], lang: string): { ids: number[]; cents: number } {
  const ids = [...new Set(lineIds)];
  if (!ids.length) throw new FieldErrors({ lines: [say(lang, 'tab.chooseLines')] });
  const line = new Map(facts.orders.flatMap((o) => o.lines).map((l) => [l.id, l]));
  if (ids.some((id) => !line.has(id))) throw new FieldErrors({ lines: [say(lang, 'tab.unknownLine')] });
  if (ids.some((id) => line.get(id)?.state !== 'open')) throw new HttpError(409, say(lang, 'tab.lineTaken'));
  return { ids, cents: ids.reduce((sum, id) => sum + (line.get(id)?.dueCents ?? 0), 0) };
}

/** What the diner asked to pay, as it stands in the tab now; a line or share already taken is a 409. */
function targetOf(facts: TabFacts, input: Pick<TabPayInput, 'lines' | 'share'>, lang: string): Target {
  if (!input.share) return { kind: 'lines', ...linesTarget(facts, input.lines ?? [], lang) };
  const share = facts.split?.shares.find((s) => s.state === 'open');
  if (!facts.split || !share) throw new HttpError(409, say(lang, 'tab.noShareOpen'));
  return { kind: 'share', splitId: facts.split.id, part: share.part, cents: share.cents };
}

/**
 * Whether what is open now is still what the payment was planned for: the same lines at the same
 * dues; for a share, any open share will do (two phones paying a share each get two), as long
 * as a provider asked beforehand for the amount gets that amount.
 */
const stillFits = (now: Target, planned: Target, amountFixed: boolean) =>
  now.kind === 'lines' && planned.kind === 'lines'
    ? now.cents === planned.cents && now.ids.join() === planned.ids.join()
    : now.kind === planned.kind && (!amountFixed || now.cents === planned.cents);

export interface TabPayContext {
  db: Db;
  payments: Payments;
  settings: SettingsMap;
  table: TabTable;
  lang: string;
}

/** Starts a card payment of some lines or of the next open share; the phone then goes to the provider's page. */
export async function payTab(ctx: TabPayContext, input: TabPayInput): Promise<TabPaymentStarted> {
  const { db, payments, table, lang } = ctx;
  const provider = payments.byId(input.paymentType);
  if (!paysOnline(provider)) throw new FieldErrors({ paymentType: [say(lang, 'tab.payOnline')] });
  if (input.share && input.lines?.length) throw new FieldErrors({ lines: [say(lang, 'tab.chooseLines')] });
  const planned = targetOf(await tabFacts(db, table.id, lang), input, lang);
  if (planned.cents <= 0) throw new HttpError(409, say(lang, 'tab.nothingOpen'));
  if (provider.minimumCents && planned.cents < provider.minimumCents) throw new FieldErrors({ paymentType: [say(lang, 'tab.belowMinimum')] });
  const start = {
    orderCode: table.code,
    amountCents: planned.cents,
    currency: text(ctx.settings, 'CURRENCY') || 'EUR',
    description: table.name,
    orderUrl: TAB_RETURN_PATH,
    shopName: text(ctx.settings, 'SITE_TITLE'),
    lang,
    // Each press is its own attempt: a repeated press finds its lines taken by the first.
    retryKey: newSecret(),
    returnPath: TAB_RETURN_PATH,
  };
  let opened: StartedPayment | undefined;
  if (provider.open) {
    try {
      opened = await provider.open(start);
    } catch (err) {
      // 503: the phone may try again; nothing was written.
      throw new HttpError(503, say(lang, 'payment.providerDown'), { cause: err });
    }
  }
  return db.transaction(async (tx) => {
    await lockTable(tx, table.id);
    const target = targetOf(await tabFacts(tx, table.id, lang), input, lang);
    // Someone paid or ordered in between: the amount the provider was asked for no longer fits.
    if (!stillFits(target, planned, opened !== undefined)) throw new HttpError(409, say(lang, 'tab.lineTaken'));
    const started = await provider.start(tx, { ...start, amountCents: target.cents }, opened);
    const [payment] = await tx
      .insert(t.tabPayments)
      .values({
        tableId: table.id,
        splitId: target.kind === 'share' ? target.splitId : null,
        part: target.kind === 'share' ? target.part : null,
        method: 'card',
        provider: provider.id,
        session: started.session,
        state: 'pending',
        amountCents: target.cents,
        payer: input.name,
      })
      .returning({ id: t.tabPayments.id });
    if (!payment) throw new Error('tab payment insert returned nothing');
    if (target.kind === 'lines') await tx.insert(t.tabClaims).values(target.ids.map((id) => ({ orderLineId: id, tableId: table.id, paymentId: payment.id })));
    await publish(tx, { type: 'table', table: table.id });
    return { url: started.url, session: started.session };
  });
}

const SETTLED: Partial<Record<PaymentState, 'paid' | 'failed' | 'cancelled'>> = { paid: 'paid', failed: 'failed', cancelled: 'cancelled', refunded: 'failed' };

/** Records what the provider says about a pending tab payment; a failed one lets its lines go. */
async function settle(db: Db, paymentId: number, tableId: number, state: PaymentState): Promise<void> {
  const to = SETTLED[state];
  if (!to) return;
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(t.tabPayments)
      .set({ state: to, updatedAt: new Date() })
      .where(and(eq(t.tabPayments.id, paymentId), eq(t.tabPayments.state, 'pending')))
      .returning({ id: t.tabPayments.id });
    if (!moved.length) return;
    if (to !== 'paid') await tx.delete(t.tabClaims).where(eq(t.tabClaims.paymentId, paymentId));
    await publish(tx, { type: 'table', table: tableId });
  });
}

/**
 * A tab payment by its provider's session, wherever the phone comes back to or the provider's
 * notice arrives: settled while pending with what the provider says (`told`, when its notice
 * said it). Null when the session is no tab payment (an order's, or none).
 */
export async function settleTabSession(db: Db, payments: Payments, providerId: string, session: string, told?: PaymentState) {
  const provider = payments.byId(providerId);
  const [payment] = provider
    ? await db
        .select({ id: t.tabPayments.id, tableId: t.tabPayments.tableId, state: t.tabPayments.state })
        .from(t.tabPayments)
        .where(and(eq(t.tabPayments.session, session), eq(t.tabPayments.provider, provider.id)))
    : [];
  if (!provider || !payment) return null;
  if (payment.state !== 'pending') return payment;
  await settle(db, payment.id, payment.tableId, told ?? (await provider.status(db, session)));
  const [after] = await db.select({ state: t.tabPayments.state }).from(t.tabPayments).where(eq(t.tabPayments.id, payment.id));
  return { ...payment, state: after?.state ?? payment.state };
}

/** The phone is back from the provider's page: the URL proves nothing, so the provider is asked. */
export async function checkTabPayment(db: Db, payments: Payments, tableId: number, providerId: string, session: string, lang: string) {
  const payment = await settleTabSession(db, payments, providerId, session);
  if (!payment || payment.tableId !== tableId) throw new HttpError(404, say(lang, 'payment.unknown'));
  return payment.state;
}

/** Tab payments nobody came back for: after the provider's session timeout, the provider is asked once more. */
export async function settleStaleTabPayments(db: Db, payments: Payments, olderThanMinutes: number, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - olderThanMinutes * 60_000);
  const stale = await db
    .select({ id: t.tabPayments.id, tableId: t.tabPayments.tableId, provider: t.tabPayments.provider, session: t.tabPayments.session })
    .from(t.tabPayments)
    .where(and(eq(t.tabPayments.state, 'pending'), eq(t.tabPayments.method, 'card'), lt(t.tabPayments.createdAt, cutoff)));
  for (const p of stale) {
    const provider = p.provider ? payments.byId(p.provider) : undefined;
    if (!provider || !p.session) continue;
    await settle(db, p.id, p.tableId, await provider.status(db, p.session));
  }
}

/** The table splits what is open evenly: the split holds those lines, and each share is paid once. */
export async function splitTab(db: Db, table: TabTable, parts: number, lang: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx, table.id);
    const facts = await tabFacts(tx, table.id, lang);
    if (facts.split) throw new HttpError(409, say(lang, 'tab.alreadySplit'));
    const open = allOpen(facts);
    if (open.cents <= 0) throw new HttpError(409, say(lang, 'tab.nothingOpen'));
    const [split] = await tx.insert(t.tabSplits).values({ tableId: table.id, parts, totalCents: open.cents }).returning({ id: t.tabSplits.id });
    if (!split) throw new Error('split insert returned nothing');
    await tx.insert(t.tabClaims).values(open.ids.map((id) => ({ orderLineId: id, tableId: table.id, splitId: split.id })));
    await publish(tx, { type: 'table', table: table.id });
  });
}

/** A split made by mistake ("we are three, not two") is undone while none of its shares is paid or under way. */
export async function cancelSplit(db: Db, tableId: number, lang: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx, tableId);
    const facts = await tabFacts(tx, tableId, lang);
    if (!facts.split) throw new HttpError(409, say(lang, 'tab.noShareOpen'));
    if (facts.split.shares.some((s) => s.state !== 'open')) throw new HttpError(409, say(lang, 'tab.splitStarted'));
    await tx.update(t.tabSplits).set({ cancelledAt: new Date() }).where(eq(t.tabSplits.id, facts.split.id));
    await tx.delete(t.tabClaims).where(eq(t.tabClaims.splitId, facts.split.id));
    await publish(tx, { type: 'table', table: tableId });
  });
}

/**
 * Staff took payment at the table (cash, or their own card terminal): the chosen open lines, or
 * everything open: every open line and every open share. What a card payment under way holds is
 * left to it.
 */
export async function settleAtTable(db: Db, actor: Actor, table: TabTable, lineIds: number[] | undefined, lang: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTable(tx, table.id);
    const facts = await tabFacts(tx, table.id, lang);
    const chosen = Boolean(lineIds?.length);
    const { ids: lines, cents: lineCents } = chosen ? linesTarget(facts, lineIds ?? [], lang) : allOpen(facts);
    const shares = chosen ? [] : (facts.split?.shares.filter((s) => s.state === 'open') ?? []);
    if (!lines.length && !shares.length) throw new HttpError(409, say(lang, 'tab.nothingOpen'));
    const base = { tableId: table.id, method: 'table' as const, state: 'paid' as const, payer: actor.name };
    if (lines.length) {
      const [payment] = await tx.insert(t.tabPayments).values({ ...base, amountCents: lineCents }).returning({ id: t.tabPayments.id });
      if (!payment) throw new Error('tab payment insert returned nothing');
      await tx.insert(t.tabClaims).values(lines.map((id) => ({ orderLineId: id, tableId: table.id, paymentId: payment.id })));
    }
    if (shares.length && facts.split) {
      const splitId = facts.split.id;
      await tx.insert(t.tabPayments).values(shares.map((s) => ({ ...base, splitId, part: s.part, amountCents: s.cents })));
    }
    const cents = lineCents + shares.reduce((sum, s) => sum + s.cents, 0);
    await record(tx, actor, 'table.settled', table.name, { cents, lines: lines.length, shares: shares.length });
    await publish(tx, { type: 'table', table: table.id });
  });
}
