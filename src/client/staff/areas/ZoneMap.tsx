import { useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import type { ZoneGeometry, ZonePosition } from '../../../shared/contract/areas-admin';

/** Distinct, calm colours for the zones; the selected one is drawn stronger, never only by colour. */
export const ZONE_COLORS = ['#1d4ed8', '#b45309', '#047857', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#a21caf'];

export interface MapZone {
  id: number;
  name: string;
  polygon: ZoneGeometry | null;
  /** Its colour, kept when the map shows only some of the zones (the editor leaves out the one being drawn). */
  color?: string;
}

interface Props {
  zones: MapZone[];
  restaurant: { lat: number; lng: number } | null;
  selectedId: number | null;
  /** The zone being edited (drawn or imported), drawn on top with its points. */
  draft?: ZonePosition[] | null;
  drawing?: boolean;
  onSelect?: (id: number) => void;
  onAddPoint?: (point: ZonePosition) => void;
}

const WIDTH = 1000;

function outerRings(polygon: ZoneGeometry | null): ZonePosition[][] {
  if (!polygon) return [];
  return polygon.type === 'Polygon' ? polygon.coordinates.slice(0, 1) : polygon.coordinates.map((p) => p[0] ?? []);
}

function allRings(polygon: ZoneGeometry | null): ZonePosition[][] {
  if (!polygon) return [];
  return polygon.type === 'Polygon' ? polygon.coordinates : polygon.coordinates.flat();
}

/**
 * All delivery zones drawn from our own data as inline SVG (no tile server: the machine may have
 * no way out, and diners' areas are ours to show). Longitude is scaled by the cosine of the middle
 * latitude, so a district keeps its shape at this scale.
 */
export function ZoneMap({ zones, restaurant, selectedId, draft, drawing, onSelect, onAddPoint }: Props) {
  const { t } = useLingui();
  const points: ZonePosition[] = [
    ...zones.flatMap((z) => outerRings(z.polygon).flat()),
    ...(draft ?? []),
    ...(restaurant ? [[restaurant.lng, restaurant.lat] as ZonePosition] : []),
  ];
  if (points.length === 0) {
    return <p className="areas-map__empty">{t`No zone drawn yet: the map appears once an area has a zone or the restaurant has a map position.`}</p>;
  }
  const lngs = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  let [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  // A lone point (only the restaurant) gets a neighbourhood of about a kilometre around it.
  const spanFloor = 0.01;
  if (maxLng - minLng < spanFloor) [minLng, maxLng] = [minLng - spanFloor, maxLng + spanFloor];
  if (maxLat - minLat < spanFloor) [minLat, maxLat] = [minLat - spanFloor, maxLat + spanFloor];
  const kx = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const pad = 0.08;
  const spanX = (maxLng - minLng) * kx;
  const spanY = maxLat - minLat;
  const scale = WIDTH / (spanX * (1 + 2 * pad));
  const height = Math.round(spanY * (1 + 2 * pad) * scale);
  const x = (lng: number) => ((lng - minLng) * kx + spanX * pad) * scale;
  const y = (lat: number) => ((maxLat - lat) + spanY * pad) * scale;
  const path = (ring: ZonePosition[]) => ring.map(([lng, lat], i) => `${i ? 'L' : 'M'}${x(lng).toFixed(1)},${y(lat).toFixed(1)}`).join('') + 'Z';
  const centre = (ring: ZonePosition[]) => {
    const body = ring.length > 1 ? ring.slice(0, -1) : ring;
    return [body.reduce((s, p) => s + x(p[0]), 0) / body.length, body.reduce((s, p) => s + y(p[1]), 0) / body.length] as const;
  };

  const addPoint = (e: MouseEvent<SVGSVGElement>) => {
    if (!drawing || !onAddPoint) return;
    const svg = e.currentTarget;
    const matrix = svg.getScreenCTM();
    if (!matrix) return;
    const local = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    const lng = minLng + (local.x / scale - spanX * pad) / kx;
    const lat = maxLat - (local.y / scale - spanY * pad);
    onAddPoint([Number(lng.toFixed(6)), Number(lat.toFixed(6))]);
  };

  const names = zones.filter((z) => z.polygon).map((z) => z.name).join(', ');
  return (
    <svg
      className={`areas-map${drawing ? ' areas-map--drawing' : ''}`}
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-label={t`Map of the delivery zones: ${names}`}
      data-testid="zone-map"
      onClick={addPoint}
    >
      <rect x="0" y="0" width={WIDTH} height={height} className="areas-map__ground" />
      {zones.map((zone, i) => {
        const rings = allRings(zone.polygon);
        if (rings.length === 0) return null;
        const color = zone.color ?? ZONE_COLORS[i % ZONE_COLORS.length];
        const selected = zone.id === selectedId;
        const labelAt = outerRings(zone.polygon)[0];
        const [cx, cy] = labelAt ? centre(labelAt) : [0, 0];
        return (
          <g key={zone.id} data-zone={zone.name} className={selected ? 'areas-map__zone areas-map__zone--selected' : 'areas-map__zone'} onClick={drawing ? undefined : () => onSelect?.(zone.id)}>
            <title>{zone.name}</title>
            <path d={rings.map(path).join('')} fill={color} fillOpacity={selected ? 0.45 : 0.2} stroke={color} strokeWidth={selected ? 6 : 2.5} fillRule="evenodd" strokeDasharray={selected ? undefined : '0'} />
            <text x={cx} y={cy} textAnchor="middle" dominantBaseline="middle" className="areas-map__label">
              {zone.name}
            </text>
          </g>
        );
      })}
      {draft && draft.length ? (
        <g className="areas-map__draft">
          <path d={draft.map(([lng, lat], i) => `${i ? 'L' : 'M'}${x(lng).toFixed(1)},${y(lat).toFixed(1)}`).join('') + (draft.length > 2 ? 'Z' : '')} />
          {draft.map(([lng, lat], i) => (
            <circle key={i} cx={x(lng)} cy={y(lat)} r={7} />
          ))}
        </g>
      ) : null}
      {restaurant ? (
        <g className="areas-map__restaurant">
          <circle cx={x(restaurant.lng)} cy={y(restaurant.lat)} r={12} />
          <text x={x(restaurant.lng) + 18} y={y(restaurant.lat) + 6}>
            {t`Your restaurant`}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
