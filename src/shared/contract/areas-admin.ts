/**
 * Delivery areas in the back office (issue 14): the editor form and `POST|PUT /api/staff/areas`
 * validate with `areaEditSchema`. Amounts are typed as an owner writes them ("2,50") and stored in
 * cents; the zone is GeoJSON (lng/lat), imported or drawn.
 */
import * as yup from 'yup';
import { parseEuroText } from '../pricing/euro-text';
import { trimmedString } from './params';

export const AREA_MESSAGES = {
  name: 'area.name',
  postcodes: 'area.postcodes',
  amount: 'area.amount',
  zone: 'area.zone',
  required: 'validation.required',
  tooLong: 'validation.tooLong',
  unknownKey: 'settings.unknownKey',
} as const;
const M = AREA_MESSAGES;

/** A zone's points in all, over every ring: enough for a town district drawn street by street. */
export const ZONE_MAX_POINTS = 2000;
export const AREA_NAME_MAX = 80;
export const AREA_POSTCODES_MAX = 30;

/** GeoJSON order: longitude first (the same subset `server/geo/zones.ts` reads). */
export type ZonePosition = [number, number, ...number[]];
export type ZoneRing = ZonePosition[];
export type ZoneGeometry = { type: 'Polygon'; coordinates: ZoneRing[] } | { type: 'MultiPolygon'; coordinates: ZoneRing[][] };

/** Why a zone was refused, so the editor can say which rule it broke. */
export type ZoneProblem = 'type' | 'ring' | 'open' | 'coordinates' | 'tooMany';

function isPosition(value: unknown): value is ZonePosition {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) return false;
  const [lng, lat] = value as unknown[];
  return typeof lng === 'number' && typeof lat === 'number' && Number.isFinite(lng) && Number.isFinite(lat) && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

/** A ring: at least a triangle, closed (first point repeated last), and enclosing some area. */
function ringProblem(value: unknown): ZoneProblem | null {
  if (!Array.isArray(value) || value.length < 4) return 'ring';
  if (!value.every(isPosition)) return 'coordinates';
  const ring = value as ZoneRing;
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) return 'open';
  let twiceArea = 0;
  for (let i = 1; i < ring.length; i++) {
    const a = ring[i - 1];
    const b = ring[i];
    if (a && b) twiceArea += a[0] * b[1] - b[0] * a[1];
  }
  return Math.abs(twiceArea) > 1e-12 ? null : 'ring';
}

/**
 * A pasted or uploaded zone as the geometry we store: a GeoJSON Polygon or MultiPolygon, a Feature
 * holding one, or a FeatureCollection of exactly one such Feature. Null input means "no zone".
 */
export function readZone(input: unknown): { zone: ZoneGeometry | null; problem: ZoneProblem | null } {
  if (input === null || input === undefined) return { zone: null, problem: null };
  if (typeof input !== 'object' || Array.isArray(input)) return { zone: null, problem: 'type' };
  let geometry = input as { type?: unknown; coordinates?: unknown; geometry?: unknown; features?: unknown };
  if (geometry.type === 'FeatureCollection') {
    const features = geometry.features;
    if (!Array.isArray(features) || features.length !== 1) return { zone: null, problem: 'type' };
    geometry = features[0] as typeof geometry;
  }
  if (geometry && geometry.type === 'Feature') geometry = geometry.geometry as typeof geometry;
  if (!geometry || typeof geometry !== 'object') return { zone: null, problem: 'type' };
  const polygons: unknown[] =
    geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' && Array.isArray(geometry.coordinates) ? geometry.coordinates : [];
  if (polygons.length === 0 || polygons.some((rings) => !Array.isArray(rings) || rings.length === 0)) return { zone: null, problem: 'type' };
  let points = 0;
  for (const rings of polygons as unknown[][]) {
    for (const ring of rings) {
      if (Array.isArray(ring)) points += ring.length;
      if (points > ZONE_MAX_POINTS) return { zone: null, problem: 'tooMany' };
      const problem = ringProblem(ring);
      if (problem) return { zone: null, problem };
    }
  }
  // Only what a zone needs is kept: no properties, no ids, no altitude.
  const clean = (rings: ZoneRing[]): ZoneRing[] => rings.map((ring) => ring.map(([lng, lat]) => [lng, lat] as ZonePosition));
  const zone: ZoneGeometry =
    geometry.type === 'Polygon'
      ? { type: 'Polygon', coordinates: clean(geometry.coordinates as ZoneRing[]) }
      : { type: 'MultiPolygon', coordinates: (geometry.coordinates as ZoneRing[][]).map(clean) };
  return { zone, problem: null };
}

/** "20259, 20257 20253" → ['20259', '20257', '20253'], or null when one of them is no postcode. */
export function parsePostcodes(raw: string): string[] | null {
  const parts = raw.split(/[,;\s]+/).filter(Boolean);
  if (parts.length > AREA_POSTCODES_MAX) return null;
  return parts.every((p) => /^[A-Za-z0-9-]{3,10}$/.test(p)) ? [...new Set(parts)] : null;
}

const amount = () =>
  trimmedString()
    .max(20, M.amount)
    .defined(M.required)
    .test('amount', M.amount, (v) => parseEuroText(v ?? '') !== null);

export const areaEditSchema = yup
  .object({
    name: trimmedString().min(1, M.name).max(AREA_NAME_MAX, M.tooLong).required(M.name),
    postcodes: trimmedString()
      .max(400, M.tooLong)
      .default('')
      .test('postcodes', M.postcodes, (v) => parsePostcodes(v ?? '') !== null),
    minimumOrder: amount(),
    deliveryPrice: amount(),
    freeDeliveryThreshold: amount(),
    polygon: yup
      .mixed<object>()
      .nullable()
      .default(null)
      .test('zone', M.zone, (v) => readZone(v).problem === null),
  })
  .exact(M.unknownKey)
  .required();

export type AreaEditValues = yup.InferType<typeof areaEditSchema>;

/** One area as the editor reads it: amounts in cents and as typed text, the zone as stored. */
export interface AdminArea {
  id: number;
  name: string;
  zipcode: string;
  postcodes: string[];
  minimumOrderCents: number;
  deliveryPriceCents: number;
  freeDeliveryThresholdCents: number;
  polygon: ZoneGeometry | null;
  /** Customers' saved addresses in this area: while there are any, it cannot be deleted. */
  addressCount: number;
}

export interface AreasAdminView {
  areas: AdminArea[];
  /** The restaurant's pin on the map (RESTAURANT_COORDINATES), if set. */
  restaurant: { lat: number; lng: number } | null;
}
