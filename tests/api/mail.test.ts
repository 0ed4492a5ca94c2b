/**
 * The mailer as the server uses it: SMTP against a real (in-process) SMTP server, the .eml outbox
 * when no SMTP is configured, and a failing transport that must never fail the caller. Then the
 * templates: escaping, language, and what each mail has to say.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, createMemoryMailer, maskedAddress, type MailMessage } from '../../src/server/mail/mailer';
import { escapeHtml, orderReceivedMail, passwordResetMail, welcomeMail } from '../../src/server/mail/templates';

interface LogEntry {
  msg: string;
  extra: Record<string, unknown> | undefined;
}

function recorder(): { entries: LogEntry[]; log: (msg: string, extra?: Record<string, unknown>) => void } {
  const entries: LogEntry[] = [];
  return { entries, log: (msg, extra) => entries.push({ msg, extra }) };
}

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A parsed RFC 822 message: unfolded headers (lower-case keys) and the body, just enough to look inside. */
interface Parsed {
  headers: Map<string, string>;
  body: string;
}

function parseMessage(raw: string): Parsed {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  expect(split).toBeGreaterThan(0);
  const headers = new Map<string, string>();
  for (const line of normalized.slice(0, split).replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    expect(colon, `header line "${line}"`).toBeGreaterThan(0);
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: normalized.slice(split + 2) };
}

/** The parts of a multipart body, each parsed, with its content decoded by its transfer encoding. */
function parts(message: Parsed): { type: string; content: string }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers.get('content-type') ?? '')?.[1];
  expect(boundary).toBeTruthy();
  return message.body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      // The line break before a boundary belongs to the delimiter (RFC 2046), not to the part.
      const part = parseMessage(chunk.replace(/^\n/, '').replace(/\n$/, ''));
      const encoding = part.headers.get('content-transfer-encoding') ?? '7bit';
      const content =
        encoding === 'quoted-printable'
          ? decodeQuotedPrintable(part.body)
          : encoding === 'base64'
            ? Buffer.from(part.body, 'base64').toString('utf8')
            : part.body;
      return { type: part.headers.get('content-type') ?? '', content };
    });
}

function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  // %-escape plain bytes too, so decodeURIComponent sees one consistent UTF-8 byte string.
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

/** A port nothing listens on: bind one, then let it go. */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

const message: MailMessage = {
  to: 'guest@example.test',
  subject: 'Your table is ready',
  text: 'Hello Anna,\nyour table is ready. Welcome!\n',
  html: '<p>Hello Anna, your table is <strong>ready</strong>.</p>',
};

describe('mailer over SMTP', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port = 0;

  beforeAll(async () => {
    const options: SMTPServerOptions = {
      authOptional: true,
      // Plain TCP on loopback: no TLS to upgrade to, and AUTH allowed without it.
      disabledCommands: ['STARTTLS'],
      allowInsecureAuth: true,
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: auth.username });
        else callback(new Error('bad credentials'));
      },
      onRcptTo(address, _session, callback) {
        callback(address.address.startsWith('bounce@') ? new Error('no such user') : null);
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    };
    server = new SMTPServer(options);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    port = address.port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  afterEach(() => {
    received.length = 0;
  });

  it('delivers recipient, sender, subject, text and HTML, logging in with the URL credentials', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${port}`, from: 'Gasthaus Lindenhof <noreply@lindenhof.test>', dataDir: 'memory://', log });
    await mailer.send(message);
    await mailer.close();

    expect(entries).toEqual([]);
    expect(received).toHaveLength(1);
    const got = received[0]!;
    expect(got.user).toBe('mailer');
    expect(got.from).toBe('noreply@lindenhof.test');
    expect(got.to).toEqual(['guest@example.test']);
    const parsed = parseMessage(got.raw);
    expect(parsed.headers.get('to')).toBe('guest@example.test');
    expect(parsed.headers.get('subject')).toBe('Your table is ready');
    expect(parsed.headers.get('from')).toBe('Gasthaus Lindenhof <noreply@lindenhof.test>');
    const [text, html] = parts(parsed);
    expect(text?.type).toMatch(/^text\/plain/);
    expect(text?.content).toContain('your table is ready. Welcome!');
    expect(html?.type).toMatch(/^text\/html/);
    expect(html?.content).toContain('<strong>ready</strong>');
  });

  it('carries German text and HTML through intact', async () => {
    const mail = welcomeMail({ lang: 'de', siteTitle: 'Gasthaus Lindenhof', name: 'Jörg Müller', loginUrl: 'https://lindenhof.test/login' });
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'noreply@lindenhof.test', dataDir: 'memory://', log: () => {} });
    await mailer.send({ to: 'joerg@example.test', ...mail });
    await mailer.close();

    const [text, html] = parts(parseMessage(received[0]!.raw));
    expect(text?.content).toBe(mail.text);
    expect(html?.content).toBe(mail.html);
  });

  it('logs a refused recipient and resolves', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    await expect(mailer.send({ ...message, to: 'bounce@example.test' })).resolves.toBeUndefined();
    await mailer.close();
    expect(received).toHaveLength(0);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'mail failed', extra: { to: 'b***@example.test', subject: message.subject } });
  });

  it('logs wrong credentials and resolves', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ smtpUrl: `smtp://mailer:wrong@127.0.0.1:${port}`, from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    await mailer.send(message);
    await mailer.close();
    expect(received).toHaveLength(0);
    expect(entries.map((e) => e.msg)).toEqual(['mail failed']);
  });
});

describe('mailer failures', () => {
  it('logs and resolves when nothing listens on the SMTP port', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${await deadPort()}`, from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    await expect(mailer.send(message)).resolves.toBeUndefined();
    await mailer.close();
    expect(entries).toHaveLength(1);
    const entry = entries[0]!;
    expect(entry.msg).toBe('mail failed');
    expect(entry.extra).toMatchObject({ to: maskedAddress(message.to), subject: message.subject, error: expect.any(String) });
  });

  it('refuses a recipient that is really a list of addresses', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    for (const to of ['guest@example.test, thief@evil.test', 'Guest <guest@example.test>', 'guest@example.test\r\nBcc: thief@evil.test', '']) {
      await mailer.send({ ...message, to });
    }
    await mailer.close();
    expect(entries.map((e) => e.msg)).toEqual(['mail failed', 'mail failed', 'mail failed', 'mail failed']);
  });

  it('refuses to be created with something that is not an SMTP URL, without echoing it', () => {
    expect(() => createMailer({ smtpUrl: 'http://user:hunter2@mail.test', from: 'a@b.test', dataDir: 'memory://', log: () => {} })).toThrow(/smtp:\/\//);
    expect(() => createMailer({ smtpUrl: 'not a url hunter2', from: 'a@b.test', dataDir: 'memory://', log: () => {} })).toThrow(/^(?!.*hunter2)/);
  });

  it('resolves even when the logger itself throws', async () => {
    const mailer = createMailer({
      from: 'noreply@lindenhof.test',
      dataDir: 'memory://',
      log: () => {
        throw new Error('logger down');
      },
    });
    await expect(mailer.send(message)).resolves.toBeUndefined();
    await expect(mailer.send({ ...message, to: 'not an address' })).resolves.toBeUndefined();
    await mailer.close();
  });

  it('logs a send after close instead of throwing', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    await mailer.close();
    await expect(mailer.send(message)).resolves.toBeUndefined();
    expect(entries.map((e) => e.msg)).toEqual(['mail failed']);
  });
});

describe('mailer outbox', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'lindenhof-mail-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as a real .eml file and logs where', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ from: 'Gasthaus Lindenhof <noreply@lindenhof.test>', dataDir, log });
    const reset = passwordResetMail({ lang: 'de', siteTitle: 'Gasthaus Lindenhof', name: 'Anna', resetUrl: 'https://lindenhof.test/reset?t=abc', validMinutes: 60 });
    await mailer.send({ to: 'anna@example.test', ...reset });
    await mailer.send(message);
    await mailer.close();

    const files = (await readdir(join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);

    expect(entries.map((e) => e.msg)).toEqual(['mail written to outbox', 'mail written to outbox']);
    // Logs name the mail without collecting whole addresses.
    expect(entries[0]?.extra).toMatchObject({ to: 'a***@example.test', subject: reset.subject });
    const first = entries[0]?.extra?.file;
    expect(typeof first === 'string' && files.includes(first.split('/').pop() ?? '')).toBe(true);

    const raw = await readFile(String(first), 'utf8');
    const parsed = parseMessage(raw);
    expect(parsed.headers.get('to')).toBe('anna@example.test');
    expect(parsed.headers.get('from')).toBe('Gasthaus Lindenhof <noreply@lindenhof.test>');
    expect(parsed.headers.get('mime-version')).toBe('1.0');
    expect(parsed.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(parsed.headers.get('date')).toBeTruthy();
    // The German subject has umlauts, so it arrives as an RFC 2047 encoded word.
    expect(parsed.headers.get('subject')).toMatch(/^=\?UTF-8\?/i);
    expect(parsed.headers.get('content-type')).toMatch(/^multipart\/alternative/);
    const [text, html] = parts(parsed);
    expect(text?.content).toBe(reset.text);
    expect(html?.content).toBe(reset.html);
  });

  it("keeps 'memory://' mails off the disk and still logs them", async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ from: 'noreply@lindenhof.test', dataDir: 'memory://', log });
    await mailer.send(message);
    await mailer.close();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ msg: 'mail written to outbox', extra: { to: maskedAddress(message.to), subject: message.subject } });
    expect(String(entries[0]?.extra?.file)).toMatch(/^memory:\/\/outbox\/.+\.eml$/);
  });

  it('waits in close for mails still being written', async () => {
    const { entries, log } = recorder();
    const mailer = createMailer({ from: 'noreply@lindenhof.test', dataDir, log });
    const pending = [mailer.send(message), mailer.send(message), mailer.send(message)];
    await mailer.close();
    expect(entries).toHaveLength(3);
    await Promise.all(pending);
  });
});

describe('memory mailer', () => {
  it('remembers what it was given', async () => {
    const mailer = createMemoryMailer();
    await mailer.send(message);
    await mailer.close();
    expect(mailer.sent).toEqual([message]);
  });
});

describe('templates', () => {
  const evil = '<script>alert("x")</script> & Co';

  it('escapes every interpolated value in the HTML', () => {
    const mails = [
      welcomeMail({ lang: 'de', siteTitle: evil, name: evil, loginUrl: 'https://x.test/?a=1&b="2"' }),
      passwordResetMail({ lang: 'en', siteTitle: evil, name: evil, resetUrl: 'https://x.test/r?t=<t>', validMinutes: 30 }),
      orderReceivedMail({
        lang: 'de',
        siteTitle: evil,
        name: evil,
        code: '<b>AB12</b>',
        orderUrl: 'https://x.test/o?c="1"',
        totalText: '<i>9,00 €</i>',
        deliverText: '<img src=x onerror=alert(1)>',
        lines: [{ qty: 2, name: evil, priceText: '<u>9,00 €</u>' }],
        summary: [{ label: evil, valueText: '<u>1,00 €</u>' }],
        after: [{ label: evil, valueText: '<i>Bar</i>' }],
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toMatch(/<script|<img|<b>|<i>|<u>|onerror=alert\(1\)>/);
      expect(mail.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; Co');
      const hrefs = [...mail.html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
      expect(hrefs.length).toBeGreaterThan(0);
      for (const href of hrefs) expect(href).toMatch(/^https:\/\/x\.test\/[^<>]*$/);
      // The plain text is not HTML: it shows the name as typed.
      expect(mail.text).toContain(evil);
    }
    expect(mails[0]?.html).toContain('href="https://x.test/?a=1&#38;b=&#34;2&#34;"');
    expect(escapeHtml(`'"<>&`)).toBe('&#39;&#34;&#60;&#62;&#38;');
  });

  it('speaks German by default, with "Sie", and English on request', () => {
    const input = { siteTitle: 'Gasthaus Lindenhof', name: 'Anna', loginUrl: 'https://lindenhof.test/login' };
    const de = welcomeMail({ ...input, lang: 'de' });
    const en = welcomeMail({ ...input, lang: 'en' });
    expect(de.subject).toBe('Willkommen bei Gasthaus Lindenhof');
    expect(de.html).toContain('<html lang="de" dir="ltr">');
    expect(de.text).toMatch(/Guten Tag Anna,/);
    expect(de.text).toMatch(/\b(Sie|Ihr|Ihre)\b/);
    expect(de.text).not.toMatch(/\b(du|dein|deine|dich|dir)\b/i);
    expect(en.subject).toBe('Welcome to Gasthaus Lindenhof');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
    expect(en.text).toMatch(/Hello Anna,/);
    for (const other of ['', 'EN-gb', 'xx', 'es']) expect(welcomeMail({ ...input, lang: other })).toEqual(de);
    expect(welcomeMail({ ...input, lang: 'fr' }).subject).toBe('Bienvenue chez Gasthaus Lindenhof');
  });

  it('welcome mail links to the login', () => {
    const mail = welcomeMail({ lang: 'en', siteTitle: 'Gasthaus Lindenhof', name: '', loginUrl: 'https://lindenhof.test/login' });
    expect(mail.text).toContain('https://lindenhof.test/login');
    expect(mail.html).toContain('href="https://lindenhof.test/login"');
    expect(mail.text.startsWith('Hello,')).toBe(true);
  });

  it('password reset mail says the link is one-time, when it expires, and that ignoring it is safe', () => {
    const input = { siteTitle: 'Gasthaus Lindenhof', name: 'Anna', resetUrl: 'https://lindenhof.test/reset?t=abc' };
    const de = passwordResetMail({ ...input, lang: 'de', validMinutes: 30 });
    expect(de.text).toContain('https://lindenhof.test/reset?t=abc');
    expect(de.text).toContain('nur einmal');
    expect(de.text).toContain('30 Minuten gültig');
    expect(de.text).toContain('ignorieren');
    expect(de.text).toContain('Passwort bleibt unverändert');
    expect(de.html).toContain('href="https://lindenhof.test/reset?t=abc"');
    expect(de.html).toContain('Passwort bleibt unverändert');

    const en = passwordResetMail({ ...input, lang: 'en', validMinutes: 120 });
    expect(en.text).toContain('only once');
    expect(en.text).toContain('expires in 2 hours');
    expect(en.text).toContain('ignore this e-mail');
    expect(en.text).toContain('password stays unchanged');
    expect(passwordResetMail({ ...input, lang: 'de', validMinutes: 60 }).text).toContain('1 Stunde gültig');
  });

  it('order mail lists code, lines, the figures below them, total and what follows it in both parts', () => {
    const input = {
      siteTitle: 'Gasthaus Lindenhof',
      name: 'Anna',
      code: 'K7PX3M2Q',
      orderUrl: 'https://lindenhof.test/order/K7PX3M2Q',
      totalText: '33,40 €',
      deliverText: 'Abholung heute um 18:30',
      lines: [
        { qty: 2, name: 'Wiener Schnitzel', priceText: '25,80 €' },
        { qty: 1, name: 'Apfelstrudel', priceText: '5,60 €' },
      ],
      summary: [
        { label: 'Zwischensumme', valueText: '31,40 €' },
        { label: 'Lieferung', valueText: '2,00 €' },
      ],
      after: [
        { label: 'Zahlungsart', valueText: 'Vor Ort bezahlen' },
        { label: 'inkl. MwSt. 7 % auf 33,40 €', valueText: '2,19 €' },
      ],
    };
    const de = orderReceivedMail({ ...input, lang: 'de' });
    expect(de.subject).toBe('Ihre Bestellung K7PX3M2Q bei Gasthaus Lindenhof');
    for (const part of [de.text, de.html]) {
      for (const expected of ['K7PX3M2Q', 'Wiener Schnitzel', '25,80 €', 'Apfelstrudel', '5,60 €', '31,40 €', 'Lieferung', '33,40 €', 'Vor Ort bezahlen', 'inkl. MwSt. 7 % auf 33,40 €', 'Abholung heute um 18:30', 'https://lindenhof.test/order/K7PX3M2Q']) {
        expect(part).toContain(expected);
      }
    }
    expect(de.text).toContain('2 × Wiener Schnitzel: 25,80 €');
    // Lines, then the figures in order: subtotal, delivery, total, payment method, VAT contained.
    expect(de.text).toContain(
      ['Zwischensumme: 31,40 €', 'Lieferung: 2,00 €', 'Summe: 33,40 €', 'Zahlungsart: Vor Ort bezahlen', 'inkl. MwSt. 7 % auf 33,40 €: 2,19 €'].join('\n'),
    );
    expect(de.html).toContain('<th scope="row" colspan="2" align="left" style="padding:4px 4px 0;font-size:15px;font-weight:normal;color:#1f2937">Lieferung</th>');
    expect(de.html).toContain('<th scope="col"');
    expect(de.html).toContain('<caption');

    const en = orderReceivedMail({ ...input, lang: 'en' });
    expect(en.subject).toBe('Your order K7PX3M2Q at Gasthaus Lindenhof');
    expect(en.text).toContain('Total: 33,40 €');
  });
});
