import './tables.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { MAX_SEATS, MAX_TABLE_NAME, tableCreateSchema, tableUpdateSchema, type TableAdmin, type TableCreate } from '../../../shared/contract/tables-admin';
import { ApiError } from '../../lib/api';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useEditSave } from '../admin/edit-form';
import { staffCall } from '../api';
import { ConfirmDialog } from '../admin/ConfirmDialog';

const ALL_KEY = ['staff', 'tables', 'all'] as const;
const SHEET_KEY = ['staff', 'tables'] as const;

/** Adding, renaming and switching off tables, and a new code for one whose printed code got out. */
export function TableAdminPanel() {
  const { t } = useLingui();
  const online = useOnline();
  const queryClient = useQueryClient();
  const tables = useQuery({ queryKey: ALL_KEY, queryFn: () => staffCall<TableAdmin[]>('GET', '/tables/all') });
  const [renewing, setRenewing] = useState<TableAdmin | null>(null);
  const [status, setStatus] = useState<{ tone: 'ok' | 'bad'; text: string } | null>(null);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ALL_KEY }), queryClient.invalidateQueries({ queryKey: SHEET_KEY, exact: true })]);
  const failed = (e: unknown) => setStatus({ tone: 'bad', text: e instanceof ApiError ? e.message : t`The server cannot be reached. Please try again.` });

  const toggle = async (table: TableAdmin) => {
    try {
      await staffCall('PATCH', `/tables/${table.id}`, { active: !table.active });
      await refresh();
      setStatus({ tone: 'ok', text: table.active ? t`${table.name} is switched off: its code no longer opens the menu.` : t`${table.name} is switched on again.` });
    } catch (e) {
      failed(e);
    }
  };
  const renew = async (table: TableAdmin) => {
    try {
      await staffCall('POST', `/tables/${table.id}/code`);
      await refresh();
      setStatus({ tone: 'ok', text: t`${table.name} has a new code. Print its new card below; the old card no longer works.` });
    } catch (e) {
      failed(e);
    } finally {
      setRenewing(null);
    }
  };

  return (
    <section className="staff-card tables-admin staff-noprint" aria-labelledby="tables-admin-title">
      <h2 id="tables-admin-title">
        <Trans>Your tables</Trans>
      </h2>
      <NeedsNetwork />
      <p className="tables-hint">
        <Trans>Name each table as your team calls it. A switched-off table’s card stops working until you switch it on again.</Trans>
      </p>
      <div aria-live="polite">{status ? <p className={status.tone === 'ok' ? 'staff-note' : 'staff-error'}>{status.text}</p> : null}</div>
      <ul className="tables-list">
        {(tables.data ?? []).map((table) => (
          <TableRow
            key={`${table.id}-${table.name}-${table.seats}`}
            table={table}
            online={online}
            onSaved={async (saved) => {
              await refresh();
              setStatus({ tone: 'ok', text: t`${saved.name} saved.` });
            }}
            onToggle={() => void toggle(table)}
            onRenew={() => setRenewing(table)}
          />
        ))}
      </ul>
      <AddTable
        online={online}
        onAdded={async (added) => {
          await refresh();
          setStatus({ tone: 'ok', text: t`${added.name} added. Its card is on the sheet below, ready to print.` });
        }}
      />
      {renewing ? (
        <ConfirmDialog
          title={t`Issue a new code for ${renewing.name}?`}
          confirmLabel={t`Issue new code`}
          cancelLabel={t`Keep the current code`}
          danger
          onConfirm={() => void renew(renewing)}
          onCancel={() => setRenewing(null)}
        >
          <p>
            <Trans>Do this when a printed card was photographed or taken away. The old card stops working at once, and guests who scanned it must scan the new card. Print the new card right after.</Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

interface RowProps {
  table: TableAdmin;
  online: boolean;
  onSaved: (t: TableAdmin) => Promise<void>;
  onToggle: () => void;
  onRenew: () => void;
}

function TableRow({ table, online, onSaved, onToggle, onRenew }: RowProps) {
  const { t } = useLingui();
  const [name, setName] = useState(table.name);
  const [seats, setSeats] = useState(String(table.seats));
  const { submit, errors, message, busy } = useEditSave<{ name: string; seats: number }>(tableUpdateSchema, async (v) => {
    await onSaved(await staffCall<TableAdmin>('PATCH', `/tables/${table.id}`, v));
  });
  const changed = name !== table.name || seats !== String(table.seats);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit({ name, seats: Number(seats) });
  };
  const base = `table-${table.id}`;
  return (
    <li className={table.active ? 'tables-row' : 'tables-row tables-row--off'}>
      <form className="tables-row__form" onSubmit={onSubmit} noValidate aria-label={t`Table ${table.name}`}>
        <label>
          <span>
            <Trans>Name</Trans>
          </span>
          <input
            value={name}
            maxLength={MAX_TABLE_NAME}
            required
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={errors.name ? `${base}-name-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {errors.name ? (
            <span className="staff-error" id={`${base}-name-error`}>
              {errors.name}
            </span>
          ) : null}
        </label>
        <label className="tables-row__seats">
          <span>
            <Trans>Seats</Trans>
          </span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_SEATS}
            value={seats}
            aria-invalid={errors.seats ? true : undefined}
            aria-describedby={errors.seats ? `${base}-seats-error` : undefined}
            onChange={(e) => setSeats(e.target.value)}
          />
          {errors.seats ? (
            <span className="staff-error" id={`${base}-seats-error`}>
              {errors.seats}
            </span>
          ) : null}
        </label>
        <button type="submit" className="staff-button staff-button--small staff-button--primary" disabled={!changed || busy || !online}>
          <Trans>Save</Trans>
          <span className="visually-hidden"> {table.name}</span>
        </button>
      </form>
      <div className="tables-row__meta">
        <span className={table.active ? 'admin-badge admin-badge--ok' : 'admin-badge admin-badge--warn'}>{table.active ? t`In use` : t`Switched off`}</span>
        <code className="tables-row__code">{table.code}</code>
      </div>
      <div className="tables-row__actions">
        <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={!online} onClick={onToggle}>
          {table.active ? <Trans>Switch off</Trans> : <Trans>Switch on</Trans>}
          <span className="visually-hidden"> {table.name}</span>
        </button>
        <button type="button" className="staff-button staff-button--small staff-button--reject" disabled={!online} onClick={onRenew}>
          <Trans>New code</Trans>
          <span className="visually-hidden"> {table.name}</span>
        </button>
      </div>
      {message ? <p className="staff-error tables-row__message">{message}</p> : null}
    </li>
  );
}

function AddTable({ online, onAdded }: { online: boolean; onAdded: (t: TableAdmin) => Promise<void> }) {
  const [name, setName] = useState('');
  const [seats, setSeats] = useState('4');
  const { submit, errors, message, busy } = useEditSave<TableCreate>(tableCreateSchema, async (v) => {
    await onAdded(await staffCall<TableAdmin>('POST', '/tables', v));
    setName('');
  });
  return (
    <form
      className="tables-add"
      noValidate
      aria-labelledby="tables-add-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit({ name, seats: Number(seats) });
      }}
    >
      <h3 id="tables-add-title">
        <Trans>Add a table</Trans>
      </h3>
      <label>
        <span>
          <Trans>Name, for example “Tisch 12” or “Terrasse 3”</Trans>
        </span>
        <input
          value={name}
          maxLength={MAX_TABLE_NAME}
          required
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errors.name ? 'tables-add-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
        {errors.name ? (
          <span className="staff-error" id="tables-add-name-error">
            {errors.name}
          </span>
        ) : null}
      </label>
      <label className="tables-row__seats">
        <span>
          <Trans>Seats</Trans>
        </span>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_SEATS}
          value={seats}
          aria-invalid={errors.seats ? true : undefined}
          aria-describedby={errors.seats ? 'tables-add-seats-error' : undefined}
          onChange={(e) => setSeats(e.target.value)}
        />
        {errors.seats ? (
          <span className="staff-error" id="tables-add-seats-error">
            {errors.seats}
          </span>
        ) : null}
      </label>
      <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online}>
        <Trans>Add table</Trans>
      </button>
      {message ? <p className="staff-error tables-row__message">{message}</p> : null}
    </form>
  );
}
