import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '../../shared/contract/staff';
import { staffCall } from './api';

/** Who did what and when: every status change, pause, switch and team change. */
export default function LogScreen() {
  const { t, i18n } = useLingui();
  const log = useQuery({ queryKey: ['staff', 'audit'], queryFn: () => staffCall<AuditEntry[]>('GET', '/audit?limit=200') });
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
  };
  const when = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <main className="staff-page">
      <h1>
        <Trans>Log</Trans>
      </h1>
      <table className="staff-table">
        <thead>
          <tr>
            <th>
              <Trans>When</Trans>
            </th>
            <th>
              <Trans>Who</Trans>
            </th>
            <th>
              <Trans>What</Trans>
            </th>
            <th>
              <Trans>Details</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {(log.data ?? []).map((e) => (
            <tr key={e.id}>
              <td>{when.format(new Date(e.at))}</td>
              <td>{e.actor}</td>
              <td>
                {actions[e.action] ?? e.action} <strong>{e.subject}</strong>
              </td>
              <td className="staff-muted">{Object.entries(e.details).filter(([, v]) => v !== null && v !== '').map(([k, v]) => `${k}: ${String(v)}`).join(' · ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
