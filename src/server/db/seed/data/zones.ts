import type { ZonePolygon } from '../../../geo/zones';

/*
 * The demo delivery zones, drawn around the gazetteer's streets (src/server/geo/gazetteer-data.ts)
 * rather than traced from official boundaries. GeoJSON order: [lng, lat]; outer rings run
 * counter-clockwise and are closed. Neighbouring zones share their border vertices exactly, so no
 * point lies in two zones. Lindenallee 12, the restaurant's own address, is in Eimsbüttel.
 */
export const areaZones: Record<'Eppendorf' | 'Hoheluft' | 'Eimsbüttel', { polygon: ZonePolygon; postcodes: string[] }> = {
  Eppendorf: {
    postcodes: ['20249'],
    polygon: {
      type: 'Polygon',
      coordinates: [
        [
          [9.9812, 53.5815],
          [9.987, 53.5812],
          [9.996, 53.584],
          [9.9975, 53.588],
          [9.996, 53.595],
          [9.983, 53.5975],
          [9.974, 53.597],
          [9.97, 53.593],
          [9.97, 53.5892],
          // From here on the border with Hoheluft, north of Martinistraße's west end.
          [9.9722, 53.5884],
          [9.976, 53.5878],
          [9.979, 53.5874],
          [9.9812, 53.5862],
          [9.9812, 53.5815],
        ],
      ],
    },
  },
  Hoheluft: {
    postcodes: ['20253'],
    polygon: {
      type: 'Polygon',
      coordinates: [
        [
          // South-east along the Isebekkanal, then up the east side of Lehmweg.
          [9.9745, 53.576],
          [9.9812, 53.58],
          [9.9812, 53.5862],
          [9.979, 53.5874],
          [9.976, 53.5878],
          [9.9722, 53.5884],
          [9.97, 53.5892],
          [9.956, 53.5885],
          [9.951, 53.585],
          // The border with Eimsbüttel.
          [9.953, 53.58],
          [9.96, 53.5775],
          [9.969, 53.5755],
          [9.9745, 53.576],
        ],
      ],
    },
  },
  Eimsbüttel: {
    postcodes: ['20259'],
    polygon: {
      type: 'Polygon',
      coordinates: [
        [
          // The border with Hoheluft, east to west.
          [9.9745, 53.576],
          [9.969, 53.5755],
          [9.96, 53.5775],
          [9.953, 53.58],
          [9.951, 53.585],
          [9.944, 53.583],
          [9.934, 53.5815],
          [9.932, 53.572],
          [9.938, 53.566],
          [9.95, 53.563],
          [9.959, 53.562],
          [9.966, 53.563],
          [9.9725, 53.566],
          [9.9745, 53.576],
        ],
      ],
    },
  },
};
