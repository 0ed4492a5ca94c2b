import { DEFAULT_SEARCH_LIMIT, GeocoderUnavailable, type Geocoder, type LatLng, type Place, type Suggestion } from './geocoder';
import type { BBox } from './zones';

/*
 * An adapter for a Nominatim-compatible service (https://nominatim.org/release-docs/latest/api/).
 * The public instance at nominatim.openstreetmap.org allows one request a second and forbids
 * search-as-you-type, so autocomplete belongs on an instance of our own or a commercial one.
 */

export interface NominatimOptions {
  baseUrl: string;
  /** Nominatim's usage policy asks every client to name itself. */
  userAgent: string;
  /** ISO 3166-1 alpha-2 codes, comma-separated, e.g. 'de'. */
  countryCodes: string;
  /** Preferred area; with `bounded` searches keep to it. */
  viewbox?: BBox;
  fetchImpl?: typeof fetch;
  /** Per request; 5 s unless given. */
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const DEFAULT_TIMEOUT_MS = 5000;
/** Nominatim answers at most 40 results. */
const MAX_LIMIT = 40;
const OSM_TYPES: Record<string, string> = { node: 'N', way: 'W', relation: 'R' };

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function firstText(record: Json, keys: string[]): string {
  for (const key of keys) {
    const value = text(record[key]);
    if (value) return value;
  }
  return '';
}

/** 'osm:W123' for way 123; null when the result is no OSM object (Nominatim's postcode centroids). */
function placeIdOf(result: Json): string | null {
  const type = OSM_TYPES[text(result.osm_type)];
  const id = result.osm_id;
  if (!type || typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return `osm:${type}${id}`;
}

/** "Street Housenumber, Postcode City"; parts that are missing are left out, display_name is the last resort. */
function formatAddress(result: Json): string {
  const address = isJson(result.address) ? result.address : {};
  const street = firstText(address, ['road', 'pedestrian', 'footway', 'path', 'square', 'place', 'residential']);
  const line1 = [street, street ? text(address.house_number) : ''].filter(Boolean).join(' ');
  const city = firstText(address, ['city', 'town', 'village', 'municipality', 'hamlet', 'suburb', 'state']);
  const line2 = [text(address.postcode), city].filter(Boolean).join(' ');
  const formatted = [line1, line2].filter(Boolean).join(', ');
  return formatted || text(result.display_name);
}

/** jsonv2 sends coordinates as strings; some compatible services send numbers. */
function coordinate(value: unknown): number {
  if (typeof value === 'number') return value;
  const s = text(value);
  return s ? Number(s) : Number.NaN;
}

function coordinatesOf(result: Json): LatLng | null {
  const lat = coordinate(result.lat);
  const lng = coordinate(result.lon);
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

function toPlace(result: Json): Place | null {
  const placeId = placeIdOf(result);
  const coordinates = coordinatesOf(result);
  const address = formatAddress(result);
  if (!placeId || !coordinates || !address) return null;
  const zipcode = isJson(result.address) ? text(result.address.postcode) : '';
  return { placeId, address, zipcode, coordinates };
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function get(path: string, params: Record<string, string>, lang: string): Promise<unknown> {
    const url = new URL(path, base);
    for (const [key, value] of Object.entries({ ...params, format: 'jsonv2', 'accept-language': lang })) {
      url.searchParams.set(key, value);
    }
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { 'User-Agent': options.userAgent, 'Accept-Language': lang, Accept: 'application/json' },
        // Also bounds reading the body, which the signal aborts too.
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new GeocoderUnavailable(`Geocoder request to ${url.pathname} failed`, { cause: error });
    }
    if (!response.ok) {
      // Release the connection; the body of an error page is of no use.
      await response.body?.cancel().catch(() => undefined);
      throw new GeocoderUnavailable(`Geocoder answered ${response.status} to ${url.pathname}`);
    }
    try {
      return await response.json();
    } catch (error) {
      throw new GeocoderUnavailable(`Geocoder sent an unreadable answer to ${url.pathname}`, { cause: error });
    }
  }

  return {
    async search(q, { lang, limit: wanted = DEFAULT_SEARCH_LIMIT, bounded = false }) {
      const query = q.trim();
      const limit = Math.min(MAX_LIMIT, Math.floor(wanted));
      if (!query || !(limit > 0)) return [];
      const params: Record<string, string> = {
        q: query,
        addressdetails: '1',
        // Nominatim often lists one street as several ways: ask for a few more and drop the doubles.
        limit: String(Math.min(MAX_LIMIT, limit * 2)),
        countrycodes: options.countryCodes,
      };
      // Without a viewbox there is no region to keep to, so `bounded` has nothing to do.
      if (options.viewbox) {
        params.viewbox = options.viewbox.join(',');
        if (bounded) params.bounded = '1';
      }
      const body = await get('search', params, lang);
      if (!Array.isArray(body)) throw new GeocoderUnavailable('Geocoder search answered no list');
      const seen = new Set<string>();
      const suggestions: Suggestion[] = [];
      for (const item of body) {
        const place = isJson(item) ? toPlace(item) : null;
        if (!place || seen.has(place.address)) continue;
        seen.add(place.address);
        suggestions.push({ placeId: place.placeId, address: place.address });
        if (suggestions.length === limit) break;
      }
      return suggestions;
    },

    async place(placeId, lang) {
      const match = /^osm:([NWR]\d{1,15})$/.exec(placeId);
      if (!match?.[1]) return null;
      const body = await get('lookup', { osm_ids: match[1], addressdetails: '1' }, lang);
      if (!Array.isArray(body)) throw new GeocoderUnavailable('Geocoder lookup answered no list');
      const first: unknown = body[0];
      return isJson(first) ? toPlace(first) : null;
    },

    async reverse(point, lang) {
      if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
      const body = await get(
        'reverse',
        // zoom 18 asks for a building, so the answer carries a house number where OSM has one.
        { lat: String(point.lat), lon: String(point.lng), zoom: '18', addressdetails: '1' },
        lang,
      );
      if (!isJson(body)) throw new GeocoderUnavailable('Geocoder reverse answered no object');
      // Nominatim answers 200 with { error: 'Unable to geocode' } for a point in the sea.
      if ('error' in body) return null;
      return toPlace(body);
    },
  };
}
