import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AvoidList } from '../../shared/contract/allergen-filter';
import type { Declarations } from '../../shared/contract/catalog';
import type { OrderItemOut } from '../../shared/contract/order';
import { PREP_PRESETS, REJECT_REASONS, staffMay, type Availability, type BoardOrder, type RejectReason, type StaffMember } from '../../shared/contract/staff';
import { ApiError, get } from '../lib/api';
import { useMoney } from '../ui/money';
import { useSettings } from '../features/catalog';
import { timeZoneOf } from '../../shared/contract/settings';
import { followLive, type LiveStatus } from '../lib/live';
import { ESCALATE_AFTER_MS, soundReady, startAlert, unlockSound, type AlertKind } from './alert';
import { staffCall, staffHeaders } from './api';
import { PrinterHealth, usePrinters } from './PrinterHealth';
import { LiveBadge } from './live-list';
import { STAFF_TABLES_KEY, TableCalls, TableTabs, useStaffTables, waitingCalls } from './tables/TableService';
import { ServiceControls } from './ServiceControls';
import { keepAwake, type WakeState } from './wake-lock';
import { intlLocale } from '../../shared/i18n/locales';

const ORDERS_KEY = ['staff', 'orders'];
export const AVAILABILITY_KEY = ['staff', 'public-availability'];

/** When an order is due: the promised time once accepted, else the diner's scheduled time, else when it came in. */
function dueAt(o: BoardOrder): number {
  return Date.parse(o.promisedAt ?? o.deliverAt ?? o.createdAt);
}

/** A curbside guest said "I'm here" and nobody has gone out yet. */
function waitingOutside(o: BoardOrder): boolean {
  return o.arrivedAt !== null && !o.arrivalSeenAt && (o.status === 'approved' || o.status === 'ready');
}

const namesByKindCode = (list: Declarations): Map<string, string> =>
  new Map([...list.allergens.map((d) => [`allergen:${d.code}`, d.name] as const), ...list.additives.map((d) => [`additive:${d.code}`, d.name] as const)]);

/**
 * The names of the allergens and additives, in the staff's language, once an order on the board
 * says what its guest avoids: the storefront's short list, fetched only then. Until it arrives, or
 * without a connection, the board shows the codes alone.
 */
function useDeclarationNames(needed: boolean): ReadonlyMap<string, string> {
  const { i18n } = useLingui();
  const list = useQuery({
    queryKey: ['board', 'declarations', i18n.locale],
    queryFn: () => get<Declarations>('/declarations'),
    select: namesByKindCode,
    enabled: needed,
    staleTime: 60 * 60_000,
  });
  return list.data ?? NO_NAMES;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

/** The restaurant's calendar day of an instant (the tablet's own clock may be set to another zone). */
function localDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

export default function Board({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const orders = useQuery({ queryKey: ORDERS_KEY, queryFn: () => staffCall<BoardOrder[]>('GET', '/orders') });
  const availability = useQuery({ queryKey: AVAILABILITY_KEY, queryFn: () => get<Availability>('/availability') });
  const [live, setLive] = useState<LiveStatus>('connecting');
  const [started, setStarted] = useState(false);
  const [sound, setSound] = useState(false);
  const [wake, setWake] = useState<WakeState>('off');
  const [now, setNow] = useState(() => Date.now());
  const timeZone = timeZoneOf(useSettings());
  const printing = (usePrinters().data?.length ?? 0) > 0;
  const names = useDeclarationNames((orders.data ?? []).some((o) => o.avoids));
  const tables = useStaffTables();

  useEffect(
    () =>
      followLive({
        path: '/staff/events',
        headers: staffHeaders,
        onStatus: setLive,
        onEvent: (type) => {
          // Every (re)connect and every change: read the board again (one small query, never a reload).
          if (type === 'hello' || type === 'order') void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
          // A table's tab moves with its orders, its calls and its payments.
          if (type === 'hello' || type === 'order' || type === 'table') void queryClient.invalidateQueries({ queryKey: STAFF_TABLES_KEY });
          if (type === 'hello' || type === 'pause' || type === 'availability') void queryClient.invalidateQueries({ queryKey: ['staff'] });
        },
      }),
    [queryClient],
  );
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);

  const list = useMemo(() => orders.data ?? [], [orders.data]);
  const unseen = list.filter((o) => o.status === 'pending_approval' && !o.acknowledgedAt);
  const oldestUnseen = Math.min(...unseen.map((o) => Date.parse(o.createdAt)));
  const escalated = unseen.length > 0 && now - oldestUnseen > ESCALATE_AFTER_MS;
  const waiting = list.filter(waitingOutside);
  const calls = waitingCalls(tables.data ?? []);
  const ringing = useRef<AlertKind | null>(null);
  const loud = useRef(false);
  // A guest at the curb or at a table is waiting now; a new order can wait the few seconds it takes to go out.
  ringing.current = waiting.length ? 'arrival' : calls.length ? 'call' : unseen.length ? 'order' : null;
  loud.current = escalated;
  useEffect(() => (started ? startAlert(() => ringing.current, () => loud.current) : undefined), [started]);
  useEffect(() => (started ? keepAwake(setWake) : undefined), [started]);

  const start = async () => {
    setSound(await unlockSound());
    setStarted(true);
  };

  const today = localDay(new Date(now).toISOString(), timeZone);
  const open = list.filter((o) => ['pending_approval', 'approved', 'ready'].includes(o.status));
  // New orders wait in "New" whatever their day (someone must take them); accepted pre-orders for later days go by day,
  // unless their guest is already outside: then they are today's.
  const scheduled = open
    .filter((o) => o.status === 'approved' && o.deliverAt && localDay(o.deliverAt, timeZone) !== today && !o.arrivedAt)
    .sort((a, b) => dueAt(a) - dueAt(b));
  const current = open
    .filter((o) => !scheduled.includes(o))
    .sort((a, b) => Number(waitingOutside(b)) - Number(waitingOutside(a)) || dueAt(a) - dueAt(b));
  const done = list.filter((o) => !open.includes(o));
  const columns: { key: string; title: string; items: BoardOrder[] }[] = [
    { key: 'new', title: t`New`, items: current.filter((o) => o.status === 'pending_approval') },
    { key: 'cooking', title: t`In preparation`, items: current.filter((o) => o.status === 'approved') },
    { key: 'ready', title: t`Ready`, items: current.filter((o) => o.status === 'ready') },
  ];
  const days = new Map<string, BoardOrder[]>();
  for (const o of scheduled) {
    const label = new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone }).format(new Date(o.deliverAt ?? o.createdAt));
    days.set(label, [...(days.get(label) ?? []), o]);
  }

  return (
    <main
      className={`staff-board${unseen.length ? ' staff-board--alert' : ''}${escalated ? ' staff-board--escalated' : ''}${waiting.length ? ' staff-board--arrival' : ''}${calls.length ? ' staff-board--call' : ''}`}
    >
      <h1 className="visually-hidden">
        <Trans>Orders</Trans>
      </h1>
      <div className="staff-health" role="status" aria-live="polite">
        <span className={`staff-health__item staff-health__item--${sound && soundReady() ? 'ok' : 'bad'}`}>{sound ? t`Sound on` : t`Sound off`}</span>
        <span className={`staff-health__item staff-health__item--${wake === 'on' ? 'ok' : 'bad'}`}>
          {wake === 'on' ? t`Screen stays on` : wake === 'unsupported' ? t`Screen may sleep (not supported here)` : t`Screen may sleep`}
        </span>
        <LiveBadge live={live} />
        <PrinterHealth />
        {waiting.length ? (
          <strong className="staff-health__alert staff-health__alert--arrival" data-testid="arrival-alert">
            {t`Guest waiting outside!`} ({waiting.length})
          </strong>
        ) : null}
        {unseen.length ? (
          <strong className="staff-health__alert">
            {escalated ? t`New orders are waiting for minutes!` : t`New order!`} ({unseen.length})
          </strong>
        ) : null}
      </div>
      {!started ? (
        <div className="staff-start">
          <button type="button" className="staff-button staff-button--start" onClick={() => void start()}>
            <Trans>Start service</Trans>
          </button>
          <p>
            <Trans>Turns on the sound for new orders and keeps this screen awake.</Trans>
          </p>
        </div>
      ) : null}
      <TableCalls calls={calls} now={now} />
      <ServiceControls availability={availability.data} canPause={staffMay(me.role, 'pause')} />
      {orders.isError ? (
        <p role="alert" className="staff-error">
          <Trans>The orders could not be loaded. Retrying…</Trans>
        </p>
      ) : null}
      <div className="staff-columns">
        {columns.map((c) => (
          <section key={c.key} className={`staff-column staff-column--${c.key}`} aria-labelledby={`col-${c.key}`}>
            <h2 id={`col-${c.key}`}>
              {c.title} <span className="staff-count">{c.items.length}</span>
            </h2>
            {c.items.length ? (
              c.items.map((o) => <OrderCard key={o.code} order={o} now={now} timeZone={timeZone} today={today} printing={printing} names={names} />)
            ) : (
              <p className="staff-muted">–</p>
            )}
          </section>
        ))}
      </div>
      <TableTabs tables={tables.data ?? []} timeZone={timeZone} />
      {days.size ? (
        <section className="staff-scheduled" aria-labelledby="col-scheduled">
          <h2 id="col-scheduled">
            <Trans>Pre-orders for later days</Trans>
          </h2>
          {[...days].map(([day, items]) => (
            <div key={day} className="staff-day">
              <h3>{day}</h3>
              <div className="staff-day__cards">
                {items.map((o) => (
                  <OrderCard key={o.code} order={o} now={now} timeZone={timeZone} today={today} printing={printing} names={names} />
                ))}
              </div>
            </div>
          ))}
        </section>
      ) : null}
      {done.length ? (
        <details className="staff-done">
          <summary>
            <Trans>Finished in the last hours</Trans> ({done.length})
          </summary>
          <ul>
            {done.map((o) => (
              <li key={o.code}>
                <bdi dir="ltr">#{o.code}</bdi> · <bdi>{o.customer.name || o.table?.name}</bdi> · {o.statusText}
                {o.rejectReason ? ` · ${o.rejectReason}` : ''}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </main>
  );
}

function useOrderAction(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown }) => staffCall<BoardOrder>('POST', `/orders/${code}/${path}`, body),
    onSuccess: (order) => {
      queryClient.setQueryData<BoardOrder[]>(ORDERS_KEY, (list) => list?.map((o) => (o.code === order.code ? order : o)));
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}

interface CardProps {
  order: BoardOrder;
  now: number;
  timeZone: string;
  today: string;
  printing: boolean;
  /** Allergen and additive names by `kind:code`; may be empty. */
  names: ReadonlyMap<string, string>;
}

function OrderCard({ order, now, timeZone, today, printing, names }: CardProps) {
  const { t, i18n } = useLingui();
  const action = useOrderAction(order.code);
  const [rejecting, setRejecting] = useState(false);
  const time = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));
  const preOrder = order.deliverAt !== null && localDay(order.deliverAt, timeZone) !== today;
  const formatMoney = useMoney();
  const money = (euros: number) => formatMoney(Math.round(euros * 100));
  const kind =
    order.deliverType === 'table'
      ? (order.table?.name ?? t`Table`)
      : order.deliverType === 'delivery'
        ? t`Delivery`
        : order.deliverType === 'curbside'
          ? t`Curbside`
          : t`Pickup`;
  const minutesLeft = order.promisedAt ? Math.round((Date.parse(order.promisedAt) - now) / 60_000) : null;
  const error = action.error instanceof ApiError ? (Object.values(action.error.fields)[0]?.[0] ?? action.error.message) : action.error ? t`No connection. Try again.` : null;
  const unseen = order.status === 'pending_approval' && !order.acknowledgedAt;
  const waiting = waitingOutside(order);
  const titleId = `order-${order.code}`;
  const avoided = avoidedCodes(order.avoids);

  return (
    <article
      className={`staff-order staff-order--${order.status}${unseen ? ' staff-order--unseen' : ''}${waiting ? ' staff-order--arrived' : ''}`}
      aria-labelledby={titleId}
      data-testid="board-order"
    >
      {order.arrivedAt && order.status !== 'completed' ? (
        <div className={`staff-arrival${waiting ? '' : ' staff-arrival--seen'}`} role={waiting ? 'alert' : undefined} data-testid="board-arrival">
          <p className="staff-arrival__text">
            <strong>{t`Guest is here`}</strong>
            {order.car ? ` · ${t`Car: ${order.car}`}` : ''}
            <span className="staff-arrival__since"> · {t`since ${time(order.arrivedAt)}`}</span>
            {waiting ? null : <span> · {t`someone is on the way`}</span>}
          </p>
          {waiting ? (
            <button type="button" className="staff-button staff-button--arrival" disabled={action.isPending} onClick={() => action.mutate({ path: 'arrival-seen' })}>
              <Trans>On our way</Trans>
            </button>
          ) : null}
        </div>
      ) : null}
      <header className="staff-order__head">
        <h3 id={titleId}>
          <span className={`staff-kind staff-kind--${order.deliverType}`}>{kind}</span> <bdi dir="ltr">#{order.code}</bdi>
        </h3>
        <p className="staff-order__due">
          {order.promisedAt ? (
            <>
              <Trans>Promised {time(order.promisedAt)}</Trans>
              {minutesLeft !== null ? <span className={minutesLeft < 0 ? 'staff-late' : ''}> ({minutesLeft < 0 ? t`${-minutesLeft} min late` : t`in ${minutesLeft} min`})</span> : null}
            </>
          ) : order.deliverAt ? (
            preOrder ? (
              <span className="staff-preorder">
                <Trans>Pre-order for {new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(order.deliverAt))}</Trans>
              </span>
            ) : (
              <Trans>For {time(order.deliverAt)}</Trans>
            )
          ) : (
            <Trans>As soon as possible · ordered {time(order.createdAt)}</Trans>
          )}
        </p>
      </header>
      {order.avoids ? <Avoids avoids={order.avoids} names={names} /> : null}
      <ul className="staff-lines">
        {order.items.map((item, i) => (
          <Line key={i} item={item} avoided={avoided} />
        ))}
      </ul>
      {order.car && !order.arrivedAt ? (
        <p className="staff-order__car">
          <Trans>Car: {order.car}</Trans>
        </p>
      ) : null}
      {order.notes ? (
        <p className="staff-notes">
          <strong>
            <Trans>Note:</Trans>
          </strong>{' '}
          {order.notes}
        </p>
      ) : null}
      <p className="staff-order__who">
        {order.customer.name ? <bdi>{order.customer.name}</bdi> : null}
        {order.customer.name && order.customer.phone ? ' · ' : null}
        {order.customer.phone ? <bdi dir="ltr">{order.customer.phone}</bdi> : null}
        {order.address ? (
          <>
            {' · '}
            <bdi>{`${order.address.address}, ${order.address.zipcode}${order.address.extras ? ` (${order.address.extras})` : ''}`}</bdi>
          </>
        ) : null}
      </p>
      <p className="staff-order__pay">
        {money(order.payment.price)} · {order.payment.methodName} · {order.payment.state === 'paid' ? t`paid` : order.payment.state === 'refunded' ? t`refunded` : t`not paid yet`}
      </p>
      {error ? (
        <p role="alert" className="staff-error">
          {error}
        </p>
      ) : null}
      <div className="staff-actions">
        {unseen ? (
          <button type="button" className="staff-button staff-button--seen" disabled={action.isPending} onClick={() => action.mutate({ path: 'ack' })}>
            <Trans>Seen</Trans>
          </button>
        ) : null}
        {order.status === 'pending_approval' ? (
          <div className="staff-accept" role="group" aria-labelledby={`accept-${order.code}`}>
            <span id={`accept-${order.code}`} className="staff-accept__label">
              <Trans>Accept, ready in:</Trans>
            </span>
            {PREP_PRESETS.map((m) => (
              <button
                key={m}
                type="button"
                className="staff-button staff-button--accept"
                aria-label={t`Accept · ${m} min`}
                disabled={action.isPending}
                onClick={() => action.mutate({ path: 'accept', body: { minutes: m } })}
              >
                {t`${m} min`}
              </button>
            ))}
          </div>
        ) : null}
        {order.status === 'approved' ? (
          <button type="button" className="staff-button staff-button--ready" disabled={action.isPending} onClick={() => action.mutate({ path: 'ready' })}>
            <Trans>Ready</Trans>
          </button>
        ) : null}
        {order.status === 'approved' || order.status === 'ready' ? (
          <button type="button" className="staff-button staff-button--done" disabled={action.isPending} onClick={() => action.mutate({ path: 'complete' })}>
            <Trans>Complete</Trans>
          </button>
        ) : null}
        {printing && (order.status === 'approved' || order.status === 'ready') ? (
          <button type="button" className="staff-button staff-button--reprint" disabled={action.isPending} onClick={() => action.mutate({ path: 'reprint' })}>
            <Trans>Print again</Trans>
          </button>
        ) : null}
        {order.status !== 'ready' ? (
          <button type="button" className="staff-button staff-button--reject" disabled={action.isPending} onClick={() => setRejecting(true)}>
            <Trans>Reject…</Trans>
          </button>
        ) : null}
      </div>
      {rejecting ? (
        <RejectForm
          code={order.code}
          onCancel={() => setRejecting(false)}
          onReject={(reason, note) => action.mutate({ path: 'reject', body: { reason, note } }, { onSuccess: () => setRejecting(false) })}
        />
      ) : null}
    </article>
  );
}

/** Every code the guest avoids, whatever its kind: a line's codes come as one list. */
const avoidedCodes = (avoids: AvoidList | null): ReadonlySet<string> => new Set(avoids ? [...avoids.allergens, ...avoids.additives] : []);

/**
 * What the guest avoids, above the dishes as on the printed ticket: the cook reads it before
 * starting any of them. Strong contrast, no motion: it is information, not an alarm.
 */
function Avoids({ avoids, names }: { avoids: AvoidList; names: ReadonlyMap<string, string> }) {
  const { t } = useLingui();
  const entries = [
    ...avoids.allergens.map((code) => ({ key: `allergen:${code}`, code })),
    ...avoids.additives.map((code) => ({ key: `additive:${code}`, code })),
  ].map((e) => ({ ...e, name: names.get(e.key) }));
  return (
    <div className="staff-avoids" data-testid="board-avoids">
      <strong className="staff-avoids__label">
        <span aria-hidden="true">⚠ </span>
        {t`Guest avoids:`}
      </strong>
      <ul className="staff-avoids__list">
        {entries.map(({ key, code, name }) => (
          <li key={key}>
            <b>{code}</b>
            {name ? ` ${name}` : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A line's codes; one the guest avoids stands out. */
function Codes({ codes, avoided }: { codes: string[]; avoided: ReadonlySet<string> }) {
  const { t } = useLingui();
  if (!codes.length) return null;
  return (
    <span className="staff-codes">
      {' ('}
      {codes.map((code, i) => (
        <span key={`${i}:${code}`}>
          {i ? ', ' : null}
          {avoided.has(code) ? (
            <mark className="staff-codes__avoided">
              {code}
              <span className="visually-hidden"> ({t`The guest avoids this`})</span>
            </mark>
          ) : (
            code
          )}
        </span>
      ))}
      {')'}
    </span>
  );
}

function Line({ item, avoided }: { item: OrderItemOut; avoided: ReadonlySet<string> }) {
  const options = (opts: OrderItemOut['options']) => opts.map((o) => `${o.name}: ${o.values.join(', ')}`);
  const details = [item.size, ...options(item.options), ...item.extras.map((e) => `+ ${e}`)].filter(Boolean);
  return (
    <li>
      <span className="staff-qty">{item.qty}×</span> <strong>{item.name}</strong>
      <Codes codes={item.codes} avoided={avoided} />
      {details.length ? <div className="staff-line-details">{details.join(' · ')}</div> : null}
      {item.menu ? (
        <ul className="staff-slots">
          {item.menu.map((slot, i) => (
            <li key={i}>
              {slot.slot}: <strong>{slot.product}</strong>
              <Codes codes={slot.codes ?? []} avoided={avoided} />
              {[...options(slot.options), ...slot.extras.map((e) => `+ ${e}`)].length ? (
                <div className="staff-line-details">{[...options(slot.options), ...slot.extras.map((e) => `+ ${e}`)].join(' · ')}</div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function RejectForm({ code, onCancel, onReject }: { code: string; onCancel: () => void; onReject: (reason: RejectReason, note: string) => void }) {
  const { t } = useLingui();
  const [reason, setReason] = useState<RejectReason>('busy');
  const [note, setNote] = useState('');
  const labels: Record<RejectReason, string> = {
    busy: t`Too busy`,
    sold_out: t`Something is sold out`,
    closing: t`Closing soon`,
    address: t`Cannot deliver there`,
    other: t`Other reason`,
  };
  return (
    <form
      className="staff-reject"
      aria-label={t`Reject order #${code}`}
      onSubmit={(e) => {
        e.preventDefault();
        onReject(reason, note.trim());
      }}
    >
      <fieldset>
        <legend>
          <Trans>Why? The guest sees this.</Trans>
        </legend>
        {REJECT_REASONS.map((r) => (
          <label key={r} className="staff-radio">
            <input type="radio" name={`reason-${code}`} value={r} checked={reason === r} onChange={() => setReason(r)} /> {labels[r]}
          </label>
        ))}
      </fieldset>
      <label>
        <Trans>Message to the guest</Trans> {reason === 'other' ? '' : t`(optional)`}
        <input value={note} maxLength={200} required={reason === 'other'} onChange={(e) => setNote(e.target.value)} />
      </label>
      <div className="staff-actions">
        <button type="submit" className="staff-button staff-button--reject">
          <Trans>Reject order</Trans>
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onCancel}>
          <Trans>Keep it</Trans>
        </button>
      </div>
    </form>
  );
}
