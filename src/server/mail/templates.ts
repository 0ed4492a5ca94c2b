import { directionOf } from '../../shared/i18n/locales';
import { spokenLocale } from '../i18n/catalogs';
import { say } from '../i18n/messages';
import type { MailMessage } from './mailer';

export type MailContent = Omit<MailMessage, 'to'>;

/** Every interpolated value goes through here: names, titles and even our own URLs end up in markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Header values are one line; a title or name pasted with a line break must not make the subject odd. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

function duration(lang: string, minutes: number): string {
  const hours = minutes / 60;
  if (minutes >= 60 && Number.isInteger(hours)) return say(lang, 'duration.hours', { n: hours });
  return say(lang, 'duration.minutes', { n: minutes });
}

const COLORS = { text: '#1f2937', muted: '#4b5563', accent: '#2f5d3a', line: '#d1d5db', page: '#f3f4f6' } as const;

/** `body` holds finished blocks of already escaped HTML, so the frame never escapes twice. */
interface Frame {
  lang: string;
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
    `<html lang="${lang}" dir="${directionOf(lang)}">`,
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

function greeting(lang: string, name: string): string {
  const n = greetableName(name);
  return n ? say(lang, 'mail.hello', { name: n }) : say(lang, 'mail.helloAnonymous');
}

function signOff(lang: string, siteTitle: string): [string, string] {
  return [say(lang, 'mail.regards'), oneLine(siteTitle)];
}

function signOffHtml(lang: string, siteTitle: string): string {
  const [regards, title] = signOff(lang, siteTitle);
  return para(`${escapeHtml(regards)}<br>${escapeHtml(title)}`);
}

const copyHint = (lang: string) => say(lang, 'mail.copyHint');

export function welcomeMail(input: { lang: string; siteTitle: string; name: string; loginUrl: string }): MailContent {
  const lang = spokenLocale(input.lang);
  const site = oneLine(input.siteTitle);
  const t = {
    subject: say(lang, 'mail.welcome.subject', { site }),
    title: say(lang, 'mail.welcome.title'),
    intro: say(lang, 'mail.welcome.intro', { site }),
    action: say(lang, 'mail.welcome.action'),
    why: say(lang, 'mail.welcome.why', { site }),
  };
  const hello = greeting(lang, input.name);
  return {
    subject: t.subject,
    text: [hello, '', t.intro, '', `${t.action}: ${input.loginUrl}`, '', ...signOff(lang, site), '', '--', t.why, ''].join('\n'),
    html: frame({
      lang,
      title: t.title,
      siteTitle: site,
      body: [para(escapeHtml(hello)), para(escapeHtml(t.intro)), button(input.loginUrl, t.action, copyHint(lang)), signOffHtml(lang, site), small(t.why)],
    }),
  };
}

export function passwordResetMail(input: { lang: string; siteTitle: string; name: string; resetUrl: string; validMinutes: number }): MailContent {
  const lang = spokenLocale(input.lang);
  const site = oneLine(input.siteTitle);
  const valid = duration(lang, input.validMinutes);
  const t = {
    subject: say(lang, 'mail.reset.subject', { site }),
    title: say(lang, 'mail.reset.title'),
    intro: say(lang, 'mail.reset.intro', { site }),
    expiry: say(lang, 'mail.reset.expiry', { duration: valid }),
    action: say(lang, 'mail.reset.action'),
    ignore: say(lang, 'mail.reset.ignore'),
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
        button(input.resetUrl, t.action, copyHint(lang)),
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
  const lang = spokenLocale(input.lang);
  const site = oneLine(input.siteTitle);
  const code = oneLine(input.code);
  const t = {
    subject: say(lang, 'mail.order.subject', { code, site }),
    title: say(lang, 'mail.order.title'),
    intro: say(lang, 'mail.order.intro'),
    codeLabel: say(lang, 'mail.order.codeLabel'),
    itemLabel: say(lang, 'mail.order.itemLabel'),
    qtyLabel: say(lang, 'mail.order.qtyLabel'),
    priceLabel: say(lang, 'mail.order.priceLabel'),
    caption: say(lang, 'mail.order.caption'),
    totalLabel: say(lang, 'mail.order.totalLabel'),
    action: say(lang, 'mail.order.action'),
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

  // Mail clients ignore logical CSS: the table's sides follow the language's direction by hand.
  const [start, end] = directionOf(lang) === 'rtl' ? ['right', 'left'] : ['left', 'right'];
  const cell = `padding:8px 4px;border-bottom:1px solid ${COLORS.line};font-size:15px;color:${COLORS.text};vertical-align:top`;
  const head = `padding:8px 4px;border-bottom:2px solid ${COLORS.text};font-size:13px;color:${COLORS.muted}`;
  // A real data table (caption, th with scope) so a screen reader reads quantity, item and price together.
  const table = [
    '<table cellpadding="0" cellspacing="0" border="0" width="100%" style="border-collapse:collapse;margin:0 0 24px">',
    `<caption style="text-align:${start};font-size:16px;font-weight:bold;padding:0 0 8px;color:${COLORS.text}">${escapeHtml(t.caption)}</caption>`,
    `<thead><tr><th scope="col" align="${end}" style="${head};width:3em">${escapeHtml(t.qtyLabel)}</th><th scope="col" align="${start}" style="${head}">${escapeHtml(t.itemLabel)}</th><th scope="col" align="${end}" style="${head}">${escapeHtml(t.priceLabel)}</th></tr></thead>`,
    '<tbody>',
    ...input.lines.map(
      (l) =>
        `<tr><td align="${end}" style="${cell}">${l.qty}&nbsp;×</td><td style="${cell}">${escapeHtml(l.name)}</td><td align="${end}" style="${cell};white-space:nowrap">${escapeHtml(l.priceText)}</td></tr>`,
    ),
    '</tbody>',
    '<tfoot>',
    ...input.summary.map(
      (r, i) =>
        `<tr><th scope="row" colspan="2" align="${start}" style="padding:${i === 0 ? 12 : 4}px 4px 0;font-size:15px;font-weight:normal;color:${COLORS.text}">${escapeHtml(r.label)}</th><td align="${end}" style="padding:${i === 0 ? 12 : 4}px 4px 0;font-size:15px;color:${COLORS.text};white-space:nowrap">${escapeHtml(r.valueText)}</td></tr>`,
    ),
    `<tr><th scope="row" colspan="2" align="${start}" style="padding:12px 4px 0;font-size:16px;color:${COLORS.text}">${escapeHtml(t.totalLabel)}</th><td align="${end}" style="padding:12px 4px 0;font-size:16px;font-weight:bold;color:${COLORS.text};white-space:nowrap">${escapeHtml(input.totalText)}</td></tr>`,
    ...input.after.map(
      (r) =>
        `<tr><th scope="row" colspan="2" align="${start}" style="padding:4px 4px 0;font-size:13px;font-weight:normal;color:${COLORS.muted}">${escapeHtml(r.label)}</th><td align="${end}" style="padding:4px 4px 0;font-size:13px;color:${COLORS.muted};white-space:nowrap">${escapeHtml(r.valueText)}</td></tr>`,
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
        button(input.orderUrl, t.action, copyHint(lang)),
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
  const lang = spokenLocale(input.lang);
  const site = oneLine(input.siteTitle);
  const name = oneLine(input.name);
  const subject = oneLine(input.subject);
  const t = {
    subject: say(lang, 'mail.contact.subject', { subject }),
    title: say(lang, 'mail.contact.title'),
    from: say(lang, 'mail.contact.from'),
    subjectLabel: say(lang, 'mail.contact.subjectLabel'),
    reply: say(lang, 'mail.contact.reply', { name, email: input.email }),
    action: say(lang, 'mail.contact.action'),
    why: say(lang, 'mail.contact.why', { site }),
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
        `<div style="margin:0 0 16px;padding:12px 16px;border-${directionOf(lang) === 'rtl' ? 'right' : 'left'}:4px solid ${COLORS.accent};background:${COLORS.page};font-size:16px;line-height:1.5;color:${COLORS.text};word-break:break-word">${quoted}</div>`,
        para(escapeHtml(t.reply)),
        button(input.staffUrl, t.action, copyHint(lang)),
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
  const lang = spokenLocale(input.lang);
  const site = oneLine(input.siteTitle);
  const party = say(lang, 'mail.reservation.party', { guests: input.guests });
  const table = `${input.whenText}, ${party}`;
  const reason = oneLine(input.reason);
  const call = input.phone ? say(lang, 'mail.reservation.call', { phone: input.phone }) : '';
  const texts = {
    received: {
      subject: say(lang, 'mail.reservation.received.subject', { site }),
      title: say(lang, 'mail.reservation.received.title'),
      lines: [say(lang, 'mail.reservation.received.thanks', { table }), say(lang, 'mail.reservation.received.next')],
    },
    confirmed: {
      subject: say(lang, 'mail.reservation.confirmed.subject', { site }),
      title: say(lang, 'mail.reservation.confirmed.title'),
      lines: [say(lang, 'mail.reservation.confirmed.confirm', { table }), say(lang, 'mail.reservation.confirmed.lookForward')],
    },
    declined: {
      subject: say(lang, 'mail.reservation.declined.subject', { site }),
      title: say(lang, 'mail.reservation.declined.title'),
      lines: [
        say(lang, 'mail.reservation.declined.sorry', { table }),
        ...(reason ? [say(lang, 'mail.reservation.declined.note', { reason })] : []),
        say(lang, 'mail.reservation.declined.again'),
      ],
    },
  }[input.kind];
  const hello = greeting(lang, input.name);
  const lines = [...texts.lines, ...(call && input.kind !== 'declined' ? [call] : [])];
  const [regards, title] = signOff(lang, site);
  return {
    subject: texts.subject,
    text: [hello, '', ...lines.flatMap((l) => [l, '']), regards, title, ''].join('\n'),
    html: frame({ lang, title: texts.title, siteTitle: site, body: [para(escapeHtml(hello)), ...lines.map((l) => para(escapeHtml(l))), signOffHtml(lang, site)] }),
  };
}
