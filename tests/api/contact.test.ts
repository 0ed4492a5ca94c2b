/**
 * The contact form (`POST /api/contact`) and the staff side's messages: field errors in the
 * spec's shape, hostile bodies, the honeypot, the per-address limit, the stored and mailed
 * message with the diner as Reply-To, the live event, and who may read and mark done.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage } from '../../src/shared/contract/contact';
import type { StaffMember, StaffSession } from '../../src/shared/contract/staff';
import { CONTACT_RATE_LIMITS, CONTACT_RETENTION_DAYS, pruneContactMessages } from '../../src/server/contact/messages';
import * as t from '../../src/server/db/schema';
import { createMailer, createMemoryMailer } from '../../src/server/mail/mailer';
import { contactMessageMail } from '../../src/server/mail/templates';
import { ensureOwner } from '../../src/server/staff/accounts';
import { openSse } from '../support/sse';
import { authHeaders, EN, eventually, withSetting } from './account-helpers';
import { call, fieldErrors, XSRF_HEADERS } from './checkout-helpers';
import { backends, useTestApp } from './harness';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };
const RESTAURANT = 'hallo@lindenhof.example';

let nextAddress = 1;
/** Each test writes from an address of its own, so one test's messages never spend another's allowance. */
const freshIp = () => `198.51.100.${nextAddress++}`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  fname: 'Erika',
  lname: 'Mustermann',
  email: 'erika@example.org',
  subject: 'Geburtstagsfeier am Samstag',
  message: 'Hallo,\nhaben Sie am Samstag Platz für 14 Personen?\nViele Grüße',
  terms: true,
  ...overrides,
});

describe.each(backends())('contact form on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { mailer, publicUrl: 'https://lindenhof.example' });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let owner: string;

  const send = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
    call<{ data: { message: string } }>(app(), 'POST', '/api/contact', { payload: body, remoteAddress: ip, headers });
  const stored = async () => (await db().select({ n: count() }).from(t.contactMessages))[0]?.n ?? 0;
  const staffCall = <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(token), ...EN }, payload: body });
  const login = async (email: string, password: string) => {
    const res = await call<{ data: StaffSession }>(app(), 'POST', '/api/staff/login', { payload: { email, password } });
    expect(res.status, res.text).toBe(200);
    return res.body.data.token;
  };
  const addStaff = async (role: 'manager' | 'service') => {
    const email = `${role}-${Math.random().toString(36).slice(2, 8)}@lindenhof.example`;
    const res = await staffCall<{ data: StaffMember }>(owner, 'POST', '/team', { name: `A ${role}`, email, role, password: 'staff-password-1' });
    expect(res.status, res.text).toBe(201);
    return login(email, 'staff-password-1');
  };

  beforeAll(async () => {
    await ensureOwner(db(), OWNER.email, OWNER.password);
    owner = await login(OWNER.email, OWNER.password);
  });

  it('names every missing or wrong field in the spec shape, in the diner language', async () => {
    const empty = fieldErrors(await send({}, freshIp(), EN));
    expect(Object.keys(empty).sort()).toEqual(['email', 'fname', 'lname', 'message', 'subject', 'terms']);
    expect(empty.fname).toEqual(['This field is required.']);
    expect(empty.terms).toEqual(['Please accept the terms and the privacy policy.']);

    const wrong = fieldErrors(
      await send(valid({ email: 'erika@', fname: '   ', subject: 'x'.repeat(151), message: 'y'.repeat(5001), terms: false }), freshIp()),
    );
    expect(wrong).toEqual({
      email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      fname: ['Dieses Feld ist erforderlich.'],
      subject: ['Dieser Text ist zu lang.'],
      message: ['Dieser Text ist zu lang.'],
      terms: ['Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.'],
    });
    // At the limits exactly, the message goes through.
    const longest = await send(valid({ fname: 'E'.repeat(60), lname: 'M'.repeat(60), subject: 's'.repeat(150), message: 'm'.repeat(5000) }));
    expect(longest.status, longest.text).toBe(201);
  });

  it('answers hostile bodies with a 4xx and a message, never a 5xx, and stores none of them', async () => {
    const before = await stored();
    const hostile: unknown[] = [
      null,
      [],
      'text',
      42,
      valid({ fname: { $gt: '' } }),
      valid({ email: ['a@example.org', 'b@example.org'] }),
      valid({ message: 'a\u0000b' }),
      valid({ subject: '\ud800' }),
      valid({ terms: 'yes' }),
      JSON.parse('{"fname":"E","lname":"M","email":"e@example.org","subject":"s","message":"m","terms":true,"__proto__":{"admin":true},"constructor":{"prototype":{}}}'),
    ];
    for (const body of hostile) {
      const res = await send(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (res.body as unknown as { message: unknown }).message).toBe('string');
    }
    expect(await stored()).toBe(before);
    // Object's own member names beside a valid form are dropped, not obeyed: the message goes through as typed.
    // (`__proto__` and `constructor.prototype` never get this far: the JSON parser refuses them, above.)
    const poisoned = await send({ ...valid({ subject: 'Prototyp' }), toString: 'x', valueOf: 1, hasOwnProperty: { a: 1 } });
    expect(poisoned.status, poisoned.text).toBe(201);
    expect(await stored()).toBe(before + 1);
    const deep = await app().inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
      payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
    expect(await stored()).toBe(before + 1);
  });

  it('stores the message and mails it to the restaurant with the diner as Reply-To, their text never markup', async () => {
    mailer.sent.length = 0;
    const body = valid({
      fname: 'Erika <b>',
      subject: 'Feier\r\nBcc: victim@example.org',
      message: '<script>alert(1)</script>\n<a href="https://spam.example">Gewinn</a>',
    });
    const res = await send(body, freshIp(), EN);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.message).toBe('Your message has been received. We will contact you shortly.');
    const [row] = await db().select().from(t.contactMessages).orderBy(t.contactMessages.id).limit(1).offset((await stored()) - 1);
    expect(row).toMatchObject({ fname: 'Erika <b>', lname: 'Mustermann', email: 'erika@example.org', lang: 'en', doneAt: null });

    await eventually(() => mailer.sent.length === 1);
    const mail = mailer.sent[0];
    expect(mail?.to).toBe(RESTAURANT);
    expect(mail?.replyTo).toBe('erika@example.org');
    // In the restaurant's language (German), one line, whatever the sender typed.
    expect(mail?.subject).toBe('Kontaktformular: Feier Bcc: victim@example.org');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<a href="https://spam.example"');
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;<br>&#60;a href=');
    expect(mail?.text).toContain('<script>alert(1)</script>\n<a href="https://spam.example">Gewinn</a>');
    expect(mail?.html).toContain('https://lindenhof.example/staff/messages');
  });

  it('keeps the message without mailing when the restaurant has no contact address', async () => {
    mailer.sent.length = 0;
    const before = await stored();
    await withSetting(db(), 'CONTACT_EMAIL', '', async () => {
      expect((await send(valid())).status).toBe(201);
    });
    expect(await stored()).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailer.sent).toEqual([]);
  });

  it('answers a filled honeypot like a success, but stores and mails nothing', async () => {
    mailer.sent.length = 0;
    const before = await stored();
    for (const trap of ['https://cheap-pills.example', 1, { a: 1 }]) {
      const res = await send({ ...valid(), website: trap }, freshIp(), EN);
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.message).toBe('Your message has been received. We will contact you shortly.');
    }
    // An empty trap is what every person sends.
    expect((await send({ ...valid(), website: '' })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toBe(before + 1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('limits the messages from one address per hour, honeypot hits included, without touching other addresses', async () => {
    const ip = freshIp();
    const before = await stored();
    const limit = CONTACT_RATE_LIMITS.perAddressHour.limit;
    for (let i = 0; i < limit; i++) {
      const res = await send(i === 0 ? { ...valid(), website: 'bot' } : valid({ subject: `Frage ${i}` }), ip);
      expect(res.status, res.text).toBe(201);
    }
    const refused = await send(valid(), ip, EN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.body as unknown as { message: string }).message).toMatch(/^Very many messages just came from here\. Please try again in \d+ minutes/);
    expect(await stored()).toBe(before + limit - 1);
    // An invalid form spends nothing: only a valid message counts.
    const other = freshIp();
    for (let i = 0; i < limit + 2; i++) expect((await send({}, other)).status).toBe(422);
    expect((await send(valid(), other)).status).toBe(201);
  });

  it('tells open staff screens of a new message live, without its content', async () => {
    const base = await app().listen({ port: 0, host: '127.0.0.1' });
    const board = await openSse(`${base}/api/staff/events`, authHeaders(owner));
    await board.next((e) => e.event === 'hello');
    expect((await send(valid({ message: 'Geheimnis 4711' }))).status).toBe(201);
    const heard = await board.next((e) => e.event === 'contact', 2_000);
    expect(JSON.parse(heard.data)).toEqual({ type: 'contact' });
    board.close();
    // Open menus (diners) hear nothing of it.
    const menu = await openSse(`${base}/api/live`);
    await menu.next((e) => e.event === 'hello');
    expect((await send(valid())).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(menu.events.some((e) => e.event === 'contact')).toBe(false);
    menu.close();
  });

  it('lists messages newest first to every role; owners and managers mark them done and open again, logged', async () => {
    expect((await send(valid({ subject: 'Zuerst' }))).status).toBe(201);
    expect((await send(valid({ subject: 'Danach', email: 'max@example.org' }))).status).toBe(201);
    const manager = await addStaff('manager');
    const service = await addStaff('service');

    for (const token of [owner, manager, service]) {
      const list = await staffCall<{ data: ContactMessage[] }>(token, 'GET', '/messages');
      expect(list.status, list.text).toBe(200);
      expect(list.body.data[0]).toMatchObject({ subject: 'Danach', email: 'max@example.org', doneAt: null, doneBy: null });
      expect(list.body.data[1]?.subject).toBe('Zuerst');
      const times = list.body.data.map((m) => Date.parse(m.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
    expect((await call(app(), 'GET', '/api/staff/messages')).status).toBe(401);

    const list = await staffCall<{ data: ContactMessage[] }>(owner, 'GET', '/messages');
    const newest = list.body.data[0];
    if (!newest) throw new Error('no message');
    const refused = await staffCall<{ message: string }>(service, 'POST', `/messages/${newest.id}/done`, { done: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow this.');

    const done = await staffCall<{ data: ContactMessage[] }>(manager, 'POST', `/messages/${newest.id}/done`, { done: true });
    expect(done.status, done.text).toBe(200);
    const marked = done.body.data.find((m) => m.id === newest.id);
    expect(marked?.doneAt).toEqual(expect.any(String));
    expect(marked?.doneBy).toBe('A manager');
    // Marking it done twice keeps who did it first.
    await staffCall(owner, 'POST', `/messages/${newest.id}/done`, { done: true });
    const again = await staffCall<{ data: ContactMessage[] }>(service, 'GET', '/messages');
    expect(again.body.data.find((m) => m.id === newest.id)).toMatchObject({ doneAt: marked?.doneAt, doneBy: 'A manager' });

    const reopened = await staffCall<{ data: ContactMessage[] }>(owner, 'POST', `/messages/${newest.id}/done`, { done: false });
    expect(reopened.body.data.find((m) => m.id === newest.id)).toMatchObject({ doneAt: null, doneBy: null });

    expect(fieldErrors(await staffCall(owner, 'POST', `/messages/${newest.id}/done`, { done: 'maybe' }))).toHaveProperty('done');
    expect((await staffCall(owner, 'POST', '/messages/999999/done', { done: true })).status).toBe(404);
    expect((await staffCall(owner, 'POST', '/messages/abc/done', { done: true })).status).toBe(422);

    const log = await staffCall<{ data: { action: string; subject: string; actor: string }[] }>(owner, 'GET', '/audit?limit=10');
    expect(log.body.data.filter((e) => e.subject === `#${newest.id}`).map((e) => [e.action, e.actor])).toEqual([
      ['contact.reopen', 'Owner'],
      ['contact.done', 'Owner'],
      ['contact.done', 'A manager'],
    ]);
  });

  it('deletes answered messages a year after they were done, never open ones', async () => {
    const old = new Date(Date.now() - (CONTACT_RETENTION_DAYS + 5) * 86_400_000);
    const recent = new Date(Date.now() - (CONTACT_RETENTION_DAYS - 5) * 86_400_000);
    const row = { fname: 'A', lname: 'B', email: 'a@example.org', subject: 's', message: 'm', lang: 'de', createdAt: old };
    const inserted = await db()
      .insert(t.contactMessages)
      .values([
        { ...row, subject: 'done long ago', doneAt: old },
        { ...row, subject: 'done lately', doneAt: recent },
        { ...row, subject: 'still open' },
      ])
      .returning({ id: t.contactMessages.id, subject: t.contactMessages.subject });
    await pruneContactMessages(db());
    const left = await db()
      .select({ subject: t.contactMessages.subject })
      .from(t.contactMessages)
      .where(inArray(t.contactMessages.id, inserted.map((r) => r.id)));
    expect(left.map((r) => r.subject).sort()).toEqual(['done lately', 'still open']);
  });
});

describe('the contact mail through the outbox', () => {
  it('writes a real message with Reply-To the diner and the text escaped', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'contact-outbox-'));
    try {
      const mailer = createMailer({ from: 'Gasthaus Lindenhof <noreply@lindenhof.test>', dataDir: dir, log: () => undefined });
      const content = contactMessageMail({
        lang: 'de',
        siteTitle: 'Gasthaus Lindenhof',
        name: 'Erika Mustermann',
        email: 'erika@example.org',
        subject: 'Tisch für 14',
        message: '<img src=x onerror=alert(1)>',
        staffUrl: 'https://lindenhof.example/staff/messages',
      });
      await mailer.send({ to: RESTAURANT, replyTo: 'erika@example.org', ...content });
      // A reply-to that is a list of addresses is refused, like such a recipient.
      await mailer.send({ to: RESTAURANT, replyTo: 'a@example.org, b@example.org', ...content });
      await mailer.close();
      const files = await readdir(join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      const raw = await readFile(join(dir, 'outbox', files[0] ?? ''), 'utf8');
      expect(raw).toMatch(/^Reply-To: erika@example\.org$/m);
      expect(raw).toMatch(/^To: hallo@lindenhof\.example$/m);
      expect(raw).not.toContain('<img src=x');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
