import type { MailMessage } from './mailer';

export type MailLang = 'de' | 'en';
export type MailContent = Omit<MailMessage, 'to'>;

/** Callers pass whatever language the request negotiated; everything we have no text for gets German. */
function pickLang(lang: string): MailLang {
  return lang === 'en' ? 'en' : 'de';
}

/** Every interpolated value goes through here: names, titles and even our own URLs end up in markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Header values are one line; a title or name pasted with a line break must not make the subject odd. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function duration(lang: MailLang, minutes: number): string {
  const hours = minutes / 60;
  if (minutes >= 60 && Number.isInteger(hours)) {
    if (lang === 'en') return hours === 1 ? '1 hour' : `${hours} hours`;
    return hours === 1 ? '1 Stunde' : `${hours} Stunden`;
  }
  if (lang === 'en') return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return minutes === 1 ? '1 Minute' : `${minutes} Minuten`;
}

const COLORS = { text: '#1f2937', muted: '#4b5563', accent: '#2f5d3a', line: '#d1d5db', page: '#f3f4f6' } as const;

/** `body` holds finished blocks of already escaped HTML, so the frame never escapes twice. */
interface Frame {
  lang: MailLang;
  title: string;
  siteTitle: string;
  body: string[];
}

/** Takes escaped HTML. */
function para(html: string): string {
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${COLORS.text}">${html}</p>`;
}

/**
 * Table layout and inline styles because mail clients drop <style> and ignore most CSS on divs;
 * role="presentation" keeps screen readers from announcing the layout tables as data.
 */
function frame({ lang, title, siteTitle, body }: Frame): string {
  return [
    '<!DOCTYPE html>',
    `<html lang="${lang}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    `<body style="margin:0;padding:0;background:${COLORS.page}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px">`,
    `<tr><td style="padding:24px 28px;font-family:Arial,Helvetica,sans-serif">`,
    `<p style="margin:0 0 20px;font-size:14px;font-weight:bold;color:${COLORS.accent}">${escapeHtml(siteTitle)}</p>`,
    `<h1 style="margin:0 0 20px;font-size:22px;line-height:1.3;color:${COLORS.text}">${escapeHtml(title)}</h1>`,
    ...body,
    '</td></tr></table>',
    '</td></tr></table>',
    '</body>',
    '</html>',
  ].join('\n');
}

/** A real link styled as a button, with the address written out below for clients that strip links. */
function button(url: string, label: string, fallback: string): string {
  const href = escapeHtml(url);
  return [
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 24px;background:${COLORS.accent};color:#ffffff;font-size:16px;font-weight:bold;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(fallback)}<br><a href="${href}" style="color:${COLORS.accent};word-break:break-all">${href}</a></p>`,
  ].join('\n');
}

function small(text: string): string {
  return `<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:${COLORS.muted}">${escapeHtml(text)}</p>`;
}

/**
 * Anyone may type any name and any address, so a greeting must not carry a message to a stranger:
 * a name is used only when it reads as a name (letters, spaces, hyphens, apostrophes, an initial's
 * dot), never a link, a domain, digits or a sentence.
 */
export function greetableName(name: string): string {
  const n = oneLine(name);
  if (n.length > 60) return '';
  if (!/^[\p{L}\p{M}][\p{L}\p{M} '’-]*(\.( [\p{L}\p{M}][\p{L}\p{M} '’-]*)?)*$/u.test(n)) return '';
  return n;
}

function greeting(lang: MailLang, name: string): string {
  const n = greetableName(name);
  if (lang === 'en') return n ? `Hello ${n},` : 'Hello,';
  return n ? `Guten Tag ${n},` : 'Guten Tag,';
}

function signOff(lang: MailLang, siteTitle: string): [string, string] {
  return [lang === 'en' ? 'Kind regards,' : 'Mit freundlichen Grüßen', oneLine(siteTitle)];
}

function signOffHtml(lang: MailLang, siteTitle: string): string {
  const [regards, title] = signOff(lang, siteTitle);
  return para(`${escapeHtml(regards)}<br>${escapeHtml(title)}`);
}

const copyHint = { de: 'Falls der Knopf nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:', en: 'If the button does not work, copy this address into your browser:' };

export function welcomeMail(input: { lang: string; siteTitle: string; name: string; loginUrl: string }): MailContent {
  const lang = pickLang(input.lang);
  const site = oneLine(input.siteTitle);
  const t =
    lang === 'en'
      ? {
          subject: `Welcome to ${site}`,
          title: 'Welcome!',
          intro: `Your account at ${site} is ready. You can sign in with your e-mail address from now on.`,
          action: 'Sign in',
          why: `You are receiving this e-mail because an account was created with this address at ${site}.`,
        }
      : {
          subject: `Willkommen bei ${site}`,
          title: 'Herzlich willkommen!',
          intro: `Ihr Konto bei ${site} ist eingerichtet. Sie können sich ab sofort mit Ihrer E-Mail-Adresse anmelden.`,
          action: 'Anmelden',
          why: `Sie erhalten diese E-Mail, weil mit dieser Adresse ein Konto bei ${site} angelegt wurde.`,
        };
  const hello = greeting(lang, input.name);
  return {
    subject: t.subject,
    text: [hello, '', t.intro, '', `${t.action}: ${input.loginUrl}`, '', ...signOff(lang, site), '', '--', t.why, ''].join('\n'),
    html: frame({
      lang,
      title: t.title,
      siteTitle: site,
      body: [para(escapeHtml(hello)), para(escapeHtml(t.intro)), button(input.loginUrl, t.action, copyHint[lang]), signOffHtml(lang, site), small(t.why)],
    }),
  };
}

export function passwordResetMail(input: { lang: string; siteTitle: string; name: string; resetUrl: string; validMinutes: number }): MailContent {
  const lang = pickLang(input.lang);
  const site = oneLine(input.siteTitle);
  const valid = duration(lang, input.validMinutes);
  const t =
    lang === 'en'
      ? {
          subject: `Reset your password for ${site}`,
          title: 'Reset your password',
          intro: `Someone asked to reset the password of your account at ${site}. Use the link below to choose a new one.`,
          expiry: `The link works only once and expires in ${valid}.`,
          action: 'Choose a new password',
          ignore: 'If you did not ask for this, you can ignore this e-mail: your password stays unchanged.',
        }
      : {
          subject: `Passwort zurücksetzen für ${site}`,
          title: 'Passwort zurücksetzen',
          intro: `Für Ihr Konto bei ${site} wurde das Zurücksetzen des Passworts angefordert. Über den folgenden Link legen Sie ein neues Passwort fest.`,
          expiry: `Der Link funktioniert nur einmal und ist ${valid} gültig.`,
          action: 'Neues Passwort festlegen',
          ignore: 'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren: Ihr Passwort bleibt unverändert.',
        };
  const hello = greeting(lang, input.name);
  return {
    subject: t.subject,
    text: [hello, '', t.intro, '', `${t.action}: ${input.resetUrl}`, '', t.expiry, '', t.ignore, '', ...signOff(lang, site), ''].join('\n'),
    html: frame({
      lang,
      title: t.title,
      siteTitle: site,
      body: [
        para(escapeHtml(hello)),
        para(escapeHtml(t.intro)),
        button(input.resetUrl, t.action, copyHint[lang]),
        para(escapeHtml(t.expiry)),
        para(escapeHtml(t.ignore)),
        signOffHtml(lang, site),
      ],
    }),
  };
}

export interface OrderMailLine {
  qty: number;
  name: string;
  priceText: string;
}

/** A labelled figure below the lines (subtotal, delivery, VAT …), worded by the caller. */
export interface OrderMailRow {
  label: string;
  valueText: string;
}

export function orderReceivedMail(input: {
  lang: string;
  siteTitle: string;
  name: string;
  code: string;
  orderUrl: string;
  deliverText: string;
  lines: OrderMailLine[];
  /** Between the lines and the total: subtotal, discount, delivery, tip, taxes added on top. */
  summary: OrderMailRow[];
  totalText: string;
  /** Below the total: payment method, VAT contained in the total. */
  after: OrderMailRow[];
}): MailContent {
  const lang = pickLang(input.lang);
  const site = oneLine(input.siteTitle);
  const code = oneLine(input.code);
  const t =
    lang === 'en'
      ? {
          subject: `Your order ${code} at ${site}`,
          title: 'Thank you for your order',
          intro: 'We have received your order. You can follow its progress at any time through the link below.',
          codeLabel: 'Order number',
          itemLabel: 'Item',
          qtyLabel: 'Qty',
          priceLabel: 'Price',
          caption: 'Your order',
          totalLabel: 'Total',
          action: 'View your order',
        }
      : {
          subject: `Ihre Bestellung ${code} bei ${site}`,
          title: 'Vielen Dank für Ihre Bestellung',
          intro: 'Wir haben Ihre Bestellung erhalten. Den aktuellen Stand sehen Sie jederzeit über den Link unten.',
          codeLabel: 'Bestellnummer',
          itemLabel: 'Artikel',
          qtyLabel: 'Menge',
          priceLabel: 'Preis',
          caption: 'Ihre Bestellung',
          totalLabel: 'Summe',
          action: 'Bestellung ansehen',
        };
  const hello = greeting(lang, input.name);
  const deliver = input.deliverText.trim();

  const textLines = input.lines.map((l) => `${l.qty} × ${oneLine(l.name)}: ${l.priceText}`);
  // Line breaks only: the no-break space inside an amount ("20,66 €") stays.
  const textRow = (r: OrderMailRow) => `${r.label.replace(/[\r\n]+/g, ' ')}: ${r.valueText}`;
  const text = [
    hello,
    '',
    t.intro,
    '',
    `${t.codeLabel}: ${code}`,
    ...(deliver ? [deliver] : []),
    '',
    ...textLines,
    '',
    ...input.summary.map(textRow),
    `${t.totalLabel}: ${input.totalText}`,
    ...input.after.map(textRow),
    '',
    `${t.action}: ${input.orderUrl}`,
    '',
    ...signOff(lang, site),
    '',
  ].join('\n');

  const cell = `padding:8px 4px;border-bottom:1px solid ${COLORS.line};font-size:15px;color:${COLORS.text};vertical-align:top`;
  const head = `padding:8px 4px;border-bottom:2px solid ${COLORS.text};font-size:13px;color:${COLORS.muted}`;
  // A real data table (caption, th with scope) so a screen reader reads quantity, item and price together.
  const table = [
    '<table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;margin:0 0 24px">',
    `<caption style="text-align:left;font-size:16px;font-weight:bold;padding:0 0 8px;color:${COLORS.text}">${escapeHtml(t.caption)}</caption>`,
    `<thead><tr><th scope="col" align="right" style="${head};width:3em">${escapeHtml(t.qtyLabel)}</th><th scope="col" align="left" style="${head}">${escapeHtml(t.itemLabel)}</th><th scope="col" align="right" style="${head}">${escapeHtml(t.priceLabel)}</th></tr></thead>`,
    '<tbody>',
    ...input.lines.map(
      (l) =>
        `<tr><td align="right" style="${cell}">${l.qty}&nbsp;×</td><td style="${cell}">${escapeHtml(l.name)}</td><td align="right" style="${cell};white-space:nowrap">${escapeHtml(l.priceText)}</td></tr>`,
    ),
    '</tbody>',
    '<tfoot>',
    ...input.summary.map(
      (r, i) =>
        `<tr><th scope="row" colspan="2" align="left" style="padding:${i === 0 ? 12 : 4}px 4px 0;font-size:15px;font-weight:normal;color:${COLORS.text}">${escapeHtml(r.label)}</th><td align="right" style="padding:${i === 0 ? 12 : 4}px 4px 0;font-size:15px;color:${COLORS.text};white-space:nowrap">${escapeHtml(r.valueText)}</td></tr>`,
    ),
    `<tr><th scope="row" colspan="2" align="left" style="padding:12px 4px 0;font-size:16px;color:${COLORS.text}">${escapeHtml(t.totalLabel)}</th><td align="right" style="padding:12px 4px 0;font-size:16px;font-weight:bold;color:${COLORS.text};white-space:nowrap">${escapeHtml(input.totalText)}</td></tr>`,
    ...input.after.map(
      (r) =>
        `<tr><th scope="row" colspan="2" align="left" style="padding:4px 4px 0;font-size:13px;font-weight:normal;color:${COLORS.muted}">${escapeHtml(r.label)}</th><td align="right" style="padding:4px 4px 0;font-size:13px;color:${COLORS.muted};white-space:nowrap">${escapeHtml(r.valueText)}</td></tr>`,
    ),
    '</tfoot>',
    '</table>',
  ].join('\n');

  return {
    subject: t.subject,
    text,
    html: frame({
      lang,
      title: t.title,
      siteTitle: site,
      body: [
        para(escapeHtml(hello)),
        para(escapeHtml(t.intro)),
        para(`${escapeHtml(t.codeLabel)}: <strong style="font-size:18px;letter-spacing:1px">${escapeHtml(code)}</strong>${deliver ? `<br>${escapeHtml(deliver)}` : ''}`),
        table,
        button(input.orderUrl, t.action, copyHint[lang]),
        signOffHtml(lang, site),
      ],
    }),
  };
}

/**
 * A diner's message from the contact form, to the restaurant. Everything the sender typed is
 * their text, never markup: escaped in the HTML and kept to one line where it becomes a header.
 */
export function contactMessageMail(input: {
  lang: string;
  siteTitle: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  staffUrl: string;
}): MailContent {
  const lang = pickLang(input.lang);
  const site = oneLine(input.siteTitle);
  const name = oneLine(input.name);
  const subject = oneLine(input.subject);
  const t =
    lang === 'en'
      ? {
          subject: `Contact form: ${subject}`,
          title: 'A new message through the contact form',
          from: 'From',
          subjectLabel: 'Subject',
          reply: `Answer by replying to this e-mail: it goes to ${name} (${input.email}).`,
          action: 'Open the messages',
          why: `Sent by the contact form of ${site}. Mark the message done on the staff side once it is answered.`,
        }
      : {
          subject: `Kontaktformular: ${subject}`,
          title: 'Eine neue Nachricht über das Kontaktformular',
          from: 'Von',
          subjectLabel: 'Betreff',
          reply: `Antworten Sie einfach auf diese E-Mail: Die Antwort geht an ${name} (${input.email}).`,
          action: 'Nachrichten öffnen',
          why: `Gesendet über das Kontaktformular von ${site}. Markieren Sie die Nachricht im Mitarbeiterbereich als erledigt, sobald sie beantwortet ist.`,
        };
  const body = input.message.replace(/\r\n?/g, '\n');
  const quoted = escapeHtml(body).replace(/\n/g, '<br>');
  return {
    subject: t.subject,
    text: [`${t.from}: ${name} <${input.email}>`, `${t.subjectLabel}: ${subject}`, '', body, '', '--', t.reply, `${t.action}: ${input.staffUrl}`, t.why, ''].join('\n'),
    html: frame({
      lang,
      title: t.title,
      siteTitle: site,
      body: [
        para(`<strong>${escapeHtml(t.from)}:</strong> ${escapeHtml(name)} &lt;${escapeHtml(input.email)}&gt;<br><strong>${escapeHtml(t.subjectLabel)}:</strong> ${escapeHtml(subject)}`),
        `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${COLORS.accent};background:${COLORS.page};font-size:16px;line-height:1.5;color:${COLORS.text};word-break:break-word">${quoted}</div>`,
        para(escapeHtml(t.reply)),
        button(input.staffUrl, t.action, copyHint[lang]),
        small(t.why),
      ],
    }),
  };
}

export type ReservationMailKind = 'received' | 'confirmed' | 'declined';

/**
 * The guest's mails about a table (decision 016): the request arrived, it is confirmed, or it is
 * declined (with staff's reason when they gave one). In the language the request came in. The
 * guest's own words (name, reason typed by staff) are text, never markup.
 */
export function reservationMail(input: {
  kind: ReservationMailKind;
  lang: string;
  siteTitle: string;
  name: string;
  /** The table's time, already written out in the guest's language and the restaurant's clock. */
  whenText: string;
  guests: number;
  reason: string;
  /** The restaurant's phone, for a change or a cancellation; may be empty. */
  phone: string;
}): MailContent {
  const lang = pickLang(input.lang);
  const site = oneLine(input.siteTitle);
  const party = lang === 'en' ? (input.guests === 1 ? '1 guest' : `${input.guests} guests`) : input.guests === 1 ? '1 Person' : `${input.guests} Personen`;
  const table = `${input.whenText}, ${party}`;
  const reason = oneLine(input.reason);
  const call = input.phone ? (lang === 'en' ? `To change or cancel, please call us: ${input.phone}.` : `Für Änderungen oder eine Absage rufen Sie uns bitte an: ${input.phone}.`) : '';
  const texts = {
    en: {
      received: {
        subject: `Your reservation request at ${site}`,
        title: 'We have your request',
        lines: [`Thank you for your reservation request: ${table}.`, 'It is not confirmed yet. We will check it and write to you again as soon as possible.'],
      },
      confirmed: {
        subject: `Reservation confirmed: ${site}`,
        title: 'Your table is reserved',
        lines: [`We are pleased to confirm your reservation: ${table}.`, 'We look forward to your visit.'],
      },
      declined: {
        subject: `Your reservation request at ${site}`,
        title: 'We cannot reserve this table',
        lines: [`Unfortunately we cannot take your reservation for ${table}.`, ...(reason ? [`Our note: ${reason}`] : []), 'We are sorry. Perhaps another time suits you: you are welcome to ask again or give us a call.'],
      },
    },
    de: {
      received: {
        subject: `Ihre Reservierungsanfrage bei ${site}`,
        title: 'Ihre Anfrage ist angekommen',
        lines: [`Vielen Dank für Ihre Reservierungsanfrage: ${table}.`, 'Sie ist noch nicht bestätigt. Wir prüfen sie und melden uns so bald wie möglich wieder bei Ihnen.'],
      },
      confirmed: {
        subject: `Reservierung bestätigt: ${site}`,
        title: 'Ihr Tisch ist reserviert',
        lines: [`Gerne bestätigen wir Ihre Reservierung: ${table}.`, 'Wir freuen uns auf Ihren Besuch.'],
      },
      declined: {
        subject: `Ihre Reservierungsanfrage bei ${site}`,
        title: 'Diesen Tisch können wir leider nicht reservieren',
        lines: [`Leider können wir Ihre Reservierung für ${table} nicht annehmen.`, ...(reason ? [`Unser Hinweis: ${reason}`] : []), 'Das tut uns leid. Vielleicht passt Ihnen ein anderer Termin: Fragen Sie gerne erneut an oder rufen Sie uns an.'],
      },
    },
  }[lang][input.kind];
  const hello = greeting(lang, input.name);
  const lines = [...texts.lines, ...(call && input.kind !== 'declined' ? [call] : [])];
  const [regards, title] = signOff(lang, site);
  return {
    subject: texts.subject,
    text: [hello, '', ...lines.flatMap((l) => [l, '']), regards, title, ''].join('\n'),
    html: frame({ lang, title: texts.title, siteTitle: site, body: [para(escapeHtml(hello)), ...lines.map((l) => para(escapeHtml(l))), signOffHtml(lang, site)] }),
  };
}
