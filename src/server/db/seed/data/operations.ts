import type { SeedRestaurant } from '../types';
import { t } from './i18n';
import { areaZones } from './zones';

type Ops = Pick<SeedRestaurant, 'workingHours' | 'taxes' | 'areas' | 'tables'>;

/** Monday = 0 (closed, no entry) … Sunday = 6. */
export const workingHours: Ops['workingHours'] = [
  ...[1, 2, 3].flatMap((weekday) => [
    { weekday, start: '11:30', end: '14:30' },
    { weekday, start: '17:30', end: '22:00' },
  ]),
  { weekday: 4, start: '11:30', end: '23:00' },
  { weekday: 5, start: '11:30', end: '23:00' },
  { weekday: 6, start: '12:00', end: '21:00' },
];

/**
 * German VAT as it stands in 2026, included in the menu prices: food (eating in, takeaway and
 * delivery alike) at the reduced 7 %, drinks at the standard 19 %.
 */
export const taxes: Ops['taxes'] = [
  { key: 'food', name: t('MwSt. 7 %', 'VAT 7%'), amount: 7, inclusive: true },
  { key: 'drinks', name: t('MwSt. 19 %', 'VAT 19%'), amount: 19, inclusive: true },
];

/** Delivery areas; all amounts in cents. */
export const areas: Ops['areas'] = [
  { name: 'Eppendorf', zipcode: '20249', minimumOrder: 1500, deliveryPrice: 200, freeDeliveryThreshold: 3500, ...areaZones.Eppendorf },
  { name: 'Hoheluft', zipcode: '20253', minimumOrder: 2000, deliveryPrice: 300, freeDeliveryThreshold: 4500, ...areaZones.Hoheluft },
  { name: 'Eimsbüttel', zipcode: '20259', minimumOrder: 2500, deliveryPrice: 350, freeDeliveryThreshold: 5000, ...areaZones['Eimsbüttel'] },
];


const tableCodes = [
  'T01-PN3D-71SD-V2QK',
  'T02-MD1M-VZTB-TTWD',
  'T03-ZNB0-3RH6-48WA',
  'T04-W8Q8-THGC-S75J',
  'T05-ZDVN-N4ZC-H7BC',
  'T06-MEWK-CMN2-PTZE',
  'T07-Y5HZ-G1TC-GNMA',
  'T08-AW1D-19FT-K3XH',
  'T09-QS59-8CNB-XDHN',
  'T10-5V97-64RX-6RBC',
  'T11-VQHT-2S32-PFQ4',
  'T12-5PEK-FC84-888V',
];
const tableSeats = [2, 2, 4, 4, 4, 4, 6, 6, 2, 4, 8, 6];

export const tables: Ops['tables'] = tableCodes.map((code, i) => ({
  code,
  name: `Tisch ${i + 1}`,
  seats: tableSeats[i] ?? 4,
}));
