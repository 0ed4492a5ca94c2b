/** A WGS84 point. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** One line of an address autocomplete; `placeId` is resolved with `Geocoder.place`. */
export interface Suggestion {
  placeId: string;
  address: string;
}

/** A resolved address, ready to be saved. */
export interface Place {
  placeId: string;
  /** "Street Housenumber, Postcode City" */
  address: string;
  /** '' when the source knows none. */
  zipcode: string;
  coordinates: LatLng;
}

export interface Geocoder {
  /** Free text search; `bounded` keeps results inside `bounds` (the delivery region) */
  search(q: string, options: { lang: string; limit?: number; bounded?: boolean }): Promise<Suggestion[]>;
  place(placeId: string, lang: string): Promise<Place | null>;
  reverse(point: LatLng, lang: string): Promise<Place | null>;
}

/** The geocoding service failed or timed out; callers answer 503 rather than "address not found". */
export class GeocoderUnavailable extends Error {
  constructor(message = 'Geocoder unavailable', options?: ErrorOptions) {
    super(message, options);
    this.name = 'GeocoderUnavailable';
  }
}

/** Suggestions shown when the caller does not say how many. */
export const DEFAULT_SEARCH_LIMIT = 5;
