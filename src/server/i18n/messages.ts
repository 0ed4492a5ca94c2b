/**
 * Texts the API itself says to diners: field errors and status labels, in the request's language.
 * The client's own texts live in its Lingui catalogs; these are the few the server has to word,
 * because the spec's 422 body carries finished messages.
 */
import type { OrderStatus } from '../../shared/contract/checkout';
import { formatMoney } from '../../shared/pricing';

type Text = { de: string; en: string };

const MESSAGES = {
  'validation.required': { de: 'Dieses Feld ist erforderlich.', en: 'This field is required.' },
  'validation.email': { de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', en: 'Please enter a valid e-mail address.' },
  'validation.phone': { de: 'Bitte geben Sie eine gültige Telefonnummer ein.', en: 'Please enter a valid phone number.' },
  'validation.tooLong': { de: 'Dieser Text ist zu lang.', en: 'This text is too long.' },
  'validation.number': { de: 'Bitte geben Sie eine gültige Zahl ein.', en: 'Please enter a valid number.' },
  'validation.quantity': {
    de: 'Die Menge muss eine ganze Zahl im erlaubten Bereich sein.',
    en: 'The quantity must be a whole number within the allowed range.',
  },
  'validation.terms': {
    de: 'Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.',
    en: 'Please accept the terms and the privacy policy.',
  },
  'validation.dateFormat': { de: 'Bitte wählen Sie Datum und Uhrzeit.', en: 'Please choose a date and time.' },
  'validation.choice': { de: 'Diese Auswahl ist nicht gültig.', en: 'This choice is not valid.' },
  'validation.tip': {
    de: 'Das Trinkgeld muss zwischen 0 und 500 € liegen.',
    en: 'The tip must be between 0 and 500 €.',
  },
  'validation.items': { de: 'Ihr Warenkorb ist leer oder ungültig.', en: 'Your cart is empty or not valid.' },
  'checkout.unavailableItem': {
    de: '„{name}“ ist gerade nicht erhältlich. Bitte entfernen Sie es aus dem Warenkorb.',
    en: '"{name}" is not available right now. Please remove it from your cart.',
  },
  'checkout.unknownItem': {
    de: 'Ein Artikel in Ihrem Warenkorb gibt es nicht mehr. Bitte entfernen Sie ihn.',
    en: 'An item in your cart no longer exists. Please remove it.',
  },
  'checkout.invalidChoice': {
    de: 'Die Auswahl für „{name}“ ist nicht mehr gültig. Bitte stellen Sie den Artikel neu zusammen.',
    en: 'The choices for "{name}" are no longer valid. Please customise the item again.',
  },
  'checkout.deliverTypeOff': {
    de: 'Diese Bestellart bieten wir gerade nicht an.',
    en: 'We do not offer this kind of order right now.',
  },
  'checkout.unknownArea': { de: 'Bitte wählen Sie ein Liefergebiet.', en: 'Please choose a delivery area.' },
  'checkout.minimumOrder': {
    de: 'Der Mindestbestellwert für {area} ist {minimum}. Es fehlen noch {missing}.',
    en: 'The minimum order for {area} is {minimum}. Add {missing} to reach it.',
  },
  'checkout.closedNow': {
    de: 'Wir haben gerade geschlossen. Bitte wählen Sie eine Lieferzeit ab {next}.',
    en: 'We are closed right now. Please choose a delivery time from {next}.',
  },
  'checkout.closedNowNoNext': { de: 'Wir haben gerade geschlossen.', en: 'We are closed right now.' },
  'checkout.timeTooSoon': {
    de: 'Bitte wählen Sie eine Zeit mindestens {minutes} Minuten ab jetzt.',
    en: 'Please choose a time at least {minutes} minutes from now.',
  },
  'checkout.timeTooLate': {
    de: 'Bitte wählen Sie eine Zeit innerhalb der nächsten {days} Tage.',
    en: 'Please choose a time within the next {days} days.',
  },
  'checkout.timeClosed': {
    de: 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb der Öffnungszeiten.',
    en: 'We are closed at that time. Please choose a time within our opening hours.',
  },
  'checkout.inactive': {
    de: 'Das Restaurant nimmt gerade keine Bestellungen an.',
    en: 'The restaurant is not taking orders right now.',
  },
  'checkout.unknownProvider': { de: 'Diese Zahlungsart gibt es nicht.', en: 'This payment method does not exist.' },
  'checkout.providerNotForType': {
    de: 'Diese Zahlungsart passt nicht zu Ihrer Bestellart.',
    en: 'This payment method is not available for this kind of order.',
  },
  'checkout.pointsNeedAccount': {
    de: 'Punkte können Sie einlösen, wenn Sie angemeldet sind.',
    en: 'Log in to spend your points.',
  },
  'checkout.savedAddressNeedsAccount': {
    de: 'Gespeicherte Adressen gibt es nur mit einem Konto.',
    en: 'Saved addresses need an account.',
  },
  'checkout.loginRequired': { de: 'Bitte melden Sie sich an, um zu bestellen.', en: 'Please log in to order.' },
  'checkout.tableRequired': {
    de: 'Bitte scannen Sie den QR-Code auf Ihrem Tisch, um am Tisch zu bestellen.',
    en: 'Please scan the QR code on your table to order at the table.',
  },
  'checkout.tableSessionEnded': {
    de: 'Ihre Tisch-Sitzung ist abgelaufen. Bitte scannen Sie den QR-Code auf Ihrem Tisch erneut.',
    en: 'Your table session has ended. Please scan the QR code on your table again.',
  },
  'checkout.keyMissing': {
    de: 'Jede Bestellung braucht einen Idempotency-Key-Header (16–100 Zeichen).',
    en: 'Every order needs an Idempotency-Key header (16–100 characters).',
  },
  'checkout.keyReused': {
    de: 'Dieser Idempotency-Key gehört zu einer anderen Bestellung.',
    en: 'This Idempotency-Key belongs to a different order.',
  },
  'table.unknown': {
    de: 'Diesen Tisch-Code kennen wir nicht. Bitte fragen Sie unser Team.',
    en: 'We do not know this table code. Please ask our staff.',
  },
  'payment.unknown': { de: 'Diese Zahlung kennen wir nicht.', en: 'We do not know this payment.' },
  'order.notFound': { de: 'Diese Bestellung gibt es nicht.', en: 'This order does not exist.' },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

const STATUS_TEXT: Record<OrderStatus, Text> = {
  awaiting_payment: { de: 'Wartet auf Zahlung', en: 'Awaiting payment' },
  pending_approval: { de: 'Wartet auf Bestätigung', en: 'Pending approval' },
  approved: { de: 'Bestätigt', en: 'Approved' },
  rejected: { de: 'Abgelehnt', en: 'Rejected' },
  completed: { de: 'Abgeschlossen', en: 'Completed' },
  payment_failed: { de: 'Zahlung fehlgeschlagen', en: 'Payment failed' },
  cancelled: { de: 'Abgebrochen', en: 'Cancelled' },
};

function pick(text: Text, lang: string): string {
  return lang === 'en' ? text.en : text.de;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

export function say(lang: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  return pick(MESSAGES[key], lang).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

export function statusText(status: OrderStatus, lang: string): string {
  return pick(STATUS_TEXT[status], lang);
}

export function formatMoneyFor(lang: string, cents: number, currency = 'EUR'): string {
  return formatMoney(cents, lang === 'en' ? 'en-GB' : 'de-DE', currency);
}

export function formatDateTimeFor(lang: string, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}
