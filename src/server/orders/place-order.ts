/**
 * `POST /checkout/v2`: validate, price on the server, store once.
 *
 * Exactly once: the device's Idempotency-Key is claimed by the same statement that stores the
 * order and everything it leaves (decision 041). A concurrent request with the same key blocks on
 * that row until the first commits, then writes nothing and replays the stored answer; if the
 * first failed, the key is free again. A key seen before with another payload is refused.
 */
import { and, eq, getTableColumns, getTableName, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  checkoutSchema,
  IDEMPOTENCY_KEY,
  MIN_SCHEDULE_LEAD_MINUTES,
  MAX_SCHEDULE_DAYS,
  type CheckoutContext,
  type CheckoutLine,
  type CheckoutResult,
  type DeliverType,
  type OrderStatus,
} from '../../shared/contract/checkout';
import { isOn, restaurantIsActive, text, timeZoneOf } from '../../shared/contract/settings';
import { localDateTimeToInstant, openingState } from '../../shared/opening-hours';
import { cartTotals, deliveryFee, loyaltyDiscount, minimumOrderShortfall, normaliseTip, toCents } from '../../shared/pricing';
import type { UserRow } from '../auth/tokens';
import { spendPoints } from '../loyalty/ledger';
import type { Db } from '../db/client';
import { decideDeliveryArea, decidePinnedArea } from '../geo/delivery-area';
import type { Geocoder } from '../geo/geocoder';
import * as t from '../db/schema';
import { formatDateTimeFor, formatMoneyFor, say } from '../i18n/messages';
import type { Payments } from '../payments';
import type { StartedPayment } from '../payments/provider';
import { FieldErrors, HttpError } from '../plugins/errors';
import { areaOut } from '../catalog/out';
import { catalogSnapshot } from '../catalog/snapshot';
import { liveEventParts } from '../events/bus';
import { preparedStatement, type PreparedStatement } from '../db/prepared';
import { holdsAt } from '../staff/availability';
import { soldOutNames } from '../../shared/availability';
import { pauseScopeOf, type LiveEventData } from '../../shared/contract/staff';
import { tableSessionFor } from '../tables/sessions';
import { sharedAvoids } from './avoids';
import { readCheckoutBody } from './checkout-body';
import { orderMailOf, orderMailSql, type OrderMail } from './mail-outbox';
import { readForOrder, readStoredAnswer, type StoredAnswer } from './order-reads';
import { orderOut } from './order-out';
import { priceLines, type PricedLine } from './price-lines';
import { checkOrderTotal, consumeOrderAllowance, DEFAULT_ORDER_LIMITS, type OrderLimits } from './order-limits';
import { newOrderCode, newSecret, sameHash, sha256, stableStringify } from './secrets';

/** Kept at least 24 hours (the issue's floor); a day more covers a phone left in a drawer over a weekend night. */
export const IDEMPOTENCY_RETENTION_HOURS = 48;

export interface PlaceOrderInput {
  body: unknown;
  lang: string;
  idempotencyKey: string | undefined;
  /** The bearer token: a table session's token for table orders, a customer's otherwise. */
  bearer: string | null;
  /** The signed-in customer the bearer token belongs to, if any. */
  user?: UserRow;
  /** Finds where a typed delivery address is, so the server decides its area. */
  geocoder: Geocoder;
  /** The client's network address, for the flood limits. */
  ip: string;
  limits?: OrderLimits;
  /** The providers this deployment offers. */
  payments: Payments;
  now?: Date;
}

export interface PlaceOrderResult {
  statusCode: number;
  body: { data: CheckoutResult };
  replayed: boolean;
}

const DELIVER_TYPE_SETTING: Record<Exclude<DeliverType, 'table'>, Parameters<typeof isOn>[1]> = {
  delivery: 'ALLOW_DELIVERY',
  takeaway: 'ALLOW_TAKEAWAY',
  curbside: 'ALLOW_CURBSIDE',
};

function replay(stored: StoredAnswer | null, requestHash: string, lang: string): PlaceOrderResult | null {
  if (!stored) return null;
  if (!sameHash(stored.requestHash, requestHash)) throw new FieldErrors({ idempotencyKey: [say(lang, 'checkout.keyReused')] });
  return { statusCode: stored.statusCode, body: stored.response as PlaceOrderResult['body'], replayed: true };
}

class PointsChanged extends Error {}
/** Another request with the same Idempotency-Key committed first. */
class KeyTaken extends Error {}

/** 503: the outbox on the device retries a 5xx with the same key, and the provider's idempotency makes that safe. */
class ProviderUnavailable extends HttpError {
  constructor(message: string, cause: unknown) {
    super(503, message);
    this.cause = cause;
  }
}

/**
 * The body as the idempotency key remembers it: the shown total is what the diner acknowledged,
 * not what they ordered, so a retry of a placed order replays it whatever total that retry carries.
 */
function withoutShownTotal(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const rest: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  delete rest.shownTotal;
  return rest;
}

function deliverTypeOf(body: unknown): unknown {
  return body !== null && typeof body === 'object' ? (body as { deliverType?: unknown }).deliverType : undefined;
}

export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const { lang } = input;
  const now = input.now ?? new Date();
  const key = input.idempotencyKey?.trim() ?? '';
  if (!IDEMPOTENCY_KEY.test(key)) throw new FieldErrors({ idempotencyKey: [say(lang, 'checkout.keyMissing')] });
  const requestHash = sha256(stableStringify({ body: withoutShownTotal(input.body), bearer: input.bearer ? sha256(input.bearer) : null }));
  // One statement when nothing changed: the revision (prices, settings and hours come from the
  // snapshot), an earlier answer under this key, and the pauses and sold-out switches.
  const reads = await readForOrder(db, key, now);
  const earlier = replay(reads.earlier, requestHash, lang);
  if (earlier) return earlier;

  const atTable = deliverTypeOf(input.body) === 'table';
  // At a table the bearer is the table's session; elsewhere it may be a customer's.
  const account = atTable ? undefined : input.user;
  const snapshot = catalogSnapshot(db);
  const { revision } = reads;
  const { settings, hours } = await snapshot.setup(revision);
  // A guest's delivery in the new address system is found from the marked place (decision 020).
  const pinned = !atTable && !account && isOn(settings, 'USES_NEW_ADDRESS_SYSTEM');
  const context: CheckoutContext = { guest: !atTable && !account, account: Boolean(account), newAddress: pinned };
  const values = (await readCheckoutBody(input.body, context)) ?? (await checkoutSchema.validate(input.body, { abortEarly: false, stripUnknown: true, context }));
  const items = values.items as CheckoutLine[];

  const catalog = await snapshot.pricing(revision, lang);
  if (!restaurantIsActive(settings)) {
    throw new FieldErrors({ restaurant: [say(lang, 'checkout.inactive')] });
  }

  // Who may check out (spec §6): a table diner with a live session, or a guest when allowed.
  let tableSession: Awaited<ReturnType<typeof tableSessionFor>>;
  if (atTable) {
    if (!values.table) throw new FieldErrors({ table: [say(lang, 'checkout.tableRequired')] });
    tableSession = input.bearer ? await tableSessionFor(db, input.bearer, values.table, now) : undefined;
    if (!tableSession) throw new HttpError(401, say(lang, 'checkout.tableSessionEnded'));
  } else if (!account && !isOn(settings, 'ALLOW_GUEST_CHECKOUT')) {
    throw new HttpError(401, say(lang, 'checkout.loginRequired'));
  }

  const errors: Record<string, string[]> = {};
  const deliverType = values.deliverType as DeliverType;
  if (deliverType !== 'table' && !isOn(settings, DELIVER_TYPE_SETTING[deliverType])) {
    errors.deliverType = [say(lang, 'checkout.deliverTypeOff')];
  }
  if (values.useProfit && !account) errors.useProfit = [say(lang, 'checkout.pointsNeedAccount')];
  else if (values.useProfit && !isOn(settings, 'LOYALTY_SYSTEM')) errors.useProfit = [say(lang, 'checkout.loyaltyOff')];
  // Points asked for but none left: another order spent them since the customer looked; say so rather than charge in full.
  else if (values.useProfit && account && account.profitCents <= 0) errors.useProfit = [say(lang, 'checkout.pointsChanged')];
  if (values.addressId !== null && !account) errors.addressId = [say(lang, 'checkout.savedAddressNeedsAccount')];
  // The form hides the tip while the restaurant takes none: a tip sent anyway is not charged silently.
  if (normaliseTip(values.tip) > 0 && !isOn(settings, 'ALLOW_TIP')) errors.tip = [say(lang, 'checkout.tipOff')];

  const provider = input.payments.byId(values.paymentType);
  if (!provider) errors.paymentType = [say(lang, 'checkout.unknownProvider')];
  else if (!provider.supports(deliverType)) errors.paymentType = [say(lang, 'checkout.providerNotForType')];

  const priced = priceLines(catalog, lang, items);
  Object.assign(errors, priced.errors);
  const subtotal = priced.lines.reduce((sum, l) => sum + l.priceCents, 0);

  let area: typeof t.areas.$inferSelect | undefined;
  let destination = { address: values.address, zipcode: values.zipcode, extras: values.extras, buildingCode: values.buildingCode };
  if (deliverType === 'delivery' && account && values.addressId !== null) {
    const [saved] = await db
      .select({ address: t.addresses, area: t.areas })
      .from(t.addresses)
      .innerJoin(t.areas, eq(t.areas.id, t.addresses.areaId))
      .where(and(eq(t.addresses.id, values.addressId), eq(t.addresses.userId, account.id)));
    if (!saved) errors.addressId = [say(lang, 'checkout.unknownAddress')];
    else {
      area = saved.area;
      destination = { address: saved.address.address, zipcode: saved.address.zipcode, extras: saved.address.extras, buildingCode: saved.address.buildingCode };
    }
  } else if (deliverType === 'delivery' && pinned) {
    // Whatever area the body names is ignored: the marked place decides the area, and so the fee and the minimum.
    if (!values.coordinates) errors.address = [say(lang, 'address.markLocation')];
    else if (values.address) {
      const decided = await decidePinnedArea(db, input.geocoder, { address: values.address, coordinates: values.coordinates }, lang);
      if (decided.errors) Object.assign(errors, decided.errors);
      else {
        area = decided.area;
        destination = { ...destination, zipcode: decided.zipcode };
      }
    }
  } else if (deliverType === 'delivery' && values.areaId !== null) {
    const [chosen] = await db.select({ id: t.areas.id }).from(t.areas).where(eq(t.areas.id, values.areaId));
    if (!chosen) errors.areaId = [say(lang, 'checkout.unknownArea')];
    else if (values.address) {
      // The fee and the minimum are the area's that serves the address, not the one picked from the list.
      const decided = await decideDeliveryArea(db, input.geocoder, { address: values.address, coordinates: null, chosenAreaId: values.areaId }, lang);
      if (decided.errors) Object.assign(errors, decided.errors);
      else {
        area = decided.area;
        destination = { ...destination, zipcode: decided.zipcode };
      }
    }
  }
  const deliveryArea = area ? areaOut(area) : null;
  const currency = text(settings, 'CURRENCY') || 'EUR';
  const shortfall = Object.keys(priced.errors).length ? 0 : minimumOrderShortfall(deliveryArea, subtotal);
  if (area && shortfall > 0) {
    errors[values.addressId !== null ? 'addressId' : pinned ? 'address' : 'areaId'] = [
      say(lang, 'checkout.minimumOrder', {
        area: area.name,
        minimum: formatMoneyFor(lang, area.minimumOrderCents, currency),
        missing: formatMoneyFor(lang, shortfall, currency),
      }),
    ];
  }

  const timeZone = timeZoneOf(settings);
  let deliverAt: Date | null = null;
  if (values.deliverAt === 'now') {
    const state = openingState(hours.ranges, now, timeZone, hours.closedDays);
    if (!state.isOpenNow) {
      errors.deliverAt = [
        state.nextOpen
          ? say(lang, 'checkout.closedNow', { next: formatDateTimeFor(lang, state.nextOpen, timeZone) })
          : say(lang, 'checkout.closedNowNoNext'),
      ];
    }
  } else {
    deliverAt = localDateTimeToInstant(values.deliverDate ?? '', timeZone);
    const ms = deliverAt?.getTime() ?? NaN;
    if (!deliverAt) errors.deliverDate = [say(lang, 'validation.dateFormat')];
    else if (ms < now.getTime() + MIN_SCHEDULE_LEAD_MINUTES * 60_000 - 60_000) {
      // A minute of grace: the picker's value is whole minutes and the request takes time.
      errors.deliverDate = [say(lang, 'checkout.timeTooSoon', { minutes: MIN_SCHEDULE_LEAD_MINUTES })];
    } else if (ms > now.getTime() + MAX_SCHEDULE_DAYS * 86_400_000) {
      errors.deliverDate = [say(lang, 'checkout.timeTooLate', { days: MAX_SCHEDULE_DAYS })];
    } else if (!openingState(hours.ranges, deliverAt, timeZone, hours.closedDays).isOpenNow) {
      errors.deliverDate = [say(lang, 'checkout.timeClosed')];
    }
  }

  // Pause and sold-out switches hold for what is due before they end: a pre-order after them goes through.
  const holds = await holdsAt(db, deliverAt ?? now, now, reads.holds);
  const pausedUntil = holds.pausedUntil(pauseScopeOf(deliverType));
  if (pausedUntil) {
    errors[deliverType === 'table' ? 'table' : 'deliverType'] = [
      say(lang, deliverType === 'table' ? 'checkout.pausedTable' : 'checkout.paused', { until: formatDateTimeFor(lang, pausedUntil, timeZone) }),
    ];
  }
  for (const line of priced.cartLines) {
    const names = soldOutNames(line, holds.soldOut);
    if (names.length) errors[`items[${line.id}]`] = [say(lang, 'checkout.soldOut', { name: names.join(', ') })];
  }

  if (Object.keys(errors).length || !provider) throw new FieldErrors(errors);

  const fee = deliveryFee(deliveryArea, subtotal, deliverType);
  // Spec §5: the whole balance, and only when the cart price is at least the balance plus 1 €.
  const balanceSeen = account?.profitCents ?? 0;
  const discount = values.useProfit && account ? loyaltyDiscount(balanceSeen, subtotal + fee) : 0;
  const totals = cartTotals({
    lines: priced.cartLines,
    deliveryFee: fee,
    discount,
    taxes: catalog.taxes,
    tip: normaliseTip(values.tip),
  });
  // Decision 022: a cart priced from an older catalog hears the new total before anything is created
  // or charged; nothing is stored under the key, so the retry with the total it acknowledged goes through.
  if (values.shownTotal !== undefined && toCents(values.shownTotal) !== totals.total) {
    throw new FieldErrors({ shownTotal: [say(lang, 'checkout.priceChanged', { total: formatMoneyFor(lang, totals.total, currency) })] });
  }
  if (provider.minimumCents !== undefined && totals.total < provider.minimumCents) {
    throw new FieldErrors({ paymentType: [say(lang, 'checkout.amountTooSmall')] });
  }

  const limits = input.limits ?? DEFAULT_ORDER_LIMITS;
  checkOrderTotal(totals.total, limits, lang, currency);
  const email = (values.email || (account?.email ?? '')).toLowerCase();
  await consumeOrderAllowance(db, { ip: input.ip, tableSessionId: tableSession?.session.id ?? null, email }, limits, lang);

  const avoids = await sharedAvoids(db, snapshot, revision, values.avoids);
  const accessKey = newSecret();
  const code = newOrderCode();
  const orderUrl = `/orders/${code}?key=${accessKey}`;
  const paymentStart = {
    orderCode: code,
    amountCents: totals.total,
    currency,
    description: `#${code}`,
    orderUrl,
    shopName: text(settings, 'SITE_TITLE'),
    lang,
    retryKey: sha256(`${key}:${requestHash}`),
  };
  // A provider behind the network is asked before the transaction, so the transaction never waits
  // on it. Should the transaction then fail or lose a race, the session is never shown to anyone
  // and expires at the provider.
  let opened: StartedPayment | undefined;
  if (provider.open) {
    try {
      opened = await provider.open(paymentStart);
    } catch (err) {
      throw new ProviderUnavailable(say(lang, 'payment.providerDown'), err);
    }
  }
  // Outside any transaction: a payment session the statement below does not use (it lost the key's
  // race, or failed) is never shown to anyone and expires, at a card provider as in the sandbox.
  const started = await provider.start(db, paymentStart, opened);
  const status: OrderStatus = started.state === 'pending' ? 'awaiting_payment' : 'pending_approval';
  const order: NewOrder = {
    code,
    accessKeyHash: sha256(accessKey),
    status,
    deliverType,
    deliverAt,
    name: values.name || (account?.name ?? ''),
    email,
    phone: values.phone || (account?.phone ?? ''),
    userId: account?.id ?? null,
    areaId: area?.id ?? null,
    areaName: area?.name ?? null,
    address: deliverType === 'delivery' ? destination.address : '',
    zipcode: deliverType === 'delivery' ? destination.zipcode || (area?.zipcode ?? '') : '',
    addressExtras: deliverType === 'delivery' ? destination.extras : '',
    buildingCode: deliverType === 'delivery' ? destination.buildingCode : '',
    notes: values.notes,
    avoids,
    tableId: tableSession?.table.id ?? null,
    tableSessionId: tableSession?.session.id ?? null,
    issueInvoice: isOn(settings, 'ALLOW_ISSUE_INVOICE') && values.issueInvoice,
    lang,
    subtotalCents: totals.subtotal,
    deliveryCents: totals.delivery,
    discountCents: totals.discount,
    taxCents: totals.tax,
    tipCents: totals.tip,
    totalCents: totals.total,
    taxItems: totals.taxItems.map((x) => ({
      taxId: x.taxId,
      name: x.name,
      amount: x.amount,
      baseCents: x.base,
      valueCents: x.value,
      inclusive: x.inclusive,
    })),
    paymentMethod: provider.id,
    acknowledgedAt: null,
    prepMinutes: null,
    promisedAt: null,
    rejectReason: null,
    rejectNote: null,
    car: deliverType === 'curbside' ? values.car : '',
    arrivedAt: null,
    arrivalSeenAt: null,
    createdAt: reads.at,
    updatedAt: reads.at,
  };
  // The answer is built from what is being written, before it is written: it is stored under the key in the same statement.
  const out = orderOut(order, { lines: priced.lines, paymentState: started.state, table: tableSession?.table }, lang);
  const body = { data: { order: out, url: started.url, accessKey } };
  const records: OrderRecords = {
    order,
    lines: priced.lines,
    payment: { provider: provider.id, session: started.session, state: started.state, amountCents: totals.total },
    key,
    requestHash,
    body,
    // Committed with the order; a card order's mail waits for its payment.
    mail: { accessKey, awaitingPayment: status === 'awaiting_payment' },
  };
  // One statement, atomic by itself. Points spent need a transaction: a concurrent spend rolls the order back.
  const spend = account && totals.discount > 0 ? { userId: account.id } : null;
  const created = spend
    ? await db
        .transaction(async (tx) => {
          const orderId = await storeOrder(tx, records);
          if (orderId === null) throw new KeyTaken();
          if (!(await spendPoints(tx, spend.userId, balanceSeen, totals.discount, orderId))) throw new PointsChanged();
          return true;
        })
        .catch(async (err: unknown) => {
          if (err instanceof KeyTaken) return false;
          // The same key's first request spent these points and committed: its answer is this one's.
          if (err instanceof PointsChanged) {
            if (await readStoredAnswer(db, key)) return false;
            throw new FieldErrors({ useProfit: [say(lang, 'checkout.pointsChanged')] });
          }
          throw err;
        })
    : (await storeOrder(db, records)) !== null;

  if (created) return { statusCode: 201, body, replayed: false };
  // Another request with this key committed while this one was validating.
  const raced = replay(await readStoredAnswer(db, key), requestHash, lang);
  if (!raced) throw new Error('idempotency key vanished');
  return raced;
}

type NewOrder = Omit<typeof t.orders.$inferSelect, 'id'>;

interface OrderRecords {
  order: NewOrder;
  lines: PricedLine[];
  payment: { provider: string; session: string; state: string; amountCents: number };
  key: string;
  requestHash: string;
  body: unknown;
  mail: { accessKey: string; awaitingPayment: boolean };
}

/** Inside storeOrder's statement: this request holds the key. */
const KEY_CLAIMED = sql`exists (select 1 from claimed)`;
/** Inside storeOrder's statement: the new order's id, drawn with the key. */
const ORDER_ID = sql`(select id from claimed)`;

const columns = (list: readonly AnyPgColumn[]): SQL => sql.join(list.map((c) => sql.identifier(c.name)), sql`, `);
const ORDER_FIELDS = Object.entries(getTableColumns(t.orders)).filter(([, c]) => c.name !== t.orders.id.name);
const ORDER_COLUMNS = columns(ORDER_FIELDS.map(([, c]) => c));
const LINE_COLUMNS = [t.orderLines.position, t.orderLines.type, t.orderLines.productId, t.orderLines.menuId, t.orderLines.sizeId, t.orderLines.name, t.orderLines.qty, t.orderLines.unitCents, t.orderLines.priceCents, t.orderLines.choice, t.orderLines.details];

/** A placeholder of storeOrder's statement, as a value inside the `sql` template. */
const value = (name: keyof StoreOrderValues): SQL => sql`${sql.placeholder(name)}`;

interface StoreOrderValues {
  key: string;
  requestHash: string;
  body: string;
  order: string;
  lines: string;
  provider: string;
  session: string;
  paymentState: string;
  amountCents: number;
  status: string;
  mailKey: string;
  live: string;
}

/**
 * A new order and everything it leaves, in one statement: the answer under its Idempotency-Key
 * (claimed first, drawing the order's id), the order, its lines, its payment, its first status
 * event, its live event and its confirmation mail. Rows cross as JSON keyed by column name, so each
 * table's own row type converts every field. When another request holds the key nothing is
 * written and it returns null; the id drawn for nothing leaves a gap, as a rolled-back insert would.
 * The text is built once per kind of mail (decision 043).
 */
function storeOrderSql(mail: OrderMail): SQL {
  const o = t.orders;
  const l = t.orderLines;
  const p = t.payments;
  const e = t.orderEvents;
  const k = t.idempotencyKeys;
  const mailCte = mail === 'none' ? sql`` : sql`${orderMailSql(mail, { orderId: ORDER_ID, accessKey: value('mailKey') }, KEY_CLAIMED)}, `;
  const live = liveEventParts('orders', value('live'), KEY_CLAIMED);
  return sql`with claimed as (
      insert into ${k} (${columns([k.key, k.requestHash, k.statusCode, k.response, k.orderId])})
      values (${value('key')}, ${value('requestHash')}, 201, ${value('body')}::jsonb, nextval(pg_get_serial_sequence(${getTableName(o)}, ${o.id.name})))
      on conflict do nothing returning ${sql.identifier(k.orderId.name)} as id
    ), new_order as (
      insert into ${o} (${sql.identifier(o.id.name)}, ${ORDER_COLUMNS})
      select ${ORDER_ID}, ${ORDER_COLUMNS} from jsonb_populate_record(null::${o}, ${value('order')}::jsonb) where ${KEY_CLAIMED}
    ), lines as (
      insert into ${l} (${sql.identifier(l.orderId.name)}, ${columns(LINE_COLUMNS)})
      select ${ORDER_ID}, ${columns(LINE_COLUMNS)} from jsonb_populate_recordset(null::${l}, ${value('lines')}::jsonb) where ${KEY_CLAIMED}
    ), payment as (
      insert into ${p} (${columns([p.orderId, p.provider, p.session, p.state, p.amountCents])})
      select ${ORDER_ID}, ${value('provider')}, ${value('session')}, ${value('paymentState')}, ${value('amountCents')} where ${KEY_CLAIMED}
    ), event as (
      insert into ${e} (${columns([e.orderId, e.fromStatus, e.toStatus, e.source])}) select ${ORDER_ID}, null, ${value('status')}, 'checkout' where ${KEY_CLAIMED}
    ), ${mailCte}${live.insert}
    select ${ORDER_ID} as id, (select ${live.notify} from live) as notified`;
}

const STORE_ORDER: Record<OrderMail, PreparedStatement<{ id: number | null }>> = {
  none: preparedStatement('store-order', () => storeOrderSql('none')),
  held: preparedStatement('store-order-mail-held', () => storeOrderSql('held')),
  queued: preparedStatement('store-order-mail-queued', () => storeOrderSql('queued')),
};

async function storeOrder(q: Db, r: OrderRecords): Promise<number | null> {
  const l = t.orderLines;
  const order = Object.fromEntries(ORDER_FIELDS.map(([field, c]) => [c.name, r.order[field as keyof NewOrder]]));
  const lines = r.lines.map((x, position) => ({
    [l.position.name]: position,
    [l.type.name]: x.type,
    [l.productId.name]: x.productId,
    [l.menuId.name]: x.menuId,
    [l.sizeId.name]: x.sizeId,
    [l.name.name]: x.name,
    [l.qty.name]: x.qty,
    [l.unitCents.name]: x.unitCents,
    [l.priceCents.name]: x.priceCents,
    [l.choice.name]: x.choice,
    [l.details.name]: x.details,
  }));
  const live: LiveEventData = { type: 'order', code: r.order.code, status: r.order.status as OrderStatus, ...(r.order.tableId ? { table: r.order.tableId } : {}) };
  const values: StoreOrderValues = {
    key: r.key,
    requestHash: r.requestHash,
    body: JSON.stringify(r.body),
    order: JSON.stringify(order),
    lines: JSON.stringify(lines),
    provider: r.payment.provider,
    session: r.payment.session,
    paymentState: r.payment.state,
    amountCents: r.payment.amountCents,
    status: r.order.status,
    mailKey: r.mail.accessKey,
    live: JSON.stringify(live),
  };
  const rows = await STORE_ORDER[orderMailOf({ email: r.order.email, awaitingPayment: r.mail.awaitingPayment })].run(q, { ...values });
  return rows[0]?.id ?? null;
}

export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  await db.delete(t.idempotencyKeys).where(lt(t.idempotencyKeys.createdAt, cutoff));
}
