// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGeocoder } from '../../../src/server/geo';
import { GeocoderUnavailable } from '../../../src/server/geo/geocoder';
import { createNominatimGeocoder, type NominatimOptions } from '../../../src/server/geo/nominatim';

/** What Nominatim's jsonv2 answers look like, trimmed to the fields the adapter reads and a few it ignores. */
const osterstrasse12 = {
  place_id: 1001,
  licence: 'Data © OpenStreetMap contributors, ODbL 1.0.',
  osm_type: 'node',
  osm_id: 2_345_678,
  lat: '53.5735',
  lon: '9.9481',
  category: 'place',
  type: 'house',
  display_name: '12, Osterstraße, Eimsbüttel, Hamburg, 20259, Deutschland',
  address: {
    house_number: '12',
    road: 'Osterstraße',
    suburb: 'Eimsbüttel',
    city: 'Hamburg',
    state: 'Hamburg',
    postcode: '20259',
    country: 'Deutschland',
    country_code: 'de',
  },
};
const osterstrasseWay = (id: number) => ({
  place_id: 2000 + id,
  osm_type: 'way',
  osm_id: id,
  lat: '53.5750',
  lon: '9.9450',
  display_name: 'Osterstraße, Eimsbüttel, Hamburg, 20259, Deutschland',
  address: { road: 'Osterstraße', suburb: 'Eimsbüttel', city: 'Hamburg', postcode: '20259', country_code: 'de' },
});
/** A postcode centroid: Nominatim computes it, so it is no OSM object and cannot be looked up again. */
const postcodeCentroid = {
  place_id: 3000,
  lat: '53.57',
  lon: '9.95',
  display_name: '20259, Hamburg, Deutschland',
  address: { postcode: '20259', city: 'Hamburg' },
};
const relationWithoutStreet = {
  place_id: 4000,
  osm_type: 'relation',
  osm_id: 62_782,
  lat: 53.55,
  lon: 10.0,
  display_name: 'Hamburg, Deutschland',
  address: { city: 'Hamburg', state: 'Hamburg', country_code: 'de' },
};

interface Seen {
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
}

let server: Server;
let origin: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    seen.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    // Prefixes stand for differently broken services behind the same port.
    if (url.pathname.startsWith('/hang/')) return; // never answers: the client's timeout must fire
    if (url.pathname.startsWith('/broken/')) return json(500, { error: 'internal' });
    if (url.pathname.startsWith('/ratelimited/')) return json(429, { error: 'slow down' });
    if (url.pathname.startsWith('/garbage/')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>maintenance</html>');
    }
    if (url.pathname.startsWith('/object/')) return json(200, { not: 'a list' });
    switch (url.pathname.replace(/^\/nominatim/, '')) {
      case '/search':
        return json(200, [osterstrasse12, osterstrasseWay(11), osterstrasseWay(12), postcodeCentroid, relationWithoutStreet]);
      case '/lookup': {
        const ids = url.searchParams.get('osm_ids');
        return json(200, ids === 'N2345678' ? [osterstrasse12] : ids === 'W11' ? [osterstrasseWay(11)] : []);
      }
      case '/reverse':
        return url.searchParams.get('lat') === '0' ? json(200, { error: 'Unable to geocode' }) : json(200, osterstrasse12);
      default:
        return json(404, { error: 'no such endpoint' });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
});

function geocoder(path = '/nominatim', extra: Partial<NominatimOptions> = {}) {
  return createNominatimGeocoder({ baseUrl: `${origin}${path}`, userAgent: 'tischlein-test/1.0', countryCodes: 'de', ...extra });
}

function lastRequest(): Seen {
  const request = seen.at(-1);
  if (!request) throw new Error('no request reached the server');
  return request;
}

describe('Nominatim search', () => {
  it('sends jsonv2 with address details, the country, the language and who is asking', async () => {
    await geocoder().search('Osterstraße 12', { lang: 'en', limit: 3 });
    const { path, query, headers } = lastRequest();
    expect(path).toBe('/nominatim/search');
    expect(query.get('q')).toBe('Osterstraße 12');
    expect(query.get('format')).toBe('jsonv2');
    expect(query.get('addressdetails')).toBe('1');
    expect(query.get('countrycodes')).toBe('de');
    expect(query.get('accept-language')).toBe('en');
    expect(Number(query.get('limit'))).toBeGreaterThanOrEqual(3);
    expect(query.has('viewbox')).toBe(false);
    expect(query.has('bounded')).toBe(false);
    expect(headers['user-agent']).toBe('tischlein-test/1.0');
    expect(headers['accept-language']).toBe('en');
  });

  it('formats addresses, drops doubles and results it could not look up again', async () => {
    expect(await geocoder().search('Osterstraße', { lang: 'de' })).toEqual([
      { placeId: 'osm:N2345678', address: 'Osterstraße 12, 20259 Hamburg' },
      { placeId: 'osm:W11', address: 'Osterstraße, 20259 Hamburg' },
      { placeId: 'osm:R62782', address: 'Hamburg' },
    ]);
  });

  it('stops at the limit', async () => {
    expect(await geocoder().search('Osterstraße', { lang: 'de', limit: 1 })).toEqual([
      { placeId: 'osm:N2345678', address: 'Osterstraße 12, 20259 Hamburg' },
    ]);
  });

  it('sends the viewbox, and bounded=1 only when asked', async () => {
    const geo = geocoder('/nominatim/', { viewbox: [9.925, 53.56, 10, 53.6] });
    await geo.search('Osterstraße', { lang: 'de' });
    expect(lastRequest().query.get('viewbox')).toBe('9.925,53.56,10,53.6');
    expect(lastRequest().query.has('bounded')).toBe(false);
    await geo.search('Osterstraße', { lang: 'de', bounded: true });
    expect(lastRequest().path).toBe('/nominatim/search');
    expect(lastRequest().query.get('bounded')).toBe('1');
  });

  it('asks nothing for an empty query', async () => {
    expect(await geocoder().search('   ', { lang: 'de' })).toEqual([]);
    expect(seen).toEqual([]);
  });
});

describe('Nominatim place and reverse', () => {
  it('looks a placeId up by its OSM id', async () => {
    expect(await geocoder().place('osm:N2345678', 'de')).toEqual({
      placeId: 'osm:N2345678',
      address: 'Osterstraße 12, 20259 Hamburg',
      zipcode: '20259',
      coordinates: { lat: 53.5735, lng: 9.9481 },
    });
    const { path, query } = lastRequest();
    expect(path).toBe('/nominatim/lookup');
    expect(query.get('osm_ids')).toBe('N2345678');
    expect(query.get('format')).toBe('jsonv2');
    expect(query.get('accept-language')).toBe('de');
    expect((await geocoder().place('osm:W11', 'de'))?.address).toBe('Osterstraße, 20259 Hamburg');
  });

  it('answers null for an id it does not know, and asks nothing for one that is not an OSM id', async () => {
    expect(await geocoder().place('osm:W999', 'de')).toBeNull();
    seen.length = 0;
    for (const id of ['gz:osterstrasse:12', 'osm:X1', 'osm:N', 'N123', 'osm:N1,W2']) expect(await geocoder().place(id, 'de')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('reverse-geocodes a point', async () => {
    const place = await geocoder().reverse({ lat: 53.5735, lng: 9.9481 }, 'en');
    expect(place).toMatchObject({ placeId: 'osm:N2345678', address: 'Osterstraße 12, 20259 Hamburg', zipcode: '20259' });
    const { path, query } = lastRequest();
    expect(path).toBe('/nominatim/reverse');
    expect(query.get('lat')).toBe('53.5735');
    expect(query.get('lon')).toBe('9.9481');
    expect(query.get('accept-language')).toBe('en');
  });

  it('answers null where Nominatim finds nothing', async () => {
    expect(await geocoder().reverse({ lat: 0, lng: 0 }, 'de')).toBeNull();
  });
});

describe('Nominatim failures', () => {
  it('turns a timeout into GeocoderUnavailable', async () => {
    const geo = geocoder('/hang', { timeoutMs: 150 });
    await expect(geo.search('Osterstraße', { lang: 'de' })).rejects.toBeInstanceOf(GeocoderUnavailable);
    await expect(geo.place('osm:N1', 'de')).rejects.toBeInstanceOf(GeocoderUnavailable);
    await expect(geo.reverse({ lat: 53.57, lng: 9.95 }, 'de')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it.each(['/broken', '/ratelimited', '/garbage', '/object'])('turns %s answers into GeocoderUnavailable', async (path) => {
    const geo = geocoder(path);
    await expect(geo.search('Osterstraße', { lang: 'de' })).rejects.toBeInstanceOf(GeocoderUnavailable);
    await expect(geo.place('osm:N1', 'de')).rejects.toBeInstanceOf(GeocoderUnavailable);
  });

  it('turns a refused connection into GeocoderUnavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const geo = createNominatimGeocoder({ baseUrl: `http://127.0.0.1:${port}`, userAgent: 'tischlein-test/1.0', countryCodes: 'de' });
    const error: unknown = await geo.search('Osterstraße', { lang: 'de' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeocoderUnavailable);
    expect((error as Error).name).toBe('GeocoderUnavailable');
    expect((error as Error).cause).toBeDefined();
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify([osterstrasse12]), { headers: { 'content-type': 'application/json' } });
    };
    const geo = createNominatimGeocoder({ baseUrl: 'https://geo.example/', userAgent: 'x', countryCodes: 'de', fetchImpl });
    expect(await geo.search('Osterstraße 12', { lang: 'de' })).toHaveLength(1);
    expect(calls[0]).toMatch(/^https:\/\/geo\.example\/search\?/);
  });
});

describe('createGeocoder', () => {
  it('uses the gazetteer without a URL', async () => {
    for (const nominatimUrl of [undefined, '', '  ']) {
      const [first] = await createGeocoder({ nominatimUrl, userAgent: 'x' }).search('Osterstr 12', { lang: 'de' });
      expect(first?.placeId).toBe('gz:osterstrasse:12');
    }
    expect(seen).toEqual([]);
  });

  it('uses Nominatim with one', async () => {
    const geo = createGeocoder({ nominatimUrl: `${origin}/nominatim`, userAgent: 'tischlein-test/2.0' });
    const [first] = await geo.search('Osterstr 12', { lang: 'de' });
    expect(first?.placeId).toBe('osm:N2345678');
    expect(lastRequest().headers['user-agent']).toBe('tischlein-test/2.0');
    expect(lastRequest().query.get('countrycodes')).toBe('de');
  });
});
