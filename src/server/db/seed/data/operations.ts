import type { SeedRestaurant } from '../types';
import { t } from './i18n';
import { areaZones } from './zones';

type Ops = Pick<SeedRestaurant, 'workingHours' | 'taxes' | 'areas' | 'branches' | 'tables'>;

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

export const branches: Ops['branches'] = [{ name: 'Lindenhof Eppendorf', url: 'http://localhost:3000' }];

const tableCodes = [
  'T01-8TYK',
  'T02-2AZ8',
  'T03-T7QA',
  'T04-K6ZL',
  'T05-XPDN',
  'T06-EX3F',
  'T07-BDQF',
  'T08-56H5',
  'T09-JWLD',
  'T10-LF34',
  'T11-882B',
  'T12-FNSY',
];
const tableSeats = [2, 2, 4, 4, 4, 4, 6, 6, 2, 4, 8, 6];

export const tables: Ops['tables'] = tableCodes.map((code, i) => ({
  code,
  name: `Tisch ${i + 1}`,
  seats: tableSeats[i] ?? 4,
}));
