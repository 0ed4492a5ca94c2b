import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { DeliverType, Order, OrderStatus, PaymentState } from '../../shared/contract/checkout';
import type { CheckoutLine } from '../../shared/contract/order';
import { fromCents } from '../../shared/pricing';
import type { Db } from '../db/client';
import * as t from '../db/schema';
import { say, statusText } from '../i18n/messages';
import { REJECT_REASONS, type BoardOrder, type RejectReason } from '../../shared/contract/staff';
import { paymentMethodName } from '../payments';

type OrderRow = typeof t.orders.$inferSelect;
type LineRow = typeof t.orderLines.$inferSelect;

/** What an order is shown with besides its own row. */
export interface OrderParts {
  /** Only what is shown: a new order's lines are shown from what is being written. */
  lines: Pick<LineRow, 'type' | 'name' | 'qty' | 'unitCents' | 'priceCents' | 'details' | 'choice'>[];
  paymentState: PaymentState | undefined;
  table: { code: string; name: string } | undefined;
}

/** One order as the API shows it, from rows already at hand (a new order's before the database drew its id). */
export function orderOut(o: Omit<OrderRow, 'id'>, parts: OrderParts, lang: string): Order {
  const deliverType = o.deliverType as DeliverType;
  const status = o.status as OrderStatus;
  return {
    code: o.code,
    status,
    statusText: statusText(status, lang),
    createdAt: o.createdAt.toISOString(),
    deliverAt: o.deliverAt ? o.deliverAt.toISOString() : null,
    deliverType,
    takeaway: deliverType === 'takeaway',
    issueInvoice: o.issueInvoice,
    notes: o.notes,
    avoids: o.avoids ?? null,
    table: parts.table ? { code: parts.table.code, name: parts.table.name } : null,
    customer: { name: o.name, email: o.email, phone: o.phone },
    items: parts.lines.map((l) => ({
      type: l.type,
      name: l.name,
      qty: l.qty,
      unitPrice: fromCents(l.unitCents),
      price: fromCents(l.priceCents),
      product: l.type === 'productItem' ? l.name : null,
      size: l.details.size,
      extras: l.details.extras,
      options: l.details.options,
      menu: l.details.menu,
      codes: l.details.codes ?? [],
      // Stored as sent and validated when the order was placed (price-lines.ts).
      again: l.choice as CheckoutLine,
    })),
    payment: {
      method: o.paymentMethod,
      methodName: paymentMethodName(o.paymentMethod, lang),
      state: parts.paymentState ?? 'pending',
      price: fromCents(o.totalCents),
      cartTotal: fromCents(o.subtotalCents),
      discount: fromCents(o.discountCents),
      deliver: fromCents(o.deliveryCents),
      tax: fromCents(o.taxCents),
      taxItems: o.taxItems.map((x) => ({
        name: x.name,
        amount: x.amount,
        base: x.baseCents === undefined ? null : fromCents(x.baseCents),
        value: fromCents(x.valueCents),
        inclusive: x.inclusive,
      })),
      tip: fromCents(o.tipCents),
    },
    address:
      deliverType === 'delivery' ? { area: o.areaName, address: o.address, zipcode: o.zipcode, extras: o.addressExtras } : null,
    promisedAt: o.promisedAt ? o.promisedAt.toISOString() : null,
    rejectReason: rejectionText(o, lang),
    car: o.car,
    arrivedAt: o.arrivedAt ? o.arrivedAt.toISOString() : null,
    arrivalSeenAt: o.arrivalSeenAt ? o.arrivalSeenAt.toISOString() : null,
  };
}

function rejectionText(o: Pick<OrderRow, 'status' | 'rejectReason' | 'rejectNote'>, lang: string): string | null {
  if (o.status !== 'rejected' || !o.rejectReason) return null;
  const reason = (REJECT_REASONS as readonly string[]).includes(o.rejectReason) ? say(lang, `reject.${o.rejectReason as RejectReason}`) : '';
  return [reason, o.rejectNote ?? ''].filter(Boolean).join(' ');
}

/** The board's view: the diner's order plus what the kitchen tracks. */
export function boardOrderOut(o: OrderRow, parts: OrderParts, lang: string): BoardOrder {
  return {
    ...orderOut(o, parts, lang),
    acknowledgedAt: o.acknowledgedAt ? o.acknowledgedAt.toISOString() : null,
    prepMinutes: o.prepMinutes,
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** Orders with their lines, payment and table, in one round of queries. */
export async function ordersOut(db: Db, rows: OrderRow[], lang: string): Promise<Order[]> {
  return ordersWith(db, rows, lang, orderOut);
}

export async function boardOrdersOut(db: Db, rows: OrderRow[], lang: string): Promise<BoardOrder[]> {
  return ordersWith(db, rows, lang, boardOrderOut);
}

async function ordersWith<T>(db: Db, rows: OrderRow[], lang: string, out: (o: OrderRow, parts: OrderParts, lang: string) => T): Promise<T[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const tableIds = [...new Set(rows.flatMap((r) => (r.tableId === null ? [] : [r.tableId])))];
  const [lineRows, paymentRows, tableRows] = await Promise.all([
    db.select().from(t.orderLines).where(inArray(t.orderLines.orderId, ids)).orderBy(asc(t.orderLines.position)),
    db.select().from(t.payments).where(inArray(t.payments.orderId, ids)).orderBy(desc(t.payments.id)),
    tableIds.length ? db.select().from(t.diningTables).where(inArray(t.diningTables.id, tableIds)) : Promise.resolve([]),
  ]);
  return rows.map((o) =>
    out(
      o,
      {
        lines: lineRows.filter((l) => l.orderId === o.id),
        paymentState: paymentRows.find((p) => p.orderId === o.id)?.state as PaymentState | undefined,
        table: tableRows.find((x) => x.id === o.tableId),
      },
      lang,
    ),
  );
}

export async function orderByCode(db: Db, code: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(t.orders).where(eq(t.orders.code, code));
  return row;
}
