import { createGazetteerGeocoder } from './gazetteer';
import type { Geocoder } from './geocoder';
import { createNominatimGeocoder } from './nominatim';
import type { BBox } from './zones';

export interface GeocoderConfig {
  /** A Nominatim-compatible service; without one the built-in gazetteer answers. */
  nominatimUrl?: string;
  userAgent: string;
  /** The delivery region for bounded searches; Nominatim has none unless given, the gazetteer its demo region. */
  viewbox?: BBox;
}

export function createGeocoder(config: GeocoderConfig): Geocoder {
  const url = config.nominatimUrl?.trim();
  if (!url) return createGazetteerGeocoder({ bounds: config.viewbox });
  return createNominatimGeocoder({ baseUrl: url, userAgent: config.userAgent, countryCodes: 'de', viewbox: config.viewbox });
}

export * from './geocoder';
export { createGazetteerGeocoder, streetSlug, type GazetteerOptions } from './gazetteer';
export { demoRegion, gazetteerStreets, type GazetteerStreet } from './gazetteer-data';
export { createNominatimGeocoder, type NominatimOptions } from './nominatim';
export * from './zones';
