import type { LatLng } from './geocoder';
import type { BBox } from './zones';

/** One street, drawn as a straight segment; house numbers are spread evenly from `start` to `end`. */
export interface GazetteerStreet {
  name: string;
  postcode: string;
  /** The Stadtteil; shown nowhere, it only documents where the street is. */
  district: string;
  start: LatLng;
  end: LatLng;
  /** The house numbers at `start` and at `end`. */
  numbers: [first: number, last: number];
}

export const gazetteerCity = 'Hamburg';

/**
 * The demo delivery region: the box around the Eppendorf, Hoheluft and Eimsbüttel zones, with a
 * margin. `search(…, { bounded: true })` keeps to it, like Nominatim's viewbox.
 */
export const demoRegion: BBox = [9.925, 53.56, 10.0, 53.6];

const street = (
  name: string,
  postcode: string,
  district: string,
  start: [lat: number, lng: number],
  end: [lat: number, lng: number],
  numbers: [number, number],
): GazetteerStreet => ({
  name,
  postcode,
  district,
  start: { lat: start[0], lng: start[1] },
  end: { lat: end[0], lng: end[1] },
  numbers,
});

/*
 * Real streets at approximate positions (good to a block or two, straightened), so the app works
 * offline and tests run without a network. Postcodes are simplified to the three the demo serves:
 * streets that really have 20251, 20255 or 20357 are filed under the area they lie in. The last four
 * streets lie well outside every delivery zone, to show an out-of-range address.
 */
export const gazetteerStreets: GazetteerStreet[] = [
  // Eimsbüttel, 20259
  street('Lindenallee', '20259', 'Eimsbüttel', [53.5638, 9.9618], [53.5676, 9.9604], [1, 62]),
  street('Fruchtallee', '20259', 'Eimsbüttel', [53.5662, 9.966], [53.5735, 9.9478], [1, 150]),
  street('Schäferkampsallee', '20259', 'Eimsbüttel', [53.5668, 9.97], [53.565, 9.9642], [1, 70]),
  street('Osterstraße', '20259', 'Eimsbüttel', [53.5722, 9.9512], [53.5776, 9.9388], [1, 190]),
  street('Heußweg', '20259', 'Eimsbüttel', [53.5712, 9.942], [53.579, 9.9478], [1, 110]),
  street('Methfesselstraße', '20259', 'Eimsbüttel', [53.57, 9.9392], [53.5792, 9.9362], [1, 100]),
  street('Tornquiststraße', '20259', 'Eimsbüttel', [53.5699, 9.9524], [53.5711, 9.955], [1, 60]),
  street('Bismarckstraße', '20259', 'Eimsbüttel', [53.5696, 9.9592], [53.575, 9.9612], [1, 120]),
  street('Emilienstraße', '20259', 'Eimsbüttel', [53.5693, 9.9497], [53.5742, 9.9556], [1, 80]),
  street('Bellealliancestraße', '20259', 'Eimsbüttel', [53.566, 9.9575], [53.5668, 9.964], [1, 80]),

  // Hoheluft-West and Hoheluft-Ost, 20253
  street('Hoheluftchaussee', '20253', 'Hoheluft-West', [53.5777, 9.975], [53.5876, 9.9711], [1, 180]),
  street('Eppendorfer Weg', '20253', 'Hoheluft-West', [53.5782, 9.964], [53.5802, 9.9745], [150, 238]),
  street('Gärtnerstraße', '20253', 'Hoheluft-West', [53.5796, 9.9585], [53.5834, 9.9722], [1, 130]),
  street('Kottwitzstraße', '20253', 'Hoheluft-West', [53.58, 9.965], [53.5845, 9.964], [1, 50]),
  street('Moltkestraße', '20253', 'Hoheluft-West', [53.579, 9.9612], [53.5845, 9.96], [1, 60]),
  street('Roonstraße', '20253', 'Hoheluft-West', [53.5812, 9.9555], [53.5835, 9.9595], [1, 90]),
  street('Wrangelstraße', '20253', 'Hoheluft-West', [53.585, 9.958], [53.5862, 9.97], [1, 100]),
  street('Falkenried', '20253', 'Hoheluft-Ost', [53.5838, 9.9735], [53.585, 9.9795], [1, 90]),
  street('Breitenfelder Straße', '20253', 'Hoheluft-Ost', [53.5848, 9.976], [53.5866, 9.9768], [1, 80]),
  street('Lehmweg', '20253', 'Hoheluft-Ost', [53.5808, 9.9778], [53.5858, 9.9798], [1, 60]),

  // Eppendorf, 20249
  street('Martinistraße', '20249', 'Eppendorf', [53.5893, 9.9742], [53.5905, 9.983], [1, 90]),
  street('Eppendorfer Landstraße', '20249', 'Eppendorf', [53.5828, 9.9878], [53.5915, 9.9842], [1, 180]),
  street('Eppendorfer Baum', '20249', 'Eppendorf', [53.5835, 9.983], [53.5826, 9.9876], [1, 45]),
  street('Hegestraße', '20249', 'Eppendorf', [53.5842, 9.984], [53.5868, 9.9862], [1, 60]),
  street('Kellinghusenstraße', '20249', 'Eppendorf', [53.588, 9.987], [53.5888, 9.9905], [1, 30]),
  street('Ludolfstraße', '20249', 'Eppendorf', [53.5908, 9.985], [53.593, 9.989], [1, 70]),
  street('Heilwigstraße', '20249', 'Eppendorf', [53.583, 9.989], [53.587, 9.995], [1, 130]),
  street('Haynstraße', '20249', 'Eppendorf', [53.585, 9.9905], [53.5878, 9.9912], [1, 40]),
  street('Tarpenbekstraße', '20249', 'Eppendorf', [53.5896, 9.9755], [53.5955, 9.9775], [1, 120]),
  street('Erikastraße', '20249', 'Eppendorf', [53.5915, 9.983], [53.5955, 9.98], [1, 140]),
  street('Goernestraße', '20249', 'Eppendorf', [53.5905, 9.99], [53.593, 9.9935], [1, 40]),

  // Outside every delivery zone
  street('Max-Brauer-Allee', '22765', 'Altona-Altstadt', [53.55, 9.9355], [53.5585, 9.95], [1, 280]),
  street('Ottenser Hauptstraße', '22765', 'Ottensen', [53.5522, 9.9262], [53.5532, 9.933], [1, 70]),
  street('Fuhlsbüttler Straße', '22305', 'Barmbek-Nord', [53.5872, 10.044], [53.6, 10.0482], [1, 400]),
  street('Lüneburger Straße', '21073', 'Harburg', [53.4602, 9.98], [53.4625, 9.9848], [1, 50]),
];
