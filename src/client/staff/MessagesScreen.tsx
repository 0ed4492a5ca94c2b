import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactMessage } from '../../shared/contract/contact';
import { timeZoneOf } from '../../shared/contract/settings';
import { staffMay, type StaffMember } from '../../shared/contract/staff';
import { useSettings } from '../features/catalog';
import { ApiError } from '../lib/api';
import { staffCall } from './api';
import { LiveBadge, useLiveRefresh } from './live-list';
import { intlLocale } from '../../shared/i18n/locales';
import { plural } from '@lingui/core/macro';

const MESSAGES_KEY = ['staff', 'messages'];

/** What diners wrote through the contact form, newest first; open ones stand out until someone marks them done. */
export default function MessagesScreen({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const messages = useQuery({ queryKey: MESSAGES_KEY, queryFn: () => staffCall<ContactMessage[]>('GET', '/messages') });
  const live = useLiveRefresh('contact', MESSAGES_KEY);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const mayMark = staffMay(me.role, 'messagesDone');
  // The restaurant's clock, as on the board, whatever the tablet's own time zone.
  const timeZone = timeZoneOf(useSettings());


  const mark = async (id: number, done: boolean) => {
    setBusy(id);
    setError(null);
    try {
      queryClient.setQueryData(MESSAGES_KEY, await staffCall<ContactMessage[]>('POST', `/messages/${id}/done`, { done }));
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t`The server cannot be reached. Please check the connection.`);
    } finally {
      setBusy(null);
    }
  };

  const list = messages.data ?? [];
  const open = list.filter((m) => !m.doneAt).length;
  const when = new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone });
  return (
    <main className="staff-page">
      <div className="staff-messages__head">
        <h1>
          <Trans>Messages</Trans>
        </h1>
        <span className="staff-messages__open" data-testid="open-messages">
          {open === 0 ? t`Nothing open` : plural(open, { one: '# open', other: '# open' })}
        </span>
        <LiveBadge live={live} />
      </div>
      {error ? (
        <p role="alert" className="staff-error">
          {error}
        </p>
      ) : null}
      {messages.isPending ? <p className="staff-muted">{t`Loading…`}</p> : null}
      {messages.data && !list.length ? (
        <p className="staff-card staff-muted">
          <Trans>No messages yet. What guests write through the contact form appears here.</Trans>
        </p>
      ) : null}
      <ul className="staff-messages">
        {list.map((m) => {
          const name = `${m.fname} ${m.lname}`;
          const received = when.format(new Date(m.createdAt));
          const reply = `mailto:${m.email}?subject=${encodeURIComponent(`Re: ${m.subject}`)}`;
          return (
            <li key={m.id} className={`staff-message${m.doneAt ? ' staff-message--done' : ' staff-message--open'}`} aria-labelledby={`message-${m.id}`}>
              <div className="staff-message__head">
                <h2 id={`message-${m.id}`}>
                  {m.doneAt ? null : (
                    <span className="staff-message__badge">
                      <Trans>Open</Trans>
                    </span>
                  )}{' '}
                  {m.subject}
                </h2>
                <time dateTime={m.createdAt}>{received}</time>
              </div>
              <p className="staff-message__from">
                <strong>{name}</strong> · <a href={reply}>{m.email}</a> · <span lang={m.lang}>{m.lang.toUpperCase()}</span>
              </p>
              <p className="staff-message__text">{m.message}</p>
              <div className="staff-actions">
                <a className="staff-button staff-button--quiet staff-button--small staff-message__reply" href={reply}>
                  <Trans>Reply by e-mail</Trans>
                </a>
                {m.doneAt ? (
                  <>
                    <span className="staff-message__state">
                      <Trans>
                        Done by {m.doneBy} · {when.format(new Date(m.doneAt))}
                      </Trans>
                    </span>
                    {mayMark ? (
                      <button type="button" className="staff-button staff-button--quiet staff-button--small" disabled={busy === m.id} onClick={() => void mark(m.id, false)}>
                        <Trans>Mark as open again</Trans>
                      </button>
                    ) : null}
                  </>
                ) : mayMark ? (
                  <button type="button" className="staff-button staff-button--accept staff-button--small" disabled={busy === m.id} onClick={() => void mark(m.id, true)}>
                    <Trans>Mark done</Trans>
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </main>
  );
}
