import { describe, expect, it } from 'vitest';
import { areaZones } from '../../../src/server/db/seed/data/zones';
import { createGazetteerGeocoder } from '../../../src/server/geo/gazetteer';
import { demoRegion, gazetteerStreets } from '../../../src/server/geo/gazetteer-data';
import {
  areaFor,
  bboxOf,
  distanceMeters,
  inBBox,
  isZonePolygon,
  pointInPolygon,
  type LinearRing,
  type ZonePolygon,
} from '../../../src/server/geo/zones';

/** A lng/lat square ring, closed. */
function square(minLng: number, minLat: number, maxLng: number, maxLat: number): LinearRing {
  return [
    [minLng, minLat],
    [maxLng, minLat],
    [maxLng, maxLat],
    [minLng, maxLat],
    [minLng, minLat],
  ];
}

const at = (lng: number, lat: number) => ({ lng, lat });

describe('pointInPolygon', () => {
  const donut: ZonePolygon = { type: 'Polygon', coordinates: [square(0, 0, 10, 10), square(4, 4, 6, 6)] };

  it('is true inside the outer ring and false in its hole or outside', () => {
    expect(pointInPolygon(at(2, 2), donut)).toBe(true);
    expect(pointInPolygon(at(8, 5), donut)).toBe(true);
    expect(pointInPolygon(at(5, 5), donut)).toBe(false);
    expect(pointInPolygon(at(4.5, 5.5), donut)).toBe(false);
    expect(pointInPolygon(at(11, 5), donut)).toBe(false);
    expect(pointInPolygon(at(-1, -1), donut)).toBe(false);
  });

  it('reads coordinates as [lng, lat]', () => {
    const wide: ZonePolygon = { type: 'Polygon', coordinates: [square(0, 0, 20, 1)] };
    expect(pointInPolygon(at(15, 0.5), wide)).toBe(true);
    expect(pointInPolygon({ lat: 15, lng: 0.5 }, wide)).toBe(false);
  });

  it('handles concave rings, unclosed rings and either winding', () => {
    // A U shape: the notch between its arms is outside.
    const u: ZonePolygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [3, 0],
          [3, 3],
          [2, 3],
          [2, 1],
          [1, 1],
          [1, 3],
          [0, 3],
        ],
      ],
    };
    expect(pointInPolygon(at(0.5, 2.5), u)).toBe(true);
    expect(pointInPolygon(at(2.5, 2.5), u)).toBe(true);
    expect(pointInPolygon(at(1.5, 2.5), u)).toBe(false);
    expect(pointInPolygon(at(1.5, 0.5), u)).toBe(true);
    const clockwise: ZonePolygon = { type: 'Polygon', coordinates: [[...square(0, 0, 1, 1)].reverse()] };
    expect(pointInPolygon(at(0.5, 0.5), clockwise)).toBe(true);
  });

  it('checks every part of a MultiPolygon, each with its own holes', () => {
    const multi: ZonePolygon = {
      type: 'MultiPolygon',
      coordinates: [[square(0, 0, 1, 1)], [square(5, 5, 9, 9), square(6, 6, 8, 8)]],
    };
    expect(pointInPolygon(at(0.5, 0.5), multi)).toBe(true);
    expect(pointInPolygon(at(5.5, 5.5), multi)).toBe(true);
    expect(pointInPolygon(at(7, 7), multi)).toBe(false);
    expect(pointInPolygon(at(3, 3), multi)).toBe(false);
  });

  it('is false for an empty polygon and for a point that is not a number', () => {
    expect(pointInPolygon(at(0, 0), { type: 'Polygon', coordinates: [] })).toBe(false);
    expect(pointInPolygon(at(0, 0), { type: 'Polygon', coordinates: [[]] })).toBe(false);
    expect(pointInPolygon(at(Number.NaN, 0.5), { type: 'Polygon', coordinates: [square(-1, 0, 1, 1)] })).toBe(false);
  });
});

describe('areaFor', () => {
  const west = { id: 2, name: 'west', polygon: { type: 'Polygon', coordinates: [square(0, 0, 1, 1)] } as ZonePolygon, postcodes: ['11111'] };
  const east = { id: 1, name: 'east', polygon: { type: 'Polygon', coordinates: [square(1, 0, 2, 1)] } as ZonePolygon, postcodes: ['22222'] };
  const byPostcode = { id: 3, name: 'postcode only', polygon: null, postcodes: ['33333', '44444'] };
  const areas = [west, east, byPostcode];

  it('lets a polygon hit win over the postcode', () => {
    expect(areaFor(areas, at(0.5, 0.5), '22222')).toBe(west);
    expect(areaFor(areas, at(1.5, 0.5), '33333')).toBe(east);
  });

  it('falls back to the postcode without coordinates or outside every polygon', () => {
    expect(areaFor(areas, null, '22222')).toBe(east);
    expect(areaFor(areas, at(5, 5), '44444')).toBe(byPostcode);
    expect(areaFor(areas, at(5, 5), ' 111 11 ')).toBe(west);
  });

  it('answers null when out of range', () => {
    expect(areaFor(areas, at(5, 5), '99999')).toBeNull();
    expect(areaFor(areas, at(5, 5), null)).toBeNull();
    expect(areaFor(areas, null, '')).toBeNull();
    expect(areaFor(areas, null, null)).toBeNull();
    expect(areaFor([], at(0.5, 0.5), '11111')).toBeNull();
  });

  it('picks the lowest id where zones overlap, whatever the order given', () => {
    const overlapping = { ...west, id: 9, polygon: { type: 'Polygon', coordinates: [square(0, 0, 2, 1)] } as ZonePolygon };
    expect(areaFor([overlapping, east], at(1.5, 0.5), null)).toBe(east);
    expect(areaFor([east, overlapping], at(1.5, 0.5), null)).toBe(east);
    expect(areaFor([{ ...byPostcode, id: 7 }, { ...byPostcode, id: 4 }], null, '33333')?.id).toBe(4);
  });
});

describe('isZonePolygon', () => {
  it('accepts the seed zones, a hole and a MultiPolygon', () => {
    for (const zone of Object.values(areaZones)) expect(isZonePolygon(zone.polygon)).toBe(true);
    expect(isZonePolygon({ type: 'Polygon', coordinates: [square(0, 0, 10, 10), square(4, 4, 6, 6)] })).toBe(true);
    expect(isZonePolygon({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1, 1)], [square(5, 5, 6, 6)]] })).toBe(true);
    expect(isZonePolygon({ type: 'Polygon', coordinates: [[[0, 0, 5], [1, 0, 5], [1, 1, 5], [0, 0, 5]]] })).toBe(true);
  });

  it.each([
    ['null', null],
    ['a string', 'Polygon'],
    ['a Point', { type: 'Point', coordinates: [9.9, 53.5] }],
    ['no rings', { type: 'Polygon', coordinates: [] }],
    ['an open ring', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 1]]] }],
    ['three positions', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] }],
    ['a latitude past the pole', { type: 'Polygon', coordinates: [[[0, 0], [1, 91], [1, 1], [0, 0]]] }],
    ['a string coordinate', { type: 'Polygon', coordinates: [[[0, 0], ['1', 0], [1, 1], [0, 0]]] }],
    ['a MultiPolygon given as a Polygon', { type: 'MultiPolygon', coordinates: [square(0, 0, 1, 1)] }],
  ])('rejects %s', (_label, value) => {
    expect(isZonePolygon(value)).toBe(false);
  });
});

describe('bbox and distance helpers', () => {
  it('boxes the zones inside the demo region', () => {
    const box = bboxOf(Object.values(areaZones).map((z) => z.polygon));
    if (!box) throw new Error('no box');
    expect(box[0]).toBeGreaterThanOrEqual(demoRegion[0]);
    expect(box[1]).toBeGreaterThanOrEqual(demoRegion[1]);
    expect(box[2]).toBeLessThanOrEqual(demoRegion[2]);
    expect(box[3]).toBeLessThanOrEqual(demoRegion[3]);
    expect(bboxOf([])).toBeNull();
    expect(inBBox(at(9.95, 53.57), box)).toBe(true);
    expect(inBBox(at(10.04, 53.59), box)).toBe(false);
  });

  it('measures metres', () => {
    expect(distanceMeters(at(9.97, 53.57), at(9.97, 53.58))).toBeCloseTo(1112, 0);
    expect(distanceMeters(at(9.97, 53.57), at(9.97, 53.57))).toBe(0);
  });
});

describe('demo delivery zones', () => {
  const zones = Object.entries(areaZones);
  const servedPostcodes = new Set(zones.flatMap(([, z]) => z.postcodes));
  const inZone = gazetteerStreets.filter((s) => servedPostcodes.has(s.postcode));
  const outOfZone = gazetteerStreets.filter((s) => !servedPostcodes.has(s.postcode));
  const zonesAt = (p: { lat: number; lng: number }) => zones.filter(([, z]) => pointInPolygon(p, z.polygon)).map(([name]) => name);

  it('serves one postcode each: 20249, 20253 and 20259', () => {
    expect(areaZones.Eppendorf.postcodes).toEqual(['20249']);
    expect(areaZones.Hoheluft.postcodes).toEqual(['20253']);
    expect(areaZones['Eimsbüttel'].postcodes).toEqual(['20259']);
  });

  it('are closed [lng, lat] polygons of 8 to 14 vertices', () => {
    for (const [, { polygon }] of zones) {
      if (polygon.type !== 'Polygon') throw new Error('expected a Polygon');
      const [ring, ...holes] = polygon.coordinates;
      if (!ring) throw new Error('no ring');
      expect(holes).toEqual([]);
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      expect(ring.length - 1).toBeGreaterThanOrEqual(8);
      expect(ring.length - 1).toBeLessThanOrEqual(14);
      for (const [lng, lat] of ring) {
        expect(lng).toBeGreaterThan(9.9);
        expect(lng).toBeLessThan(10.0);
        expect(lat).toBeGreaterThan(53.55);
        expect(lat).toBeLessThan(53.6);
      }
    }
  });

  it('has both ends of every in-zone street in the zone of its own postcode, and in no other', () => {
    expect(inZone.length).toBeGreaterThanOrEqual(30);
    for (const street of inZone) {
      const own = zones.find(([, z]) => z.postcodes.includes(street.postcode))?.[0];
      for (const end of [street.start, street.end]) expect({ street: street.name, zones: zonesAt(end) }).toEqual({ street: street.name, zones: [own] });
    }
  });

  it('has every out-of-zone street in no zone', () => {
    expect(outOfZone.map((s) => s.name)).toEqual(['Max-Brauer-Allee', 'Ottenser Hauptstraße', 'Fuhlsbüttler Straße', 'Lüneburger Straße']);
    for (const street of outOfZone) {
      for (let t = 0; t <= 1; t += 0.25) {
        const p = { lat: street.start.lat + t * (street.end.lat - street.start.lat), lng: street.start.lng + t * (street.end.lng - street.start.lng) };
        expect({ street: street.name, zones: zonesAt(p) }).toEqual({ street: street.name, zones: [] });
      }
    }
  });

  it('do not overlap', () => {
    // A grid of some 40 m over the whole region.
    const doubles: string[] = [];
    for (let lng = demoRegion[0]; lng <= demoRegion[2]; lng += 0.0006) {
      for (let lat = demoRegion[1]; lat <= demoRegion[3]; lat += 0.0004) {
        const names = zonesAt({ lat, lng });
        if (names.length > 1) doubles.push(`${lat},${lng}: ${names.join(', ')}`);
      }
    }
    expect(doubles).toEqual([]);
  });

  it('route gazetteer addresses to their area, and out-of-zone ones nowhere', async () => {
    const geo = createGazetteerGeocoder();
    const areas = zones.map(([name, z], i) => ({ id: i + 1, name, ...z }));
    const check = async (placeId: string) => {
      const place = await geo.place(placeId, 'de');
      if (!place) throw new Error(`${placeId} does not resolve`);
      return areaFor(areas, place.coordinates, place.zipcode)?.name ?? null;
    };
    expect(await check('gz:lindenallee:12')).toBe('Eimsbüttel');
    expect(await check('gz:osterstrasse:12')).toBe('Eimsbüttel');
    expect(await check('gz:hoheluftchaussee:100')).toBe('Hoheluft');
    expect(await check('gz:falkenried:10')).toBe('Hoheluft');
    expect(await check('gz:eppendorfer-landstrasse:5')).toBe('Eppendorf');
    expect(await check('gz:martinistrasse:52')).toBe('Eppendorf');
    expect(await check('gz:max-brauer-allee:10')).toBeNull();
    expect(await check('gz:fuhlsbuettler-strasse:100')).toBeNull();
    expect(await check('gz:lueneburger-strasse:5')).toBeNull();
  });
});
