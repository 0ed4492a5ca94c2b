/**
 * Table reservations (spec §2 reservation modal, §3 Reservation request, §5, §7 POST
 * /reservations) and the staff side's day list. One yup schema for Formik and the server; the
 * rules that need the restaurant's data (opening hours, notice, party size) are the server's.
 * Limits and choices in decision 016.
 */
import * as yup from 'yup';
import { emailAddress } from './email';
import { trimmedString } from './params';
import { text as settingText, type SettingKey, type SettingsMap } from './settings';
import { isPhone, V } from './validation';

/*
 * The settings of decision 016 live here rather than in settings.ts: that module is on the first
 * page, and helpers only the reservation modal and the server use would ride along.
 */

/** How long before the table a reservation must come (RESERVATION_MIN_NOTICE_MINUTES, default 120; decision 016). */
export const DEFAULT_RESERVATION_NOTICE_MINUTES = 120;
/** The largest party taken online (RESERVATION_MAX_GUESTS, default 8); bigger ones call (decision 016). */
export const DEFAULT_RESERVATION_MAX_GUESTS = 8;

/** A whole-number setting within bounds, or its default when unset or unreadable. */
function wholeNumber(map: SettingsMap, key: SettingKey, fallback: number, min: number, max: number): number {
  const raw = settingText(map, key).trim();
  const value = raw === '' ? Number.NaN : Number(raw);
  return Number.isInteger(value) && value >= min && value <= max ? value : fallback;
}

export function reservationNoticeMinutes(map: SettingsMap): number {
  return wholeNumber(map, 'RESERVATION_MIN_NOTICE_MINUTES', DEFAULT_RESERVATION_NOTICE_MINUTES, 0, 60 * 24 * 30);
}

export function reservationMaxGuests(map: SettingsMap): number {
  return wholeNumber(map, 'RESERVATION_MAX_GUESTS', DEFAULT_RESERVATION_MAX_GUESTS, 1, 99);
}

export const RESERVATION_LIMITS = { name: 120, phone: 32, notes: 1000, reason: 300 } as const;

/** Spec §2: 1 to 9 and "10+". The form never sends "10+": such a party is asked to call (decision 016). */
export const GUEST_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export const LARGE_PARTY = '10+';

/** How far ahead a table can be asked for: beyond that, plans change and the hours may too. */
export const RESERVATION_MAX_DAYS_AHEAD = 90;

/** The form's clock: a datetime-local value, read as the restaurant's wall clock. */
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;
export const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;

export type ReservationContext = {
  /** The country a number without a country code is read in (the restaurant's COUNTRY). */
  country?: string;
};

const text = (max: number) => trimmedString().typeError(V.required).max(max, V.tooLong);

export const reservationSchema = yup.object({
  reservedAt: trimmedString().typeError(V.dateFormat).required(V.required).matches(LOCAL_DATE_TIME, V.dateFormat),
  guests: yup
    .number()
    .transform((_value: unknown, original: unknown) => (typeof original === 'number' ? original : typeof original === 'string' && /^\d{1,2}$/.test(original) ? Number(original) : Number.NaN))
    .typeError(V.choice)
    .integer(V.choice)
    .min(1, V.choice)
    .max(99, V.choice)
    .required(V.required),
  name: text(RESERVATION_LIMITS.name).required(V.required),
  email: emailAddress().required(V.required),
  phone: text(RESERVATION_LIMITS.phone)
    .required(V.required)
    .test('phone', V.phone, async (v, ctx) => !v || (await isPhone(v, (ctx.options.context as ReservationContext | undefined)?.country))),
  notes: text(RESERVATION_LIMITS.notes).default(''),
  terms: yup.boolean().typeError(V.terms).oneOf([true], V.terms).required(V.terms),
});
export type ReservationRequest = yup.InferType<typeof reservationSchema>;

export const RESERVATION_STATUSES = ['requested', 'confirmed', 'declined'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** A reservation as the staff side lists it. */
export interface Reservation {
  id: number;
  /** The instant of the table (ISO); staff read it on the restaurant's clock. */
  reservedAt: string;
  guests: number;
  name: string;
  email: string;
  phone: string;
  notes: string;
  /** The language the request came in, which the guest's mails use. */
  lang: string;
  status: ReservationStatus;
  /** Why it was declined, when someone said; sent to the guest. */
  reason: string;
  createdAt: string;
  decidedAt: string | null;
  decidedBy: string | null;
}

/** `?date=YYYY-MM-DD`: the restaurant's day; today when left out. */
export const reservationDayQuery = yup.object({
  date: trimmedString().typeError(V.dateFormat).matches(LOCAL_DATE, V.dateFormat).optional(),
});

export const reservationDeclineSchema = yup.object({
  reason: text(RESERVATION_LIMITS.reason).default(''),
});
