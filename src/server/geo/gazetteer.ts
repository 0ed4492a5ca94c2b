import { gazetteerCity, gazetteerStreets, demoRegion, type GazetteerStreet } from './gazetteer-data';
import { DEFAULT_SEARCH_LIMIT, type Geocoder, type LatLng, type Place, type Suggestion } from './geocoder';
import { inBBox, type BBox } from './zones';

export interface GazetteerOptions {
  streets?: GazetteerStreet[];
  /** What `bounded` searches keep to; the demo region unless given. */
  bounds?: BBox;
  /** How far from a street `reverse` still answers. */
  reverseRadiusMeters?: number;
}

interface HouseNumber {
  value: number;
  /** '' or one lower-case letter, as in 12a. */
  suffix: string;
}

interface Entry {
  street: GazetteerStreet;
  slug: string;
  /** The folded name without separators, and its tails from each later word on. */
  keys: string[];
}

const PLACE_ID_PREFIX = 'gz:';
/** Words a user may add that no street name contains. */
const NOISE_WORDS = new Set(['hamburg', 'deutschland', 'germany']);
const METERS_PER_DEGREE = 111_195;

/** The placeId part for a street: 'Eppendorfer Landstraße' → 'eppendorfer-landstrasse'. */
export function streetSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Text for matching: 'Heußweg', 'heussweg' and 'HEUSSWEG' fold alike, and so do 'Gärtnerstraße' and
 * 'Gaertnerstrasse' (umlauts and their ae/oe/ue spellings both become the plain vowel).
 */
function fold(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/([aou])e/g, '$1');
}

function words(text: string): string[] {
  return fold(text)
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

function toEntry(street: GazetteerStreet): Entry {
  const parts = words(street.name);
  return {
    street,
    slug: streetSlug(street.name),
    keys: parts.map((_, i) => parts.slice(i).join('')),
  };
}

interface Query {
  /** The street words joined without separators, so 'Oster Str' and 'Osterstr' look alike. */
  street: string;
  postcodePrefix: string | null;
  number: HouseNumber | null;
}

function parseQuery(q: string): Query {
  const tokens = words(q);
  let postcode: string | null = null;
  let number: HouseNumber | null = null;
  const streetWords: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    if (/^\d{5}$/.test(token)) {
      postcode ??= token;
      continue;
    }
    const house = /^(\d{1,4})([a-z]?)$/.exec(token);
    if (house) {
      if (!number) {
        let suffix = house[2] ?? '';
        // '12 a' is written apart as often as '12a'.
        const next = tokens[i + 1];
        if (!suffix && next !== undefined && /^[a-z]$/.test(next)) {
          suffix = next;
          i++;
        }
        number = { value: Number(house[1]), suffix };
      }
      continue;
    }
    if (/\d/.test(token) || NOISE_WORDS.has(token)) continue;
    streetWords.push(token);
  }
  const streetKey = streetWords.join('');
  // A bare '202' or '2025' is no house number without a street: read it as the start of a postcode.
  if (!streetKey && !postcode && number && !number.suffix && number.value >= 100) {
    return { street: '', postcodePrefix: String(number.value), number: null };
  }
  return { street: streetKey, postcodePrefix: postcode, number };
}

/** 0: the whole name, 1: its start, 2: the start of a later word (e.g. 'landstr'); null: no match. */
function matchRank(entry: Entry, key: string): number | null {
  const [full, ...tails] = entry.keys;
  if (full === undefined) return null;
  if (full === key) return 0;
  if (full.startsWith(key)) return 1;
  return tails.some((tail) => tail.startsWith(key)) ? 2 : null;
}

function hasNumber(street: GazetteerStreet, value: number): boolean {
  const [first, last] = street.numbers;
  return value >= Math.min(first, last) && value <= Math.max(first, last);
}

/** Six decimals is about 10 cm: enough, and the same digits on every run. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

function pointAt(street: GazetteerStreet, t: number): LatLng {
  return {
    lat: round6(street.start.lat + t * (street.end.lat - street.start.lat)),
    lng: round6(street.start.lng + t * (street.end.lng - street.start.lng)),
  };
}

function houseFraction(street: GazetteerStreet, value: number): number {
  const [first, last] = street.numbers;
  return first === last ? 0.5 : (value - first) / (last - first);
}

function toPlace(entry: Entry, number: HouseNumber | null): Place {
  const { street } = entry;
  const label = number ? `${number.value}${number.suffix}` : '';
  return {
    placeId: `${PLACE_ID_PREFIX}${entry.slug}${label ? `:${label}` : ''}`,
    address: `${street.name}${label ? ` ${label}` : ''}, ${street.postcode} ${gazetteerCity}`,
    zipcode: street.postcode,
    // Without a number the street's middle stands for it.
    coordinates: pointAt(street, number ? houseFraction(street, number.value) : 0.5),
  };
}

/** Nearest point of the segment to `p`, in metres on a local flat projection (fine at street scale). */
function nearestOnSegment(street: GazetteerStreet, p: LatLng): { t: number; meters: number } {
  const kx = Math.cos((p.lat * Math.PI) / 180) * METERS_PER_DEGREE;
  const ky = METERS_PER_DEGREE;
  const ax = (street.start.lng - p.lng) * kx;
  const ay = (street.start.lat - p.lat) * ky;
  const dx = (street.end.lng - street.start.lng) * kx;
  const dy = (street.end.lat - street.start.lat) * ky;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.min(1, Math.max(0, -(ax * dx + ay * dy) / len2));
  return { t, meters: Math.hypot(ax + t * dx, ay + t * dy) };
}

/** A Geocoder over a fixed list of streets: no network, the same answers every time. */
export function createGazetteerGeocoder(options: GazetteerOptions = {}): Geocoder {
  const entries = (options.streets ?? gazetteerStreets).map(toEntry);
  const bySlug = new Map(entries.map((e) => [e.slug, e]));
  const bounds = options.bounds ?? demoRegion;
  const radius = options.reverseRadiusMeters ?? 150;

  return {
    async search(q, { limit = DEFAULT_SEARCH_LIMIT, bounded = false }) {
      const query = parseQuery(q);
      if (!query.street && !query.postcodePrefix) return [];
      const hits: { rank: number; name: string; place: Place }[] = [];
      for (const entry of entries) {
        const { street } = entry;
        if (query.postcodePrefix && !street.postcode.startsWith(query.postcodePrefix)) continue;
        const rank = query.street ? matchRank(entry, query.street) : 0;
        if (rank === null) continue;
        // A number the street does not have still finds the street, so the user can correct it.
        const number = query.street && query.number && hasNumber(street, query.number.value) ? query.number : null;
        const place = toPlace(entry, number);
        if (bounded && !inBBox(place.coordinates, bounds)) continue;
        hits.push({ rank, name: fold(street.name), place });
      }
      hits.sort(
        (a, b) =>
          a.rank - b.rank ||
          compare(a.name, b.name) ||
          compare(a.place.zipcode, b.place.zipcode) ||
          compare(a.place.placeId, b.place.placeId),
      );
      return hits
        .slice(0, Math.max(0, limit))
        .map(({ place }): Suggestion => ({ placeId: place.placeId, address: place.address }));
    },

    async place(placeId) {
      const match = /^gz:([a-z0-9-]+)(?::(\d{1,4})([a-z]?))?$/.exec(placeId);
      const entry = match?.[1] ? bySlug.get(match[1]) : undefined;
      if (!match || !entry) return null;
      if (match[2] === undefined) return toPlace(entry, null);
      const number = { value: Number(match[2]), suffix: match[3] ?? '' };
      return hasNumber(entry.street, number.value) ? toPlace(entry, number) : null;
    },

    async reverse(point) {
      if (!Number.isFinite(point.lat) || !Number.isFinite(point.lng)) return null;
      let best: { entry: Entry; t: number; meters: number } | null = null;
      for (const entry of entries) {
        const near = nearestOnSegment(entry.street, point);
        // Strictly nearer only: on a tie the earlier street wins, so the answer is stable.
        if (!best || near.meters < best.meters) best = { entry, ...near };
      }
      if (!best || best.meters > radius) return null;
      const [first, last] = best.entry.street.numbers;
      return toPlace(best.entry, { value: Math.round(first + best.t * (last - first)), suffix: '' });
    },
  };
}

/** Code-unit order: unlike localeCompare it cannot differ between ICU builds. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
