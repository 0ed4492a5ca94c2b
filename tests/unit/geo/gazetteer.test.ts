import { describe, expect, it } from 'vitest';
import { createGazetteerGeocoder, streetSlug } from '../../../src/server/geo/gazetteer';
import { gazetteerStreets, type GazetteerStreet } from '../../../src/server/geo/gazetteer-data';
import type { LatLng } from '../../../src/server/geo/geocoder';
import { distanceMeters } from '../../../src/server/geo/zones';

const geo = createGazetteerGeocoder();
const de = { lang: 'de' };

async function addresses(q: string, options: { limit?: number; bounded?: boolean } = {}): Promise<string[]> {
  return (await geo.search(q, { ...de, ...options })).map((s) => s.address);
}

function streetNamed(name: string): GazetteerStreet {
  const street = gazetteerStreets.find((s) => s.name === name);
  if (!street) throw new Error(`no ${name} in the gazetteer`);
  return street;
}

/** `meters` to the left of the street's direction, from the point at fraction `t`. */
function offsetFrom(street: GazetteerStreet, t: number, meters: number): LatLng {
  const k = Math.cos((street.start.lat * Math.PI) / 180);
  const dx = (street.end.lng - street.start.lng) * k;
  const dy = street.end.lat - street.start.lat;
  const len = Math.hypot(dx, dy);
  const deg = meters / 111_195;
  return {
    lat: street.start.lat + t * dy + (dx / len) * deg,
    lng: street.start.lng + t * (street.end.lng - street.start.lng) + (-dy / len) * (deg / k),
  };
}

describe('gazetteer data', () => {
  it('has 30-40 streets with unique names and slugs, sane numbers and Hamburg coordinates', () => {
    expect(gazetteerStreets.length).toBeGreaterThanOrEqual(30);
    expect(gazetteerStreets.length).toBeLessThanOrEqual(40);
    expect(new Set(gazetteerStreets.map((s) => s.name)).size).toBe(gazetteerStreets.length);
    expect(new Set(gazetteerStreets.map((s) => streetSlug(s.name))).size).toBe(gazetteerStreets.length);
    for (const s of gazetteerStreets) {
      expect(s.postcode).toMatch(/^\d{5}$/);
      expect(s.numbers[0]).toBeGreaterThanOrEqual(1);
      expect(s.numbers[1]).toBeGreaterThan(s.numbers[0]);
      for (const p of [s.start, s.end]) {
        expect(p.lat).toBeGreaterThan(53.4);
        expect(p.lat).toBeLessThan(53.7);
        expect(p.lng).toBeGreaterThan(9.8);
        expect(p.lng).toBeLessThan(10.2);
      }
      // A real street, not a typo of a coordinate: between 100 m and 2 km long.
      expect(distanceMeters(s.start, s.end)).toBeGreaterThan(100);
      expect(distanceMeters(s.start, s.end)).toBeLessThan(2000);
    }
  });

  it('slugs fold umlauts, ß and spaces', () => {
    expect(streetSlug('Osterstraße')).toBe('osterstrasse');
    expect(streetSlug('Eppendorfer Landstraße')).toBe('eppendorfer-landstrasse');
    expect(streetSlug('Gärtnerstraße')).toBe('gaertnerstrasse');
    expect(streetSlug('Max-Brauer-Allee')).toBe('max-brauer-allee');
    expect(streetSlug('Lüneburger Straße')).toBe('lueneburger-strasse');
  });
});

describe('gazetteer search', () => {
  it.each([
    'Osterstraße 12',
    'Osterstr 12',
    'Osterstr. 12',
    'osterstraße 12, 20259',
    'OSTERSTRASSE 12',
    'Oster Straße 12',
    '12 Osterstraße',
    'Osterstraße 12, 20259 Hamburg',
  ])('finds %s', async (q) => {
    const [first] = await geo.search(q, de);
    expect(first).toEqual({ placeId: 'gz:osterstrasse:12', address: 'Osterstraße 12, 20259 Hamburg' });
  });

  it('is tolerant of ß, umlauts and their ae/oe/ue spellings', async () => {
    expect(await addresses('Heussweg 5')).toEqual(['Heußweg 5, 20259 Hamburg']);
    expect(await addresses('Gaertnerstrasse 3')).toEqual(['Gärtnerstraße 3, 20253 Hamburg']);
    expect(await addresses('gärtnerstr 3')).toEqual(['Gärtnerstraße 3, 20253 Hamburg']);
    expect(await addresses('Lueneburger Str. 4')).toEqual(['Lüneburger Straße 4, 21073 Hamburg']);
    expect(await addresses('schaeferkampsallee')).toEqual(['Schäferkampsallee, 20259 Hamburg']);
    expect(await addresses('Goernestraße 7')).toEqual(['Goernestraße 7, 20249 Hamburg']);
  });

  it('completes prefixes, whole names first, then alphabetically', async () => {
    expect(await addresses('oster')).toEqual(['Osterstraße, 20259 Hamburg']);
    expect(await addresses('eppendorfer')).toEqual([
      'Eppendorfer Baum, 20249 Hamburg',
      'Eppendorfer Landstraße, 20249 Hamburg',
      'Eppendorfer Weg, 20253 Hamburg',
    ]);
    expect(await addresses('ma')).toEqual(['Martinistraße, 20249 Hamburg', 'Max-Brauer-Allee, 22765 Hamburg']);
    // A later word of the name matches too, after the names that start with the query.
    expect(await addresses('landstr')).toEqual(['Eppendorfer Landstraße, 20249 Hamburg']);
    expect(await addresses('eppendorfer landstr. 5')).toEqual(['Eppendorfer Landstraße 5, 20249 Hamburg']);
  });

  it('keeps a house number suffix', async () => {
    const [first] = await geo.search('Osterstraße 12a', de);
    expect(first).toEqual({ placeId: 'gz:osterstrasse:12a', address: 'Osterstraße 12a, 20259 Hamburg' });
    expect(await addresses('Osterstraße 12 A')).toEqual(['Osterstraße 12a, 20259 Hamburg']);
  });

  it('offers the street alone when it has no such number', async () => {
    expect(await geo.search('Lindenallee 99', de)).toEqual([{ placeId: 'gz:lindenallee', address: 'Lindenallee, 20259 Hamburg' }]);
  });

  it('lists the streets of a postcode, five unless told otherwise', async () => {
    const hoheluft = gazetteerStreets.filter((s) => s.postcode === '20253').map((s) => `${s.name}, 20253 Hamburg`);
    expect(hoheluft.length).toBeGreaterThan(5);
    const sorted = [...hoheluft].sort((a, b) => a.localeCompare(b, 'de'));
    expect(await addresses('20253')).toEqual(sorted.slice(0, 5));
    expect(await addresses('20253', { limit: 50 })).toEqual(sorted);
    expect(await addresses(' 20253 Hamburg ', { limit: 2 })).toEqual(sorted.slice(0, 2));
    // The start of a postcode, too.
    expect((await addresses('2025', { limit: 50 })).length).toBe(gazetteerStreets.filter((s) => s.postcode.startsWith('2025')).length);
  });

  it('filters by postcode when one is given with the street', async () => {
    expect(await addresses('Osterstraße 12, 20253')).toEqual([]);
    expect(await addresses('eppendorfer 20253')).toEqual(['Eppendorfer Weg, 20253 Hamburg']);
  });

  it('answers nothing for nothing, a bare number or an unknown street', async () => {
    expect(await addresses('')).toEqual([]);
    expect(await addresses('  , ')).toEqual([]);
    expect(await addresses('12')).toEqual([]);
    expect(await addresses('Hamburg')).toEqual([]);
    expect(await addresses('Reeperbahn 1')).toEqual([]);
    expect(await addresses('Osterstraße 12', { limit: 0 })).toEqual([]);
  });

  it('keeps to the delivery region when bounded', async () => {
    expect(await addresses('Max-Brauer-Allee 10')).toEqual(['Max-Brauer-Allee 10, 22765 Hamburg']);
    expect(await addresses('Max-Brauer-Allee 10', { bounded: true })).toEqual([]);
    expect(await addresses('Fuhlsbüttler Straße', { bounded: true })).toEqual([]);
    expect(await addresses('Osterstraße 12', { bounded: true })).toEqual(['Osterstraße 12, 20259 Hamburg']);
    const narrow = createGazetteerGeocoder({ bounds: [9.98, 53.58, 10, 53.6] });
    expect((await narrow.search('eppendorfer', { ...de, bounded: true })).map((s) => s.address)).toEqual([
      'Eppendorfer Baum, 20249 Hamburg',
      'Eppendorfer Landstraße, 20249 Hamburg',
    ]);
  });

  it('gives the same answer every time', async () => {
    const first = await geo.search('202', { ...de, limit: 50 });
    expect(first.length).toBeGreaterThan(20);
    expect(await geo.search('202', { ...de, limit: 50 })).toEqual(first);
  });
});

describe('gazetteer place', () => {
  it('resolves what search suggests, with the same address', async () => {
    for (const q of ['Osterstr 12', 'Eppendorfer Landstraße 5', 'Hoheluftchaussee 100', 'Osterstraße 12a', 'Lindenallee', '20249']) {
      for (const suggestion of await geo.search(q, de)) {
        const place = await geo.place(suggestion.placeId, 'de');
        expect(place?.address).toBe(suggestion.address);
        expect(place?.placeId).toBe(suggestion.placeId);
      }
    }
  });

  it('interpolates house numbers along the street', async () => {
    const street = streetNamed('Osterstraße');
    const first = await geo.place('gz:osterstrasse:1', 'de');
    const last = await geo.place('gz:osterstrasse:190', 'de');
    const middle = await geo.place('gz:osterstrasse:95', 'de');
    expect(first?.coordinates).toEqual(street.start);
    expect(last?.coordinates).toEqual(street.end);
    // 95 is half a number short of the middle of 1-190: some 3 m.
    expect(middle?.coordinates.lat).toBeCloseTo((street.start.lat + street.end.lat) / 2, 4);
    expect(middle?.coordinates.lng).toBeCloseTo((street.start.lng + street.end.lng) / 2, 4);
    expect(middle).toMatchObject({ placeId: 'gz:osterstrasse:95', address: 'Osterstraße 95, 20259 Hamburg', zipcode: '20259' });
    // A suffix names the same spot.
    expect((await geo.place('gz:osterstrasse:95b', 'de'))?.coordinates).toEqual(middle?.coordinates);
  });

  it('places a street without number at its middle', async () => {
    const street = streetNamed('Lindenallee');
    const place = await geo.place('gz:lindenallee', 'de');
    expect(place).toMatchObject({ placeId: 'gz:lindenallee', address: 'Lindenallee, 20259 Hamburg', zipcode: '20259' });
    expect(place?.coordinates.lat).toBeCloseTo((street.start.lat + street.end.lat) / 2, 5);
  });

  it('knows the restaurant address', async () => {
    const place = await geo.place('gz:lindenallee:12', 'de');
    expect(place).toEqual({
      placeId: 'gz:lindenallee:12',
      address: 'Lindenallee 12, 20259 Hamburg',
      zipcode: '20259',
      coordinates: { lat: 53.564485, lng: 9.961548 },
    });
  });

  it.each(['', 'gz:', 'gz:nowhere', 'gz:nowhere:1', 'gz:osterstrasse:0', 'gz:osterstrasse:191', 'gz:osterstrasse:12ab', 'GZ:osterstrasse:1', 'osm:N1', 'gz:osterstrasse:'])(
    'answers null for %j',
    async (id) => {
      expect(await geo.place(id, 'de')).toBeNull();
    },
  );
});

describe('gazetteer reverse', () => {
  it('finds the house at the coordinates of every street’s first, middle and last number', async () => {
    for (const street of gazetteerStreets) {
      const slug = streetSlug(street.name);
      const [first, last] = street.numbers;
      for (const n of [first, Math.round((first + last) / 2), last]) {
        const place = await geo.place(`gz:${slug}:${n}`, 'de');
        if (!place) throw new Error(`gz:${slug}:${n} does not resolve`);
        expect(await geo.reverse(place.coordinates, 'de')).toEqual(place);
      }
    }
  });

  it('takes the nearest house number a little off the street', async () => {
    const street = streetNamed('Osterstraße');
    const t = (150 - 1) / (190 - 1);
    const point = offsetFrom(street, t, 40);
    expect(distanceMeters(point, (await geo.place('gz:osterstrasse:150', 'de'))?.coordinates ?? point)).toBeGreaterThan(35);
    expect(await geo.reverse(point, 'de')).toMatchObject({ placeId: 'gz:osterstrasse:150', address: 'Osterstraße 150, 20259 Hamburg' });
    expect((await geo.reverse(offsetFrom(street, t, -120), 'de'))?.placeId).toBe('gz:osterstrasse:150');
  });

  it('answers null farther than 150 m from every street', async () => {
    // In the Außenalster.
    expect(await geo.reverse({ lat: 53.575, lng: 10.005 }, 'de')).toBeNull();
    // Beside Lüneburger Straße in Harburg, with no other street of the list near.
    const street = streetNamed('Lüneburger Straße');
    expect(await geo.reverse(offsetFrom(street, 0.5, 200), 'de')).toBeNull();
    expect((await geo.reverse(offsetFrom(street, 0.5, 140), 'de'))?.address).toMatch(/^Lüneburger Straße \d+, 21073 Hamburg$/);
    expect(await geo.reverse({ lat: Number.NaN, lng: 9.96 }, 'de')).toBeNull();
  });

  it('honours a custom radius', async () => {
    const street = streetNamed('Lüneburger Straße');
    const wide = createGazetteerGeocoder({ reverseRadiusMeters: 500 });
    expect((await wide.reverse(offsetFrom(street, 0.5, 300), 'de'))?.zipcode).toBe('21073');
  });
});
