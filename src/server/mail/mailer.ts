import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where an answer goes when it is not the sender (a contact message: the diner who wrote it). */
  replyTo?: string;
}

export interface Mailer {
  /** Resolves whether or not the mail went out; failures are logged, never thrown. */
  send(message: MailMessage): Promise<void>;
  /** Like `send` (the failure is logged too), but rejects when the mail did not go out: the outbox retries it. */
  deliver(message: MailMessage): Promise<void>;
  /** Waits for mails still on their way, then lets the transport go. */
  close(): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:587 or smtps://user:pass@host:465; unset writes .eml files to the outbox. */
  smtpUrl?: string;
  from: string;
  /** Where `outbox/` goes; 'memory://' (tests) writes nothing to disk. */
  dataDir: string;
  log: (msg: string, extra?: Record<string, unknown>) => void;
}

/**
 * One bare address and nothing else: nodemailer reads "a@x, b@y" or "Name <a@x>" as address
 * lists, so an e-mail field that slipped past validation could otherwise send our reset link to
 * a second recipient.
 */
const SINGLE_ADDRESS = /^[^\s@,;:<>()"[\]\\]+@[^\s@,;:<>()"[\]\\]+$/;

/** `close` waits for mails in flight at shutdown: give up on a dead SMTP host in seconds, not nodemailer's default minutes. */
const SMTP_TIMEOUT_MS = 10_000;

/** Common to both transports: our mails never attach files or fetch URLs, so refuse to if asked. */
const NO_CONTENT_ACCESS = { disableFileAccess: true, disableUrlAccess: true } as const;

/**
 * SMTP when `smtpUrl` is set; otherwise every mail becomes a real RFC 822 file in
 * `<dataDir>/outbox/`, so a restaurant without a mail server still sees what would have gone out
 * (and a developer can open a reset link).
 */
export function createMailer(options: MailerOptions): Mailer {
  const log = quietly(options.log);
  const deliver = options.smtpUrl ? smtpDelivery(options.smtpUrl, options) : outboxDelivery({ ...options, log });
  return guarded(deliver, log);
}

/** Callers fire `send` without awaiting it, so even a throwing logger must not become an unhandled rejection. */
function quietly(log: MailerOptions['log']): MailerOptions['log'] {
  return (msg, extra) => {
    try {
      log(msg, extra);
    } catch {
      // Nowhere left to report it.
    }
  };
}

type Deliver = { send(message: MailMessage): Promise<void>; close(): void };

/** nodemailer takes about 40 ms to import: a start-up pays it only when the first mail goes out. */
function lazyTransport<T extends { close(): void }>(make: (library: typeof Nodemailer) => T): { get(): Promise<T>; close(): void } {
  let made: Promise<T> | null = null;
  return {
    get: () => (made ??= import('nodemailer').then(make)),
    close: () => void made?.then((transport) => transport.close()),
  };
}

function smtpDelivery(smtpUrl: string, options: MailerOptions): Deliver {
  // Checked at boot so a typo stops the server with a message instead of failing every mail later;
  // the URL itself is not echoed because it carries the password.
  let protocol: string;
  try {
    protocol = new URL(smtpUrl).protocol;
  } catch {
    throw new Error('the SMTP URL is not a valid URL (expected smtp://user:pass@host:587 or smtps://…)');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error(`the SMTP URL must start with smtp:// or smtps://, got ${protocol}//`);
  }
  const transport = lazyTransport((nodemailer) =>
    nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      dnsTimeout: SMTP_TIMEOUT_MS,
      ...NO_CONTENT_ACCESS,
    }),
  );
  return {
    async send(message) {
      await (await transport.get()).sendMail({ from: options.from, ...message });
    },
    close: transport.close,
  };
}

function outboxDelivery(options: MailerOptions): Deliver {
  const composer = lazyTransport((nodemailer) => nodemailer.createTransport({ streamTransport: true, buffer: true, ...NO_CONTENT_ACCESS }));
  const inMemory = options.dataDir.startsWith('memory://');
  const outbox = inMemory ? 'memory://outbox' : join(options.dataDir, 'outbox');
  // Made once, not before every mail; a failed attempt is tried again with the next mail.
  let made: Promise<unknown> | undefined;
  const makeOutbox = () => {
    made ??= mkdir(outbox, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
      made = undefined;
      throw err;
    });
    return made;
  };
  return {
    async send(message) {
      const info = await (await composer.get()).sendMail({ from: options.from, ...message });
      if (!Buffer.isBuffer(info.message)) throw new Error('the stream transport returned a stream despite buffer: true');
      // ISO 8601 basic format: sorts like the extended one but has no ':' that Windows refuses in names.
      const stamp = new Date().toISOString().replace(/[-:]/g, '');
      const name = `${stamp}-${randomBytes(4).toString('hex')}.eml`;
      const file = inMemory ? `${outbox}/${name}` : join(outbox, name);
      if (!inMemory) {
        // Owner-only: a reset link in here is as good as the password until it expires.
        await makeOutbox();
        await writeFile(file, info.message, { flag: 'wx', mode: 0o600 });
      }
      options.log('mail written to outbox', { to: maskedAddress(message.to), subject: message.subject, file });
    },
    close: composer.close,
  };
}

/** Enough of an address to find a mail in the logs, not enough to collect addresses from them: 'e***@example.org'. */
export function maskedAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 1 ? '***' : `${address[0]}***${address.slice(at)}`;
}

/** Turns every failure into a log line and keeps count of mails in flight for `close`. */
function guarded(deliver: Deliver, log: MailerOptions['log']): Mailer {
  const inFlight = new Set<Promise<void>>();
  let closed = false;

  async function attempt(message: MailMessage, rethrow: boolean): Promise<void> {
    const where = { to: maskedAddress(message.to), subject: message.subject };
    try {
      if (closed) throw new Error('the mailer is closed');
      if (!SINGLE_ADDRESS.test(message.to)) throw new Error('the recipient is not a single plain e-mail address');
      if (message.replyTo !== undefined && !SINGLE_ADDRESS.test(message.replyTo)) throw new Error('the reply-to is not a single plain e-mail address');
      await deliver.send(message);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const code = err instanceof Error && 'code' in err ? err.code : undefined;
      log('mail failed', { ...where, error, ...(code === undefined ? {} : { code }) });
      if (rethrow) throw err;
    }
  }

  function track(sending: Promise<void>): Promise<void> {
    const settled = sending.catch(() => undefined);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
    return sending;
  }

  return {
    send: (message) => track(attempt(message, false)),
    deliver: (message) => track(attempt(message, true)),
    async close() {
      closed = true;
      await Promise.all(inFlight);
      deliver.close();
    },
  };
}

/** For tests: remembers every mail instead of sending it. */
export function createMemoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    send(message) {
      sent.push({ ...message });
      return Promise.resolve();
    },
    deliver(message) {
      sent.push({ ...message });
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}
