import './areas.css';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { areaEditSchema, readZone, ZONE_MAX_POINTS, type AdminArea, type AreasAdminView, type ZoneGeometry, type ZonePosition } from '../../../shared/contract/areas-admin';
import { staffMay, type StaffMember } from '../../../shared/contract/staff';
import { euroText } from '../../../shared/pricing/euro-text';
import { ApiError } from '../../lib/api';
import { useMoney } from '../../ui/money';
import { NeedsNetwork, useOnline } from '../admin/NeedsNetwork';
import { useEditSave } from '../admin/edit-form';
import { staffCall } from '../api';
import { Field, useAdminMessage } from '../settings/fields';
import { ZONE_COLORS, ZoneMap } from './ZoneMap';
import { plural } from '@lingui/core/macro';

interface FormValues {
  name: string;
  postcodes: string;
  minimumOrder: string;
  deliveryPrice: string;
  freeDeliveryThreshold: string;
  /** The zone, or the pasted text when it is not JSON at all (the schema then says why). */
  polygon: unknown;
}

const EMPTY: FormValues = { name: '', postcodes: '', minimumOrder: '0,00', deliveryPrice: '0,00', freeDeliveryThreshold: '0,00', polygon: null };

function formOf(area: AdminArea): FormValues {
  return {
    name: area.name,
    postcodes: area.postcodes.join(', '),
    minimumOrder: euroText(area.minimumOrderCents),
    deliveryPrice: euroText(area.deliveryPriceCents),
    freeDeliveryThreshold: euroText(area.freeDeliveryThresholdCents),
    polygon: area.polygon,
  };
}

/** The outer ring of a simple polygon as points to draw on, without the closing repeat. */
function drawablePoints(polygon: unknown): ZonePosition[] | null {
  const { zone } = readZone(polygon);
  if (!zone || zone.type !== 'Polygon' || zone.coordinates.length !== 1) return null;
  return (zone.coordinates[0] ?? []).slice(0, -1);
}

function closedPolygon(points: ZonePosition[]): ZoneGeometry | null {
  const first = points[0];
  if (points.length < 3 || !first) return null;
  return { type: 'Polygon', coordinates: [[...points, first]] };
}

/** Delivery areas: the zones on a map of our own, the list, and one area's editor beside them. */
export default function AreasScreen({ me }: { me: StaffMember }) {
  const { t } = useLingui();
  const money = useMoney();
  const queryClient = useQueryClient();
  const online = useOnline();
  const canEdit = staffMay(me.role, 'edit');
  const view = useQuery({ queryKey: ['staff', 'areas'], queryFn: () => staffCall<AreasAdminView>('GET', '/areas') });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  /** null: no editor open; 'new': a new area; a number: that area. */
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [focusBack, setFocusBack] = useState(false);
  // Back to the button that opened the editor once it is enabled again, so a keyboard user keeps their place.
  useEffect(() => {
    if (editing !== null || !focusBack) return;
    returnFocus.current?.focus();
    setFocusBack(false);
  }, [editing, focusBack]);

  const areas = view.data?.areas ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff', 'areas'] });
  const open = (target: number | 'new', from: HTMLElement) => {
    returnFocus.current = from;
    setEditing(target);
    setStatus(null);
    if (target !== 'new') setSelectedId(target);
  };
  const close = (message?: string) => {
    setEditing(null);
    if (message) setStatus(message);
    setFocusBack(true);
  };
  const remove = async (area: AdminArea) => {
    try {
      await staffCall('DELETE', `/areas/${area.id}`);
      setStatus(t`"${area.name}" was deleted.`);
      if (selectedId === area.id) setSelectedId(null);
      await refresh();
      // Its buttons are gone: the list's heading keeps the keyboard's place.
      listHeading.current?.focus();
    } catch (error) {
      setStatus(error instanceof ApiError ? error.message : t`The server cannot be reached. Try again when the connection is back.`);
    } finally {
      setConfirmDelete(null);
    }
  };

  const editedArea = typeof editing === 'number' ? areas.find((a) => a.id === editing) : undefined;

  return (
    <main className="staff-page areas-page">
      <h1>
        <Trans>Delivery areas</Trans>
      </h1>
      <NeedsNetwork />
      <p className="staff-muted">
        <Trans>Where you deliver, with the minimum order and delivery fee of each area. An address inside a zone, or with one of its postcodes, belongs to that area.</Trans>
      </p>
      <p role="status" aria-live="polite" className={status ? 'staff-note' : 'areas-status'}>
        {status ?? ''}
      </p>
      {view.isError ? (
        <p className="staff-error">
          <Trans>The delivery areas cannot be loaded. Retrying…</Trans>
        </p>
      ) : null}
      <div className="areas-layout">
        <section className="staff-card areas-map-card" aria-labelledby="areas-map-title">
          <h2 id="areas-map-title">
            <Trans>Map</Trans>
          </h2>
          {view.data ? (
            editing === null ? (
              <ZoneMap zones={areas} restaurant={view.data.restaurant} selectedId={selectedId} onSelect={setSelectedId} />
            ) : null
          ) : (
            <p className="staff-muted">
              <Trans>Loading…</Trans>
            </p>
          )}
          {editing !== null && view.data ? (
            <AreaEditor
              key={String(editing)}
              area={editedArea}
              others={areas.flatMap((a, i) => (a.id === editing ? [] : [{ ...a, color: ZONE_COLORS[i % ZONE_COLORS.length] }]))}
              restaurant={view.data.restaurant}
              canEdit={canEdit}
              online={online}
              onDone={async (message) => {
                await refresh();
                close(message);
              }}
              onCancel={() => close()}
            />
          ) : null}
        </section>
        <section className="staff-card areas-list" aria-labelledby="areas-list-title">
          <h2 id="areas-list-title" tabIndex={-1} ref={listHeading}>
            <Trans>Areas</Trans>
          </h2>
          {areas.length === 0 && view.data ? (
            <p className="staff-muted">
              <Trans>No delivery areas yet. Add the first one to start delivering.</Trans>
            </p>
          ) : null}
          <ul>
            {areas.map((area, i) => (
              <li key={area.id} className={area.id === selectedId ? 'areas-item areas-item--selected' : 'areas-item'}>
                <button type="button" className="areas-item__name" aria-pressed={area.id === selectedId} onClick={() => setSelectedId(area.id === selectedId ? null : area.id)}>
                  <span className="areas-swatch" style={{ background: ZONE_COLORS[i % ZONE_COLORS.length] }} aria-hidden="true" />
                  {area.name}
                </button>
                <dl className="areas-item__facts">
                  <div>
                    <dt>
                      <Trans>Postcodes</Trans>
                    </dt>
                    <dd>{area.postcodes.join(', ') || '–'}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Minimum order</Trans>
                    </dt>
                    <dd>{money(area.minimumOrderCents)}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Delivery fee</Trans>
                    </dt>
                    <dd>{money(area.deliveryPriceCents)}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Free from</Trans>
                    </dt>
                    <dd>{area.freeDeliveryThresholdCents > 0 ? money(area.freeDeliveryThresholdCents) : t`never free`}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Zone</Trans>
                    </dt>
                    <dd>{area.polygon ? t`drawn` : t`postcodes only`}</dd>
                  </div>
                </dl>
                {canEdit ? (
                  <div className="areas-item__actions">
                    <button type="button" className="staff-button staff-button--small" disabled={!online} onClick={(e) => open(area.id, e.currentTarget)}>
                      <Trans>Edit</Trans>
                      <span className="visually-hidden"> {area.name}</span>
                    </button>
                    {confirmDelete === area.id ? (
                      <>
                        <button type="button" className="staff-button staff-button--small staff-button--reject" disabled={!online} onClick={() => void remove(area)} autoFocus>
                          <Trans>Yes, delete {area.name}</Trans>
                        </button>
                        <button type="button" className="staff-button staff-button--small staff-button--quiet" onClick={() => setConfirmDelete(null)}>
                          <Trans>No, keep it</Trans>
                        </button>
                      </>
                    ) : (
                      <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={!online} onClick={() => setConfirmDelete(area.id)}>
                        <Trans>Delete</Trans>
                        <span className="visually-hidden"> {area.name}</span>
                      </button>
                    )}
                    {area.addressCount > 0 ? (
                      <p className="settings-field__hint">
                        <Trans>{area.addressCount} saved customer addresses lie in this area.</Trans>
                      </p>
                    ) : null}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
          {canEdit ? (
            <button type="button" className="staff-button staff-button--primary" disabled={!online || editing !== null} onClick={(e) => open('new', e.currentTarget)}>
              <Trans>Add a delivery area</Trans>
            </button>
          ) : (
            <p className="staff-muted">
              <Trans>You can read the delivery areas; the owner or a manager changes them.</Trans>
            </p>
          )}
        </section>
      </div>
    </main>
  );
}

interface EditorProps {
  area: AdminArea | undefined;
  others: (AdminArea & { color?: string })[];
  restaurant: { lat: number; lng: number } | null;
  canEdit: boolean;
  online: boolean;
  onDone: (message: string) => Promise<void>;
  onCancel: () => void;
}

function AreaEditor({ area, others, restaurant, canEdit, online, onDone, onCancel }: EditorProps) {
  const { t } = useLingui();
  const word = useAdminMessage();
  const [values, setValues] = useState<FormValues>(area ? formOf(area) : EMPTY);
  const [geoText, setGeoText] = useState(area?.polygon ? JSON.stringify(area.polygon) : '');
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<ZonePosition[] | null>(drawablePoints(area?.polygon ?? null));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { submit, errors, message, busy } = useEditSave<FormValues>(areaEditSchema, async (v) => {
    if (area) await staffCall('PUT', `/areas/${area.id}`, v);
    else await staffCall('POST', '/areas', v);
  });
  const set = (key: keyof FormValues, value: unknown) => setValues((old) => ({ ...old, [key]: value }));
  const setZone = (polygon: unknown, text?: string) => {
    set('polygon', polygon);
    setGeoText(text ?? (polygon ? JSON.stringify(polygon) : ''));
  };
  const pasteZone = (text: string) => {
    setGeoText(text);
    if (text.trim() === '') {
      set('polygon', null);
      setPoints(null);
      return;
    }
    try {
      const parsed: unknown = JSON.parse(text);
      set('polygon', parsed);
      setPoints(drawablePoints(parsed));
    } catch {
      // Not JSON at all: kept as text, so the schema marks the field with its reason.
      set('polygon', text);
    }
  };
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (file) pasteZone(await file.text());
  };
  const addPoint = (point: ZonePosition) => {
    const next = [...(points ?? []), point];
    setPoints(next);
    setZone(closedPolygon(next));
  };
  const undoPoint = () => {
    const next = (points ?? []).slice(0, -1);
    setPoints(next);
    setZone(closedPolygon(next));
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(values).then((ok) => {
      if (ok) void onDone(area ? t`"${values.name}" was saved.` : t`"${values.name}" was added.`);
      else requestAnimationFrame(() => document.querySelector<HTMLElement>('.areas-editor [aria-invalid="true"]')?.focus());
    });
  };
  const err = (key: string) => word(errors[key]);
  // A zone that is not one simple outline (several parts, holes) is shown whole; only a simple one is drawn on point by point.
  const shown = readZone(values.polygon).zone;
  const count = points?.length ?? 0;
  const amount = (key: 'minimumOrder' | 'deliveryPrice' | 'freeDeliveryThreshold', label: string, hint: string) => (
    <Field id={`area-${key}`} label={label} hint={hint} error={err(key)}>
      {(describedBy) => (
        <div className="areas-amount">
          <input
            id={`area-${key}`}
            inputMode="decimal"
            value={values[key]}
            aria-invalid={err(key) ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => set(key, e.target.value)}
          />
          <span aria-hidden="true">€</span>
        </div>
      )}
    </Field>
  );

  return (
    <form className="areas-editor" onSubmit={onSubmit} noValidate aria-labelledby="area-editor-title">
      <h3 id="area-editor-title" tabIndex={-1} ref={heading}>
        {area ? t`Edit "${area.name}"` : t`New delivery area`}
      </h3>
      <ZoneMap
        zones={[...others, ...(points === null && shown ? [{ id: -1, name: values.name || t`New area`, polygon: shown }] : [])]}
        restaurant={restaurant}
        selectedId={-1}
        draft={points}
        drawing={drawing}
        onAddPoint={addPoint}
      />
      <div className="areas-draw" role="group" aria-label={t`Draw the zone`}>
        <button type="button" className="staff-button staff-button--small" aria-pressed={drawing} onClick={() => setDrawing(!drawing)}>
          {drawing ? t`Finish drawing` : t`Draw on the map`}
        </button>
        <button type="button" className="staff-button staff-button--small staff-button--quiet" disabled={count === 0} onClick={undoPoint}>
          <Trans>Remove last point</Trans>
        </button>
        <button
          type="button"
          className="staff-button staff-button--small staff-button--quiet"
          disabled={values.polygon === null}
          onClick={() => {
            setPoints(null);
            setZone(null);
          }}
        >
          <Trans>Remove the zone</Trans>
        </button>
        <p className="settings-field__hint" aria-live="polite">
          {drawing ? plural(count, { one: 'Click the map at each corner of the zone, in order. # point so far.', other: 'Click the map at each corner of the zone, in order. # points so far.' }) : count ? plural(count, { one: 'The zone has # corner.', other: 'The zone has # corners.' }) : t`No zone: the postcodes decide.`}
        </p>
      </div>

      <Field id="area-name" label={t`Name`} hint={t`What diners see when they choose where to deliver, such as the district's name.`} error={err('name')}>
        {(describedBy) => <input id="area-name" value={values.name} maxLength={80} aria-invalid={err('name') ? true : undefined} aria-describedby={describedBy} onChange={(e) => set('name', e.target.value)} />}
      </Field>
      <Field id="area-postcodes" label={t`Postcodes`} hint={t`Addresses with these postcodes belong here when they are outside every zone; separate them with commas.`} error={err('postcodes')}>
        {(describedBy) => <input id="area-postcodes" value={values.postcodes} aria-invalid={err('postcodes') ? true : undefined} aria-describedby={describedBy} onChange={(e) => set('postcodes', e.target.value)} />}
      </Field>
      {amount('minimumOrder', t`Minimum order`, t`The smallest order you deliver here, such as 15,00; 0 for none.`)}
      {amount('deliveryPrice', t`Delivery fee`, t`What a delivery here costs the diner, such as 2,50.`)}
      {amount('freeDeliveryThreshold', t`Free delivery from`, t`From this order value delivery is free; 0 means it is never free.`)}
      <Field
        id="area-geojson"
        label={t`Zone as GeoJSON`}
        hint={t`Paste a polygon from a map tool such as geojson.io, or load a file; at most ${ZONE_MAX_POINTS} points.`}
        error={err('polygon')}
      >
        {(describedBy) => (
          <>
            <textarea id="area-geojson" rows={3} value={geoText} spellCheck={false} aria-invalid={err('polygon') ? true : undefined} aria-describedby={describedBy} onChange={(e) => pasteZone(e.target.value)} />
            <label className="areas-file">
              <Trans>Load a GeoJSON file</Trans>
              <input type="file" accept=".json,.geojson,application/geo+json,application/json" onChange={(e) => void readFile(e)} />
            </label>
          </>
        )}
      </Field>
      <div className="settings-group__actions">
        <button type="submit" className="staff-button staff-button--primary" disabled={busy || !online || !canEdit}>
          {busy ? t`Saving…` : t`Save area`}
        </button>
        <button type="button" className="staff-button staff-button--quiet" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <p role="status" aria-live="polite" className="staff-error">
          {message ?? ''}
        </p>
      </div>
    </form>
  );
}
