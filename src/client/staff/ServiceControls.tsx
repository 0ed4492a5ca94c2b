import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BUSY_MINUTES, PAUSE_MINUTES, PAUSE_SCOPES, type Availability, type PauseScope } from '../../shared/contract/staff';
import { ApiError } from '../lib/api';
import { staffCall } from './api';
import { intlLocale } from '../../shared/i18n/locales';

/** "We are too busy": pause a channel or everything, or add minutes to every promised time. */
export function ServiceControls({ availability, canPause }: { availability: Availability | undefined; canPause: boolean }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<PauseScope>('all');
  const change = useMutation({
    mutationFn: ({ method, path, body }: { method: 'POST' | 'DELETE'; path: string; body?: unknown }) => staffCall<Availability>(method, path, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['staff'] }),
  });
  const scopeName: Record<PauseScope, string> = { all: t`All online orders`, delivery: t`Delivery`, pickup: t`Pickup and curbside`, table: t`Table orders` };
  const time = (iso: string) => new Intl.DateTimeFormat(intlLocale(i18n.locale), { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  const pauses = availability?.pauses ?? [];
  const busy = availability?.busy ?? null;
  const error = change.error instanceof ApiError ? change.error.message : change.error ? t`No connection. Try again.` : null;

  return (
    <section className="staff-service" aria-labelledby="service-title">
      <h2 id="service-title" className="visually-hidden">
        <Trans>Pause and busy mode</Trans>
      </h2>
      <div className="staff-service__state" role="status">
        {pauses.map((p) => (
          <span key={p.id} className="staff-pill staff-pill--paused">
            {t`Paused: ${scopeName[p.scope]} until ${time(p.endsAt)}`}
            {canPause ? (
              <button type="button" className="staff-button staff-button--small" onClick={() => change.mutate({ method: 'DELETE', path: `/pauses/${p.id}` })}>
                <Trans>Resume</Trans>
              </button>
            ) : null}
          </span>
        ))}
        {busy ? (
          <span className="staff-pill staff-pill--busy">
            {t`Busy: +${busy.minutes} min on every promised time`}
            {canPause ? (
              <button type="button" className="staff-button staff-button--small" onClick={() => change.mutate({ method: 'DELETE', path: `/pauses/${busy.id}` })}>
                <Trans>End busy mode</Trans>
              </button>
            ) : null}
          </span>
        ) : null}
        {!pauses.length && !busy ? (
          <span className="staff-pill staff-pill--ok">
            <Trans>Taking online orders</Trans>
          </span>
        ) : null}
      </div>
      {canPause ? (
        <details className="staff-service__controls">
          <summary>
            <Trans>Pause or slow down…</Trans>
          </summary>
          <div className="staff-service__row">
            <label>
              <Trans>Pause</Trans>{' '}
              <select value={scope} onChange={(e) => setScope(e.target.value as PauseScope)}>
                {PAUSE_SCOPES.map((s) => (
                  <option key={s} value={s}>
                    {scopeName[s]}
                  </option>
                ))}
              </select>
            </label>
            {PAUSE_MINUTES.map((m) => (
              <button key={m} type="button" className="staff-button staff-button--pause" onClick={() => change.mutate({ method: 'POST', path: '/pauses', body: { scope, minutes: m } })}>
                {t`${m} min`}
              </button>
            ))}
            <button type="button" className="staff-button staff-button--pause" onClick={() => change.mutate({ method: 'POST', path: '/pauses', body: { scope, until: 'end_of_day' } })}>
              <Trans>Until end of day</Trans>
            </button>
          </div>
          <div className="staff-service__row">
            <span>
              <Trans>Busy mode: add to every promised time</Trans>
            </span>
            {BUSY_MINUTES.map((m) => (
              <button key={m} type="button" className="staff-button staff-button--busy" onClick={() => change.mutate({ method: 'POST', path: '/busy', body: { minutes: m } })}>
                {t`+${m} min`}
              </button>
            ))}
          </div>
        </details>
      ) : null}
      {error ? (
        <p role="alert" className="staff-error">
          {error}
        </p>
      ) : null}
    </section>
  );
}
