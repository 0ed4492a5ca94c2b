import './tables/tables.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MAX_PRINTER_NAME, PRINTER_STATIONS, printerCreateSchema, type PrinterAdmin, type PrinterInput, type PrinterStation } from '../../shared/contract/printers';
import { staffMay, type StaffMember } from '../../shared/contract/staff';
import { ApiError } from '../lib/api';
import { ConfirmDialog } from './admin/ConfirmDialog';
import { useEditSave } from './admin/edit-form';
import { NeedsNetwork, useOnline } from './admin/NeedsNetwork';
import { staffCall } from './api';
import { PRINTERS_KEY, usePrinters } from './PrinterHealth';

function useStationName() {
  const { t } = useLingui();
  return (station: PrinterStation) => (station === 'bar' ? t`Bar` : t`Kitchen`);
}

/**
 * The kitchen's ticket printers (decision 052): each one pulls its station's tickets from this
 * server (Star CloudPRNT), so a ticket prints once even when the printer or the network drops.
 */
export default function PrintersScreen({ me }: { me: StaffMember }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const printers = usePrinters();
  const stationName = useStationName();
  const canEdit = staffMay(me.role, 'edit');
  const [added, setAdded] = useState<{ name: string; url: string } | null>(null);
  const [removing, setRemoving] = useState<PrinterAdmin | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PRINTERS_KEY });
  const seen = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(iso)) : t`never`;

  const remove = async (printer: PrinterAdmin) => {
    try {
      await staffCall('DELETE', `/printers/${printer.id}`);
      await refresh();
      setStatus({ tone: 'ok', text: t`${printer.name} removed. Its waiting tickets go to the station’s other printers.` });
    } catch (e) {
      setStatus({ tone: 'bad', text: e instanceof ApiError ? e.message : t`The server cannot be reached. Please try again.` });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <main className="staff-page">
      <h1>
        <Trans>Ticket printers</Trans>
      </h1>
      <p className="tables-hint">
        <Trans>
          Accepted orders print in the kitchen and, for drinks, at the bar. Each printer fetches its tickets from here and confirms each one, so a
          ticket is never lost when the printer or the network is down: it prints when the printer is back, marked “COPY” if it may already have
          printed.
        </Trans>
      </p>
      <NeedsNetwork />
      <div aria-live="polite">{status ? <p className={status.tone === 'ok' ? 'staff-note' : 'staff-error'}>{status.text}</p> : null}</div>
      {added ? (
        <section className="staff-card" aria-labelledby="printer-url-title">
          <h2 id="printer-url-title">
            <Trans>Set up {added.name}</Trans>
          </h2>
          <p>
            <Trans>In the printer’s web page, switch on CloudPRNT and enter this server address. It is shown only now; it works like a password.</Trans>
          </p>
          <p>
            <code className="printer-url" data-testid="printer-url">
              {added.url}
            </code>
          </p>
        </section>
      ) : null}
      <ul className="tables-list">
        {(printers.data ?? []).map((p) => (
          <li key={p.id} className={p.silent ? 'tables-row tables-row--off' : 'tables-row'}>
            <strong>{p.name}</strong> · {stationName(p.station)} · <Trans>last seen {seen(p.lastPollAt)}</Trans>
            {p.lastStatus ? ` · ${p.lastStatus}` : ''} · <Trans>tickets waiting: {p.waiting}</Trans>
            {p.silent ? (
              <strong className="staff-error">
                {' '}
                <Trans>Not responding</Trans>
              </strong>
            ) : null}
            {canEdit ? (
              <button type="button" className="staff-button staff-button--reject" disabled={!online} onClick={() => setRemoving(p)}>
                <Trans>Remove</Trans>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {printers.data?.length === 0 ? (
        <p className="staff-muted">
          <Trans>No printer yet: orders are on the board only.</Trans>
        </p>
      ) : null}
      {canEdit ? (
        <AddPrinter
          online={online}
          onAdded={async (answer) => {
            await refresh();
            setAdded({ name: answer.printer.name, url: answer.url });
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={t`Remove ${removing.name}?`}
          confirmLabel={t`Remove printer`}
          danger
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>
            <Trans>The printer stops receiving tickets. To use it again, add it anew and enter its new address.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

function AddPrinter({ online, onAdded }: { online: boolean; onAdded: (answer: { printer: PrinterAdmin; url: string }) => Promise<void> }) {
  const stationName = useStationName();
  const [name, setName] = useState('');
  const [station, setStation] = useState<PrinterStation>('kitchen');
  const { submit, errors, message, busy } = useEditSave<PrinterInput>(printerCreateSchema, async (v) => {
    await onAdded(await staffCall<{ printer: PrinterAdmin; url: string }>('POST', '/printers', v));
    setName('');
  });
  return (
    <form
      className="tables-add"
      noValidate
      aria-labelledby="printer-add-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name, station });
      }}
    >
      <h2 id="printer-add-title">
        <Trans>Add a printer</Trans>
      </h2>
      <label>
        <span>
          <Trans>Name, for example “Küche Pass”</Trans>
        </span>
        <input
          value={name}
          maxLength={MAX_PRINTER_NAME}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'printer-add-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name ? (
          <span className="staff-error" id="printer-add-name-error">
            {errors.name}
          </span>
        ) : null}
      </label>
      <label>
        <span>
          <Trans>Prints for</Trans>
        </span>
        <select value={station} onChange={(e) => setStation(e.target.value as PrinterStation)}>
          {PRINTER_STATIONS.map((s) => (
            <option key={s} value={s}>
              {stationName(s)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
        <Trans>Add printer</Trans>
      </button>
      {message ? <p className="staff-error tables-row__message">{message}</p> : null}
    </form>
  );
}
