import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Reservation } from '../../shared/contract/reservation';
import { RESERVATION_LIMITS } from '../../shared/contract/reservation';
import { timeZoneOf } from '../../shared/contract/settings';
import { staffMay, type StaffMember } from '../../shared/contract/staff';
import { instantToLocalDateTime } from '../../shared/opening-hours';
import { useSettings } from '../features/catalog';
import { ApiError } from '../lib/api';
import { staffCall } from './api';
import { LiveBadge, useLiveRefresh } from './live-list';
import { intlLocale } from '../../shared/i18n/locales';
import { plural } from '@lingui/core/macro';

type DayList = { day: string; reservations: Reservation[] };
const keyOf = (day: string) => ['staff', 'reservations', day];

/** A day of the calendar moved by `by` days (dates only: no clock, no time zone). */
function shiftDay(day: string, by: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + by)).toISOString().slice(0, 10);
}

/**
 * One day's table reservations by time (today by default, on the restaurant's clock), live:
 * requests stand out until someone confirms or declines them; the guest hears of either by mail.
 */
export default function ReservationsScreen({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const timeZone = timeZoneOf(useSettings());
  const today = instantToLocalDateTime(new Date(), timeZone).slice(0, 10);
  const [day, setDay] = useState(today);
  const list = useQuery({ queryKey: keyOf(day), queryFn: () => staffCall<DayList>('GET', `/reservations?date=${day}`) });
  const live = useLiveRefresh('reservation', ['staff', 'reservations']);
  const [busy, setBusy] = useState<number | null>(null);
  const [declining, setDeclining] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mayDecide = staffMay(me.role, 'reservationsDecide');


  const decide = async (id: number, decision: 'confirm' | 'decline') => {
    setBusy(id);
    setError(null);
    try {
      await staffCall('POST', `/reservations/${id}/${decision}`, decision === 'decline' ? { reason: reason.trim() } : undefined);
      setDeclining(null);
      setReason('');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t`The server cannot be reached. Please check the connection.`);
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: ['staff', 'reservations'] });
    }
  };

  const rows = list.data?.reservations ?? [];
  const open = rows.filter((r) => r.status === 'requested').length;
  const seats = rows.filter((r) => r.status === 'confirmed').reduce((sum, r) => sum + r.guests, 0);
  const time = new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit', timeZone });
  const dayName = new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  const statusText = { requested: t`Requested`, confirmed: t`Confirmed`, declined: t`Declined` };
  return (
    <main className="staff-page">
      <div className="staff-messages__head">
        <h1>
          <Trans>Reservations</Trans>
        </h1>
        <span className="staff-messages__open" data-testid="open-reservations">
          {open === 0 ? t`No open requests` : plural(open, { one: '# open request', other: '# open requests' })}
        </span>
        <span className="staff-muted">{plural(seats, { one: '# guest confirmed', other: '# guests confirmed' })}</span>
        <LiveBadge live={live} />
      </div>
      <div className="staff-reservations__day">
        <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => setDay(shiftDay(day, -1))} aria-label={t`Previous day`}>
          ‹
        </button>
        <label className="staff-reservations__pick">
          <span>{t`Day`}</span>
          <input type="date" value={day} onChange={(e) => e.target.value && setDay(e.target.value)} />
        </label>
        <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => setDay(shiftDay(day, 1))} aria-label={t`Next day`}>
          ›
        </button>
        {day !== today ? (
          <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => setDay(today)}>
            <Trans>Today</Trans>
          </button>
        ) : null}
        <strong className="staff-reservations__name" aria-live="polite">
          {dayName}
        </strong>
      </div>
      {error ? (
        <p role="alert" className="staff-error">
          {error}
        </p>
      ) : null}
      {list.isPending ? <p className="staff-muted">{t`Loading…`}</p> : null}
      {list.data && !rows.length ? (
        <p className="staff-card staff-muted">
          <Trans>No reservations for this day.</Trans>
        </p>
      ) : null}
      <ul className="staff-messages">
        {rows.map((r) => (
          <li key={r.id} className={`staff-message staff-reservation staff-reservation--${r.status}`} aria-labelledby={`reservation-${r.id}`}>
            <div className="staff-message__head">
              <h2 id={`reservation-${r.id}`}>
                <time dateTime={r.reservedAt}>{time.format(new Date(r.reservedAt))}</time> · {plural(r.guests, { one: '# guest', other: '# guests' })} · {r.name}
              </h2>
              <span className={`staff-reservation__status staff-reservation__status--${r.status}`}>{statusText[r.status]}</span>
            </div>
            <p className="staff-message__from">
              {/* Not lib/tel: sharing it with the staff entry split it off the diner's first page. Stored numbers are international, spaces only. */}
              <a href={`tel:${r.phone.replace(/\s/g, '')}`} dir="ltr">
                {r.phone}
              </a>{' '}
              · <a href={`mailto:${r.email}`} dir="ltr">
                {r.email}
              </a> · <span lang={r.lang}>{r.lang.toUpperCase()}</span>
            </p>
            {r.notes ? <p className="staff-message__text">{r.notes}</p> : null}
            {r.status !== 'requested' ? (
              <p className="staff-message__state">
                {r.status === 'confirmed' ? <Trans>Confirmed by {r.decidedBy}</Trans> : <Trans>Declined by {r.decidedBy}</Trans>}
                {r.reason ? ` · ${r.reason}` : ''}
              </p>
            ) : mayDecide ? (
              declining === r.id ? (
                <div className="staff-reservation__decline">
                  <label htmlFor={`decline-${r.id}`}>
                    <Trans>Reason for the guest (optional)</Trans>
                  </label>
                  <input id={`decline-${r.id}`} autoFocus value={reason} maxLength={RESERVATION_LIMITS.reason} onChange={(e) => setReason(e.target.value)} placeholder={t`For example: fully booked that evening`} />
                  <div className="staff-actions">
                    <button type="button" className="staff-button staff-button--reject staff-button--small" disabled={busy === r.id} onClick={() => void decide(r.id, 'decline')}>
                      <Trans>Decline and tell the guest</Trans>
                    </button>
                    <button type="button" className="staff-button staff-button--quiet staff-button--small" onClick={() => setDeclining(null)}>
                      <Trans>Back</Trans>
                    </button>
                  </div>
                </div>
              ) : (
                <div className="staff-actions">
                  <button type="button" className="staff-button staff-button--accept staff-button--small" disabled={busy === r.id} onClick={() => void decide(r.id, 'confirm')}>
                    <Trans>Confirm</Trans>
                  </button>
                  <button
                    type="button"
                    className="staff-button staff-button--reject staff-button--small"
                    disabled={busy === r.id}
                    onClick={() => {
                      setReason('');
                      setDeclining(r.id);
                    }}
                  >
                    <Trans>Decline…</Trans>
                  </button>
                </div>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </main>
  );
}
