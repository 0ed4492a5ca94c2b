import type { LatLng } from './geocoder';

/*
 * The GeoJSON subset a delivery zone is stored as (RFC 7946). Defined here rather than taken from
 * @types/geojson: two geometry types are all we accept, and the schema stores exactly these.
 */

/** GeoJSON order: longitude first. Any altitude after lat is ignored. */
export type Position = [lng: number, lat: number, ...rest: number[]];
/** A closed ring: the first position is repeated at the end. */
export type LinearRing = Position[];

export interface PolygonGeometry {
  type: 'Polygon';
  /** The outer ring first, then its holes. */
  coordinates: LinearRing[];
}

export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: LinearRing[][];
}

export type ZonePolygon = PolygonGeometry | MultiPolygonGeometry;

/** GeoJSON bbox order, which is also Nominatim's viewbox order. */
export type BBox = [minLng: number, minLat: number, maxLng: number, maxLat: number];

/** Ray casting; a point exactly on an edge may land on either side, which no real address does. */
function ringContains(ring: LinearRing, lng: number, lat: number): boolean {
  let inside = false;
  let prev = ring[ring.length - 1];
  if (!prev) return false;
  for (const cur of ring) {
    const [xi, yi] = cur;
    const [xj, yj] = prev;
    // The first test also excludes horizontal edges, so the division below never divides by zero.
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    prev = cur;
  }
  return inside;
}

function polygonContains(rings: LinearRing[], lng: number, lat: number): boolean {
  const [outer, ...holes] = rings;
  if (!outer || !ringContains(outer, lng, lat)) return false;
  return !holes.some((hole) => ringContains(hole, lng, lat));
}

/** Whether the point lies inside the polygon and outside its holes. */
export function pointInPolygon(point: LatLng, polygon: ZonePolygon): boolean {
  const { lat, lng } = point;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (polygon.type === 'Polygon') return polygonContains(polygon.coordinates, lng, lat);
  return polygon.coordinates.some((rings) => polygonContains(rings, lng, lat));
}

/** Postcodes are compared without spaces, so ' 20259' and '20 259' still match. */
function normalizePostcode(code: string | null): string {
  return (code ?? '').replace(/\s+/g, '');
}

/**
 * The delivery area for a location: a polygon hit wins; otherwise the postcode decides, which also
 * covers addresses saved without coordinates. Null means out of range. Among several matches the
 * lowest id wins, so the answer never depends on the order the rows were read in.
 */
export function areaFor<A extends { id: number; polygon: ZonePolygon | null; postcodes: string[] }>(
  areas: A[],
  point: LatLng | null,
  zipcode: string | null,
): A | null {
  const byId = [...areas].sort((a, b) => a.id - b.id);
  if (point) {
    const hit = byId.find((a) => a.polygon !== null && pointInPolygon(point, a.polygon));
    if (hit) return hit;
  }
  const code = normalizePostcode(zipcode);
  if (!code) return null;
  return byId.find((a) => a.postcodes.some((p) => normalizePostcode(p) === code)) ?? null;
}

function isPosition(value: unknown): value is Position {
  if (!Array.isArray(value) || value.length < 2) return false;
  if (!value.every((n) => typeof n === 'number' && Number.isFinite(n))) return false;
  const [lng, lat] = value as number[];
  return lng !== undefined && lat !== undefined && Math.abs(lng) <= 180 && Math.abs(lat) <= 90;
}

function isRing(value: unknown): value is LinearRing {
  if (!Array.isArray(value) || value.length < 4 || !value.every(isPosition)) return false;
  const first = value[0] as Position;
  const last = value[value.length - 1] as Position;
  return first[0] === last[0] && first[1] === last[1];
}

function isRings(value: unknown): value is LinearRing[] {
  return Array.isArray(value) && value.length > 0 && value.every(isRing);
}

/** For zones that arrive as JSON (an admin upload, a jsonb column): the shape `pointInPolygon` relies on. */
export function isZonePolygon(value: unknown): value is ZonePolygon {
  if (typeof value !== 'object' || value === null) return false;
  const { type, coordinates } = value as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return isRings(coordinates);
  if (type === 'MultiPolygon') return Array.isArray(coordinates) && coordinates.length > 0 && coordinates.every(isRings);
  return false;
}

/** The box around all the zones, e.g. to keep geocoder results inside the delivery region; null for none. */
export function bboxOf(polygons: ZonePolygon[]): BBox | null {
  let box: BBox | null = null;
  for (const polygon of polygons) {
    const polys = polygon.type === 'Polygon' ? [polygon.coordinates] : polygon.coordinates;
    for (const rings of polys) {
      // Holes lie inside the outer ring, so the outer ring alone bounds the polygon.
      for (const [lng, lat] of rings[0] ?? []) {
        box = box
          ? [Math.min(box[0], lng), Math.min(box[1], lat), Math.max(box[2], lng), Math.max(box[3], lat)]
          : [lng, lat, lng, lat];
      }
    }
  }
  return box;
}

/** Whether a point lies in a box (edges included). */
export function inBBox(point: LatLng, box: BBox): boolean {
  return point.lng >= box[0] && point.lat >= box[1] && point.lng <= box[2] && point.lat <= box[3];
}

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance in metres (haversine). */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}
