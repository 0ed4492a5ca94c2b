import './log/log.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AUDIT_KIND_NAMES, type AuditEntry, type AuditKind } from '../../shared/contract/staff';
import { staffCall } from './api';
import { changeLines, detailLines } from './log/changes';
import { intlLocale } from '../../shared/i18n/locales';
import { plural } from '@lingui/core/macro';

const PAGE_SIZE = 50;

/** Who did what and when: service, the team and every back-office change with its before and after. */
export default function LogScreen() {
  const { t, i18n } = useLingui();
  const [kind, setKind] = useState<AuditKind | ''>('');
  const log = useInfiniteQuery({
    queryKey: ['staff', 'audit', kind],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
      if (pageParam) query.set('before', String(pageParam));
      if (kind) query.set('kind', kind);
      return staffCall<AuditEntry[]>('GET', `/audit?${query.toString()}`);
    },
    getNextPageParam: (last) => (last.length === PAGE_SIZE ? last[last.length - 1]?.id : undefined),
  });
  const actions: Record<string, string> = {
    'order.approved': t`accepted order`,
    'order.rejected': t`rejected order`,
    'order.ready': t`marked ready`,
    'order.completed': t`completed order`,
    'order.ack': t`saw order`,
    'order.arrivalSeen': t`went out to the guest of`,
    'pause.start': t`paused`,
    'pause.end': t`resumed`,
    'busy.start': t`started busy mode`,
    'busy.end': t`ended busy mode`,
    'soldout.set': t`marked sold out`,
    'soldout.clear': t`marked available`,
    'staff.create': t`added staff account`,
    'staff.update': t`changed staff account`,
    'contact.done': t`marked message done`,
    'contact.reopen': t`marked message open again`,
    'reservation.confirm': t`confirmed reservation`,
    'reservation.decline': t`declined reservation`,
    'photo.upload': t`uploaded a photo of`,
    'photo.remove': t`removed the photo of`,
    'photo.alt': t`described the photo of`,
    'hours.week': t`changed the opening hours`,
    'hours.closedDay': t`changed a closed day`,
    'hours.active': t`switched the restaurant`,
    'page.create': t`created the page`,
    'page.update': t`changed the page`,
    'page.delete': t`deleted the page`,
    'page.reorder': t`changed the order of the pages`,
    'table.create': t`added the table`,
    'table.update': t`changed the table`,
    'table.newCode': t`issued a new code for`,
    'table.settled': t`took payment at`,
    'table.closed': t`closed the table`,
    'menu.product.create': t`added the dish`,
    'menu.product.update': t`changed the dish`,
    'menu.product.delete': t`deleted the dish`,
    'menu.product.archive': t`archived the dish`,
    'menu.product.reorder': t`changed the order of the dishes in`,
    'menu.category.create': t`added the category`,
    'menu.category.update': t`changed the category`,
    'menu.category.show': t`showed the category`,
    'menu.category.hide': t`hid the category`,
    'menu.category.delete': t`deleted the category`,
    'menu.category.archive': t`archived the category`,
    'menu.category.reorder': t`changed the order of the categories`,
    'combo.create': t`added the combo menu`,
    'combo.update': t`changed the combo menu`,
    'combo.show': t`showed the combo menu`,
    'combo.hide': t`hid the combo menu`,
    'combo.delete': t`deleted the combo menu`,
    'combo.archive': t`archived the combo menu`,
    'combo.reorder': t`changed the order of the combo menus`,
    'settings.update': t`changed the settings`,
    'area.create': t`added the delivery area`,
    'area.update': t`changed the delivery area`,
    'area.delete': t`deleted the delivery area`,
  };
  const kinds: Record<AuditKind, string> = {
    menu: t`Menu`,
    settings: t`Settings`,
    hours: t`Opening hours`,
    pages: t`Pages`,
    tables: t`Tables`,
    team: t`Team`,
    service: t`Service`,
  };
  const when = new Intl.DateTimeFormat(intlLocale(i18n.locale), { dateStyle: 'medium', timeStyle: 'short' });
  const entries = log.data?.pages.flat() ?? [];
  return (
    <main className="staff-page log">
      <h1>
        <Trans>History</Trans>
      </h1>
      <p className="log-hint">
        <Trans>Every change to the restaurant and every step of service: who did it, when, and what it was before and after.</Trans>
      </p>
      <label className="log-filter">
        <span>
          <Trans>Show</Trans>
        </span>
        <select value={kind} onChange={(e) => setKind(e.target.value as AuditKind | '')}>
          <option value="">{t`Everything`}</option>
          {AUDIT_KIND_NAMES.map((k) => (
            <option key={k} value={k}>
              {kinds[k]}
            </option>
          ))}
        </select>
      </label>
      <p className="visually-hidden" role="status">
        {log.isFetching ? t`Loading…` : plural(entries.length, { one: '# entry shown.', other: '# entries shown.' })}
      </p>
      {log.isError ? (
        <p className="staff-error">
          <Trans>The history could not be loaded. Please try again.</Trans>
        </p>
      ) : null}
      {!log.isPending && entries.length === 0 ? (
        <p className="staff-muted">
          <Trans>Nothing recorded yet.</Trans>
        </p>
      ) : null}
      <ol className="log-list">
        {entries.map((e) => {
          const changes = changeLines(e.details);
          const other = changes ? [] : detailLines(e.details);
          return (
            <li key={e.id} className="log-entry">
              <div className="log-entry__head">
                <time dateTime={e.at} className="log-entry__when">
                  {when.format(new Date(e.at))}
                </time>
                <span>
                  <strong>{e.actor}</strong> {actions[e.action] ?? e.action} {e.subject ? <strong className="log-entry__subject">{e.subject}</strong> : null}
                </span>
              </div>
              {changes && changes.length ? (
                <dl className="log-changes">
                  {changes.map((c) => (
                    <div key={c.field} className="log-change">
                      <dt>{c.field}</dt>
                      <dd>
                        {c.before !== null ? <del title={c.beforeFull}>{c.before}</del> : null}
                        {c.before !== null && c.after !== null ? <span aria-hidden="true" className="log-change__arrow">
                            →
                          </span> : null}
                        {c.before !== null && c.after !== null ? <span className="visually-hidden"> {t`became`} </span> : null}
                        {c.after !== null ? <ins title={c.afterFull}>{c.after}</ins> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {other.length ? <p className="log-entry__details">{other.join(' · ')}</p> : null}
            </li>
          );
        })}
      </ol>
      {log.hasNextPage ? (
        <button type="button" className="staff-button staff-button--quiet" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          <Trans>Show older entries</Trans>
        </button>
      ) : null}
    </main>
  );
}
