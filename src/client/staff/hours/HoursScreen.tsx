import './hours.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { WEEKDAYS, type TimeRange, type Weekday } from '../../../shared/contract/catalog';
import { closedDaySchema, MAX_CLOSED_DAY_NOTE, MAX_RANGES_PER_DAY, weeklyHoursSchema, type ClosedDay, type HoursAdmin, type WeeklyHours } from '../../../shared/contract/hours-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { ApiError } from '../../lib/api';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useEditSave } from '../admin/edit-form';
import { staffCall } from '../api';
import { intlLocale } from '../../../shared/i18n/locales';

const QUERY_KEY = ['staff', 'hours'] as const;

/** Weekday names in the staff member's language (2024-01-01 was a Monday). */
function useWeekdayNames(): Record<Weekday, string> {
  const { i18n } = useLingui();
  const f = new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', timeZone: 'UTC' });
  return Object.fromEntries(WEEKDAYS.map((d, i) => [d, f.format(new Date(Date.UTC(2024, 0, 1 + i)))])) as Record<Weekday, string>;
}

/** Opening hours, closed days and the restaurant's on/off switch: what diners see as "open" or "closed". */
export default function HoursScreen({ me }: { me: StaffMember }) {
  const hours = useQuery({ queryKey: QUERY_KEY, queryFn: () => staffCall<HoursAdmin>('GET', '/hours') });
  const canEdit = staffMay(me.role, 'edit');
  return (
    <main className="staff-page hours">
      <h1>
        <Trans>Opening hours</Trans>
      </h1>
      <NeedsNetwork />
      {!canEdit ? (
        <p className="staff-muted">
          <Trans>You can read the opening hours here. The owner or a manager can change them.</Trans>
        </p>
      ) : null}
      {hours.data ? (
        <>
          <ActiveSwitch active={hours.data.active} canEdit={canEdit} />
          <WeekForm initial={hours.data.week} timeZone={hours.data.timeZone} canEdit={canEdit} />
          <ClosedDays days={hours.data.closedDays} today={hours.data.today} canEdit={canEdit} />
        </>
      ) : (
        <p className="staff-muted" role="status">
          {hours.isError ? <Trans>The opening hours could not be loaded. Please try again.</Trans> : <Trans>Loading…</Trans>}
        </p>
      )}
    </main>
  );
}

function ActiveSwitch({ active, canEdit }: { active: boolean; canEdit: boolean }) {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const toggle = async () => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(QUERY_KEY, await staffCall<HoursAdmin>('PUT', '/hours/active', { active: !active }));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t`The server cannot be reached. Please try again.`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="staff-card hours-active" aria-labelledby="hours-active-title">
      <h2 id="hours-active-title">
        <Trans>Restaurant online</Trans>
      </h2>
      <p className="hours-hint" id="hours-active-hint">
        <Trans>
          When the restaurant is switched off, diners see a page saying it is not available at the moment, and nobody can order, whatever the opening hours say.
        </Trans>
      </p>
      <div className="hours-active__row">
        <span className={active ? 'hours-state hours-state--on' : 'hours-state hours-state--off'} role="status">
          {active ? <Trans>On: diners can order.</Trans> : <Trans>Off: diners see “not available”.</Trans>}
        </span>
        {canEdit ? (
          <button
            type="button"
            className={active ? 'staff-button staff-button--reject' : 'staff-button staff-button--accept'}
            aria-describedby="hours-active-hint"
            disabled={busy || !online}
            onClick={() => void toggle()}
          >
            {active ? <Trans>Switch the restaurant off</Trans> : <Trans>Switch the restaurant on</Trans>}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="staff-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}

function WeekForm({ initial, timeZone, canEdit }: { initial: WeeklyHours; timeZone: string; canEdit: boolean }) {
  const { t } = useLingui();
  const names = useWeekdayNames();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [week, setWeek] = useState<WeeklyHours>(initial);
  useEffect(() => setWeek(initial), [initial]);
  const { submit, errors, message, busy, saved } = useEditSave<WeeklyHours>(weeklyHoursSchema, async (values) => {
    queryClient.setQueryData(QUERY_KEY, await staffCall<HoursAdmin>('PUT', '/hours/week', values));
  });
  const setDay = (day: Weekday, ranges: TimeRange[]) => setWeek((w) => ({ ...w, [day]: ranges }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(week);
  };
  return (
    <form className="staff-card hours-week" aria-labelledby="hours-week-title" onSubmit={onSubmit} noValidate>
      <h2 id="hours-week-title">
        <Trans>Every week</Trans>
      </h2>
      <p className="hours-hint">
        <Trans>
          The times your restaurant takes orders, in its time zone ({timeZone}). A day without a time range is closed. A range that ends before it starts runs past midnight, for example 18:00 to 02:00.
        </Trans>
      </p>
      <div className="hours-days">
        {WEEKDAYS.map((day) => (
          <DayEditor
            key={day}
            day={day}
            name={names[day]}
            ranges={week[day]}
            onChange={(r) => setDay(day, r)}
            copyFrom={(from) => setDay(day, week[from].map((r) => ({ ...r })))}
            names={names}
            errors={errors}
            canEdit={canEdit}
          />
        ))}
      </div>
      <div aria-live="polite" className="hours-save-status">
        {message ? <p className="staff-error">{message}</p> : saved ? <p className="staff-note">{t`Opening hours saved. Diners see them at once.`}</p> : null}
      </div>
      {canEdit ? (
        <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
          <Trans>Save opening hours</Trans>
        </button>
      ) : null}
    </form>
  );
}

interface DayProps {
  day: Weekday;
  name: string;
  ranges: TimeRange[];
  onChange: (ranges: TimeRange[]) => void;
  copyFrom: (day: Weekday) => void;
  names: Record<Weekday, string>;
  errors: Partial<Record<string, string>>;
  canEdit: boolean;
}

function DayEditor({ day, name, ranges, onChange, copyFrom, names, errors, canEdit }: DayProps) {
  const { t } = useLingui();
  const id = useId();
  const dayError = errors[day];
  const rangeError = (i: number) => errors[`${day}[${i}].start`] ?? errors[`${day}[${i}].end`] ?? errors[`${day}[${i}]`];
  const update = (i: number, patch: Partial<TimeRange>) => onChange(ranges.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="hours-day" aria-describedby={dayError ? `${id}-error` : undefined}>
      <legend>{name}</legend>
      {ranges.length === 0 ? (
        <p className="hours-closed">
          <Trans>Closed all day</Trans>
        </p>
      ) : (
        <ul className="hours-ranges">
          {ranges.map((r, i) => {
            const err = rangeError(i);
            return (
              <li key={i} className="hours-range">
                <label>
                  <span>
                    <Trans>Opens</Trans>
                  </span>
                  <input
                    type="time"
                    value={r.start}
                    required
                    disabled={!canEdit}
                    aria-label={t`${name}, range ${i + 1}: opens at`}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={err ? `${id}-${i}-error` : undefined}
                    onChange={(e) => update(i, { start: e.target.value })}
                  />
                </label>
                <label>
                  <span>
                    <Trans>Closes</Trans>
                  </span>
                  <input
                    type="time"
                    value={r.end}
                    required
                    disabled={!canEdit}
                    aria-label={t`${name}, range ${i + 1}: closes at`}
                    aria-invalid={err ? true : undefined}
                    aria-describedby={err ? `${id}-${i}-error` : undefined}
                    onChange={(e) => update(i, { end: e.target.value })}
                  />
                </label>
                {canEdit ? (
                  <button type="button" className="staff-button staff-button--small staff-button--quiet" onClick={() => onChange(ranges.filter((_, j) => j !== i))}>
                    <Trans>Remove</Trans>
                    <span className="visually-hidden">
                      {' '}
                      {name} {r.start}–{r.end}
                    </span>
                  </button>
                ) : null}
                {err ? (
                  <p className="staff-error hours-range__error" id={`${id}-${i}-error`}>
                    {err}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {dayError ? (
        <p className="staff-error" id={`${id}-error`}>
          {dayError}
        </p>
      ) : null}
      {canEdit ? (
        <div className="hours-day__actions">
          <button
            type="button"
            className="staff-button staff-button--small staff-button--quiet"
            disabled={ranges.length >= MAX_RANGES_PER_DAY}
            onClick={() => onChange([...ranges, ranges.length ? { start: '17:30', end: '22:00' } : { start: '11:30', end: '14:30' }])}
          >
            <Trans>Add time range</Trans>
            <span className="visually-hidden"> {name}</span>
          </button>
          {ranges.length ? (
            <button type="button" className="staff-button staff-button--small staff-button--quiet" onClick={() => onChange([])}>
              <Trans>Closed all day</Trans>
              <span className="visually-hidden"> {name}</span>
            </button>
          ) : null}
          <label className="hours-copy">
            <span>
              <Trans>Same as</Trans>
            </span>
            <select
              value=""
              aria-label={t`${name}: same hours as another day`}
              onChange={(e) => {
                if (e.target.value) copyFrom(e.target.value as Weekday);
              }}
            >
              <option value="">{t`choose a day…`}</option>
              {WEEKDAYS.filter((d) => d !== day).map((d) => (
                <option key={d} value={d}>
                  {names[d]}
                </option>
              ))}
            </select>
          </label>
        </div>
      ) : null}
    </fieldset>
  );
}

function ClosedDays({ days, today, canEdit }: { days: ClosedDay[]; today: string; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { submit, errors, message, busy, saved } = useEditSave<ClosedDay>(closedDaySchema, async (values) => {
    queryClient.setQueryData(QUERY_KEY, await staffCall<HoursAdmin>('PUT', '/hours/closed-days', values));
    setDate('');
    setNote('');
  });
  const remove = async (day: string) => {
    setRemoveError(null);
    try {
      queryClient.setQueryData(QUERY_KEY, await staffCall<HoursAdmin>('DELETE', `/hours/closed-days/${day}`));
    } catch (e) {
      setRemoveError(e instanceof ApiError ? e.message : t`The server cannot be reached. Please try again.`);
    }
  };
  const long = new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const dateText = (iso: string) => long.format(new Date(`${iso}T12:00:00Z`));
  return (
    <section className="staff-card hours-closed-days" aria-labelledby="hours-closed-title">
      <h2 id="hours-closed-title">
        <Trans>Closed days</Trans>
      </h2>
      <p className="hours-hint">
        <Trans>Public holidays, company holidays, a private party: on these dates the restaurant stays closed all day, and diners cannot order or reserve for them.</Trans>
      </p>
      {days.length ? (
        <ul className="hours-closed-list">
          {days.map((d) => (
            <li key={d.date}>
              <span>
                <strong>{dateText(d.date)}</strong>
                {d.note ? <span className="staff-muted"> · {d.note}</span> : null}
              </span>
              {canEdit ? (
                <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={!online} onClick={() => void remove(d.date)}>
                  <Trans>Open again</Trans>
                  <span className="visually-hidden"> {dateText(d.date)}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-muted">
          <Trans>No closed days planned.</Trans>
        </p>
      )}
      {removeError ? (
        <p className="staff-error" role="alert">
          {removeError}
        </p>
      ) : null}
      {canEdit ? (
        <form
          className="hours-closed-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit({ date, note });
          }}
        >
          <label>
            <span>
              <Trans>Date</Trans>
            </span>
            <input
              type="date"
              value={date}
              min={today}
              required
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={errors.date ? 'closed-date-error' : undefined}
              onChange={(e) => setDate(e.target.value)}
            />
            {errors.date ? (
              <span className="staff-error" id="closed-date-error">
                {errors.date}
              </span>
            ) : null}
          </label>
          <label>
            <span>
              <Trans>Note (optional, for example “Company holidays”)</Trans>
            </span>
            <input
              type="text"
              value={note}
              maxLength={MAX_CLOSED_DAY_NOTE}
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? 'closed-note-error' : undefined}
              onChange={(e) => setNote(e.target.value)}
            />
            {errors.note ? (
              <span className="staff-error" id="closed-note-error">
                {errors.note}
              </span>
            ) : null}
          </label>
          <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
            <Trans>Add closed day</Trans>
          </button>
          <div aria-live="polite" className="hours-save-status">
            {message ? <p className="staff-error">{message}</p> : saved ? <p className="staff-note">{t`Closed day saved.`}</p> : null}
          </div>
        </form>
      ) : null}
    </section>
  );
}
