/**
 * Table reservations (`POST /api/reservations`) and the staff side's day list: field errors in
 * the spec's shape, each refusal the restaurant's rules make (past, closed, notice, party size,
 * too far ahead), hostile bodies, the honeypot and the per-address limit, the stored request, the
 * live event, who may confirm or decline, that a decision is taken once, and the guest's mails.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Reservation } from '../../src/shared/contract/reservation';
import type { StaffMember, StaffSession } from '../../src/shared/contract/staff';
import * as t from '../../src/server/db/schema';
import { createMemoryMailer } from '../../src/server/mail/mailer';
import { RESERVATION_RATE_LIMITS, RESERVATION_RETENTION_DAYS, dayBounds, pruneReservations } from '../../src/server/reservations/reservations';
import { ensureOwner } from '../../src/server/staff/accounts';
import { openSse } from '../support/sse';
import { authHeaders, EN, eventually, withSetting } from './account-helpers';
import { call, fieldErrors, XSRF_HEADERS } from './checkout-helpers';
import { backends, useTestApp } from './harness';
import { fridayEvening, mondayEvening } from './reservation-helpers';

const OWNER = { email: 'owner@lindenhof.example', password: 'owner-password-123' };

let nextAddress = 1;
/** Each test asks from an address of its own, so one test's requests never spend another's allowance. */
const freshIp = () => `203.0.113.${nextAddress++}`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  reservedAt: fridayEvening(),
  guests: 4,
  name: 'Erika Mustermann',
  email: 'erika@example.org',
  phone: '+49 40 7654321',
  notes: 'Gern am Fenster',
  terms: true,
  ...overrides,
});

type DayList = { data: { day: string; reservations: Reservation[] } };

describe.each(backends())('reservations on %s', (backend) => {
  const mailer = createMemoryMailer();
  const ctx = useTestApp(backend, { mailer, publicUrl: 'https://lindenhof.example' });
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let owner: string;

  const reserve = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
    call<{ data: { message: string } }>(app(), 'POST', '/api/reservations', { payload: body, remoteAddress: ip, headers });
  const stored = async () => (await db().select({ n: count() }).from(t.reservations))[0]?.n ?? 0;
  const newest = async () => (await db().select().from(t.reservations).orderBy(t.reservations.id)).at(-1);
  const staffCall = <T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = EN) =>
    call<T>(app(), method, `/api/staff${url}`, { headers: { ...authHeaders(token), ...headers }, payload: body });
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

  it('names every missing or wrong field in the spec shape, in the guest language', async () => {
    const empty = fieldErrors(await reserve({}, freshIp(), EN));
    expect(Object.keys(empty).sort()).toEqual(['email', 'guests', 'name', 'phone', 'reservedAt', 'terms']);
    expect(empty.name).toEqual(['This field is required.']);
    expect(empty.terms).toEqual(['Please accept the terms and the privacy policy.']);

    const wrong = fieldErrors(
      await reserve(valid({ reservedAt: 'Freitag', guests: 0, name: 'x'.repeat(121), email: `${'a'.repeat(65)}@example.org`, phone: '12', notes: 'n'.repeat(1001), terms: false })),
    );
    expect(wrong).toEqual({
      reservedAt: ['Bitte wählen Sie Datum und Uhrzeit.'],
      guests: ['Diese Auswahl ist nicht gültig.'],
      name: ['Dieser Text ist zu lang.'],
      email: ['Bitte geben Sie eine gültige E-Mail-Adresse ein.'],
      phone: ['Bitte geben Sie eine gültige Telefonnummer ein.'],
      notes: ['Dieser Text ist zu lang.'],
      terms: ['Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.'],
    });
    // "10+" is a choice of the form that never reaches the server as a number of guests.
    expect(fieldErrors(await reserve(valid({ guests: '10+' })))).toEqual({ guests: ['Diese Auswahl ist nicht gültig.'] });
    // 254 in total and 64 before the @ are the spec's limits: exactly at them the request goes through.
    const local = 'l'.repeat(64);
    const longest = `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(58)}.de`;
    expect(longest.length).toBe(254);
    const atLimits = await reserve(valid({ email: longest, name: 'E'.repeat(120), notes: 'n'.repeat(1000) }));
    expect(atLimits.status, atLimits.text).toBe(201);
    expect(fieldErrors(await reserve(valid({ email: `${local}@${'d'.repeat(63)}.${'e'.repeat(63)}.${'f'.repeat(59)}.de` })))).toHaveProperty('email');
    // A national number is read in the restaurant's country (COUNTRY de).
    expect((await reserve(valid({ phone: '040 7654321' }))).status).toBe(201);
  });

  it('refuses a time in the past, outside the opening hours, at too short notice or too far ahead, each under reservedAt', async () => {
    const before = await stored();
    const errorFor = async (reservedAt: string) => fieldErrors(await reserve(valid({ reservedAt }), freshIp(), EN)).reservedAt;
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(await errorFor(`${yesterday}T19:00`)).toEqual(['This time has already passed.']);
    expect(await errorFor(mondayEvening())).toEqual(['We are closed at this time. Please choose a time within our opening hours.']);
    expect(await errorFor(fridayEvening('03:00'))).toEqual(['We are closed at this time. Please choose a time within our opening hours.']);
    const far = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    expect(await errorFor(`${far}T19:00`)).toEqual(['We take reservations up to 90 days ahead.']);
    // The notice: a Friday evening is days ahead; a notice of ten days makes it too soon.
    await withSetting(db(), 'RESERVATION_MIN_NOTICE_MINUTES', String(10 * 24 * 60), async () => {
      expect(await errorFor(fridayEvening())).toEqual(['Please reserve at least 240 hours ahead. For a table at short notice, please give us a call.']);
    });
    // The default notice (120 minutes) refuses a table in half an hour, whatever the hours.
    const soon = new Date(Date.now() + 30 * 60_000);
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(soon).replace(' ', 'T');
    expect(await errorFor(local)).toEqual(['Please reserve at least 2 hours ahead. For a table at short notice, please give us a call.']);
    expect(await stored()).toBe(before);
  });

  it('refuses a party above what the restaurant takes online, under guests', async () => {
    const refused = fieldErrors(await reserve(valid({ guests: 9 }), freshIp(), EN));
    expect(refused).toEqual({ guests: ['We take online reservations for up to 8 guests. For a larger party, please give us a call.'] });
    expect((await reserve(valid({ guests: 8 }))).status).toBe(201);
    await withSetting(db(), 'RESERVATION_MAX_GUESTS', '12', async () => {
      expect((await reserve(valid({ guests: 9 }))).status).toBe(201);
    });
    // Both refusals at once, each under its field.
    expect(Object.keys(fieldErrors(await reserve(valid({ guests: 9, reservedAt: mondayEvening() })))).sort()).toEqual(['guests', 'reservedAt']);
  });

  it('is closed while RESERVATION_ENABLED has no value', async () => {
    const before = await stored();
    await withSetting(db(), 'RESERVATION_ENABLED', '', async () => {
      const res = await reserve(valid(), freshIp(), EN);
      expect(res.status).toBe(403);
      expect((res.body as unknown as { message: string }).message).toBe('We are not taking reservations online at the moment.');
    });
    expect(await stored()).toBe(before);
  });

  it('answers hostile bodies with a 4xx and a message, never a 5xx, and stores none of them', async () => {
    const before = await stored();
    const hostile: unknown[] = [
      null,
      [],
      'text',
      42,
      valid({ name: { $gt: '' } }),
      valid({ email: ['a@example.org', 'b@example.org'] }),
      valid({ reservedAt: ['2030-01-01T19:00'] }),
      valid({ reservedAt: '2030-02-31T19:00' }),
      valid({ reservedAt: '9999-99-99T99:99' }),
      valid({ guests: 4.5 }),
      valid({ guests: '0x4' }),
      valid({ guests: -1 }),
      valid({ guests: 1e9 }),
      valid({ guests: [4] }),
      valid({ notes: 'a\u0000b' }),
      valid({ name: '\ud800' }),
      valid({ phone: { toString: 1 } }),
      valid({ terms: 'yes' }),
      JSON.parse('{"reservedAt":"2030-01-01T19:00","guests":2,"name":"E","email":"e@example.org","phone":"+49 40 1","terms":true,"__proto__":{"admin":true}}'),
    ];
    for (const body of hostile) {
      const res = await reserve(body);
      expect(res.status, `${JSON.stringify(body)} → ${res.text}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof (res.body as unknown as { message: unknown }).message).toBe('string');
    }
    expect(await stored()).toBe(before);
    // Object's own member names beside a valid form are dropped, not obeyed; unknown keys such as status too.
    const poisoned = await reserve({ ...valid({ name: 'Prototyp' }), toString: 'x', valueOf: 1, status: 'confirmed', id: 1 });
    expect(poisoned.status, poisoned.text).toBe(201);
    expect(await newest()).toMatchObject({ name: 'Prototyp', status: 'requested' });
    const deep = await app().inject({
      method: 'POST',
      url: '/api/reservations',
      headers: { 'content-type': 'application/json', ...XSRF_HEADERS },
      payload: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
    });
    expect(deep.statusCode).toBeGreaterThanOrEqual(400);
    expect(deep.statusCode).toBeLessThan(500);
    expect(await stored()).toBe(before + 1);
  });

  it('stores the request as requested in the guest language and mails the guest that it arrived', async () => {
    mailer.sent.length = 0;
    const res = await reserve(valid({ email: 'jane@example.org', name: 'Jane <b>Doe</b>', reservedAt: fridayEvening('19:30'), guests: 2 }), freshIp(), EN);
    expect(res.status, res.text).toBe(201);
    expect(res.body.data.message).toBe('Your reservation request has been submitted. We will notify you about your reservation status.');
    const row = await newest();
    expect(row).toMatchObject({ email: 'jane@example.org', guests: 2, lang: 'en', status: 'requested', decidedAt: null, notes: 'Gern am Fenster' });
    await eventually(() => mailer.sent.length === 1);
    const mail = mailer.sent[0];
    expect(mail?.to).toBe('jane@example.org');
    expect(mail?.subject).toBe('Your reservation request at Gasthaus Lindenhof');
    expect(mail?.text).toContain('Friday');
    expect(mail?.text).toContain('19:30, 2 guests');
    expect(mail?.text).toContain('It is not confirmed yet.');
    // A name that is markup is neither greeted nor rendered.
    expect(mail?.html).not.toContain('<b>');
    expect(mail?.text).toMatch(/^Hello,$/m);

    mailer.sent.length = 0;
    expect((await reserve(valid({ email: 'erika@example.org' }))).status).toBe(201);
    await eventually(() => mailer.sent.length === 1);
    expect(mailer.sent[0]?.subject).toBe('Ihre Reservierungsanfrage bei Gasthaus Lindenhof');
    expect(mailer.sent[0]?.text).toContain('Guten Tag Erika Mustermann,');
    expect(mailer.sent[0]?.text).toContain('Freitag');
  });

  it('answers a filled honeypot like a success, but stores and mails nothing', async () => {
    mailer.sent.length = 0;
    const before = await stored();
    for (const trap of ['https://cheap-pills.example', 1, { a: 1 }]) {
      const res = await reserve({ ...valid(), website: trap }, freshIp(), EN);
      expect(res.status, res.text).toBe(201);
      expect(res.body.data.message).toBe('Your reservation request has been submitted. We will notify you about your reservation status.');
    }
    expect((await reserve({ ...valid(), website: '' })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await stored()).toBe(before + 1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('limits the requests from one address per hour, honeypot hits included; refused ones spend nothing', async () => {
    const ip = freshIp();
    const limit = RESERVATION_RATE_LIMITS.perAddressHour.limit;
    // Refused requests (closed, invalid) spend nothing.
    for (let i = 0; i < limit + 2; i++) expect((await reserve(valid({ reservedAt: mondayEvening() }), ip)).status).toBe(422);
    for (let i = 0; i < limit; i++) {
      const res = await reserve(i === 0 ? { ...valid(), website: 'bot' } : valid(), ip);
      expect(res.status, res.text).toBe(201);
    }
    const refused = await reserve(valid(), ip, EN);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((refused.body as unknown as { message: string }).message).toMatch(/^Very many reservation requests just came from here\. Please try again in \d+ minutes/);
    expect((await reserve(valid(), freshIp())).status).toBe(201);
  });

  it('tells open staff screens of a new request live, without its content; diners hear nothing', async () => {
    const base = await app().listen({ port: 0, host: '127.0.0.1' });
    const board = await openSse(`${base}/api/staff/events`, authHeaders(owner));
    await board.next((e) => e.event === 'hello');
    expect((await reserve(valid({ name: 'Geheim Name' }))).status).toBe(201);
    const heard = await board.next((e) => e.event === 'reservation', 2_000);
    expect(JSON.parse(heard.data)).toEqual({ type: 'reservation' });
    board.close();
    const menu = await openSse(`${base}/api/live`);
    await menu.next((e) => e.event === 'hello');
    expect((await reserve(valid())).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(menu.events.some((e) => e.event === 'reservation')).toBe(false);
    menu.close();
  });

  it('lists a day by time for every role; owners and managers confirm or decline once, logged; service staff only read', async () => {
    const day = fridayEvening().slice(0, 10);
    expect((await reserve(valid({ reservedAt: `${day}T20:45`, name: 'Spät' }))).status).toBe(201);
    expect((await reserve(valid({ reservedAt: `${day}T12:15`, name: 'Früh', email: 'frueh@example.org' }), freshIp(), EN)).status).toBe(201);
    const manager = await addStaff('manager');
    const service = await addStaff('service');

    for (const token of [owner, manager, service]) {
      const list = await staffCall<DayList>(token, 'GET', `/reservations?date=${day}`);
      expect(list.status, list.text).toBe(200);
      expect(list.body.data.day).toBe(day);
      const times = list.body.data.reservations.map((r) => Date.parse(r.reservedAt));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(list.body.data.reservations.map((r) => r.name)).toContain('Früh');
    }
    expect((await call(app(), 'GET', `/api/staff/reservations?date=${day}`)).status).toBe(401);
    expect(fieldErrors(await staffCall(owner, 'GET', '/reservations?date=morgen'))).toHaveProperty('date');
    expect(fieldErrors(await staffCall(owner, 'GET', '/reservations?date=2030-02-31'))).toHaveProperty('date');
    // Without a date: the restaurant's today.
    const today = await staffCall<DayList>(owner, 'GET', '/reservations');
    expect(today.body.data.day).toBe(dayBounds(undefined, 'Europe/Berlin')?.day);

    const list = (await staffCall<DayList>(owner, 'GET', `/reservations?date=${day}`)).body.data.reservations;
    const early = list.find((r) => r.name === 'Früh');
    const late = list.find((r) => r.name === 'Spät');
    if (!early || !late) throw new Error('missing reservations');
    expect(early).toMatchObject({ status: 'requested', lang: 'en', guests: 4, decidedBy: null });

    const refused = await staffCall<{ message: string }>(service, 'POST', `/reservations/${early.id}/confirm`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Your role does not allow this.');
    expect((await staffCall(service, 'POST', `/reservations/${early.id}/decline`, { reason: 'x' })).status).toBe(403);

    mailer.sent.length = 0;
    // Staff work in German; the guest asked in English and hears in English.
    const confirmed = await staffCall<{ data: { status: string } }>(manager, 'POST', `/reservations/${early.id}/confirm`, undefined, {});
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.data.status).toBe('confirmed');
    await eventually(() => mailer.sent.length === 1);
    expect(mailer.sent[0]).toMatchObject({ to: 'frueh@example.org', subject: 'Reservation confirmed: Gasthaus Lindenhof' });
    expect(mailer.sent[0]?.text).toContain('12:15, 4 guests');
    expect(mailer.sent[0]?.text).toContain('To change or cancel, please call us: +49 40 1234567.');

    // Only requested → confirmed or declined, once: a second decision either way is a 409 and changes nothing.
    const twice = await staffCall<{ message: string }>(owner, 'POST', `/reservations/${early.id}/confirm`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This reservation has already been decided.');
    expect((await staffCall(owner, 'POST', `/reservations/${early.id}/decline`, { reason: 'x' })).status).toBe(409);

    mailer.sent.length = 0;
    const declined = await staffCall<{ data: { status: string } }>(owner, 'POST', `/reservations/${late.id}/decline`, { reason: 'Wir sind an diesem Abend\r\nausgebucht <script>' });
    expect(declined.status, declined.text).toBe(200);
    await eventually(() => mailer.sent.length === 1);
    expect(mailer.sent[0]).toMatchObject({ to: 'erika@example.org', subject: 'Ihre Reservierungsanfrage bei Gasthaus Lindenhof' });
    expect(mailer.sent[0]?.text).toContain('Unser Hinweis: Wir sind an diesem Abend ausgebucht <script>');
    expect(mailer.sent[0]?.html).not.toContain('<script>');
    expect((await staffCall(owner, 'POST', `/reservations/${late.id}/confirm`)).status).toBe(409);

    const after = (await staffCall<DayList>(service, 'GET', `/reservations?date=${day}`)).body.data.reservations;
    expect(after.find((r) => r.id === early.id)).toMatchObject({ status: 'confirmed', decidedBy: 'A manager', reason: '' });
    expect(after.find((r) => r.id === late.id)).toMatchObject({ status: 'declined', decidedBy: 'Owner', reason: 'Wir sind an diesem Abend\r\nausgebucht <script>' });

    expect(fieldErrors(await staffCall(owner, 'POST', `/reservations/${late.id}/decline`, { reason: 'r'.repeat(301) }))).toHaveProperty('reason');
    expect((await staffCall(owner, 'POST', '/reservations/999999/confirm')).status).toBe(404);
    expect((await staffCall(owner, 'POST', '/reservations/abc/confirm')).status).toBe(422);

    const log = await staffCall<{ data: { action: string; subject: string; actor: string }[] }>(owner, 'GET', '/audit?limit=20');
    expect(log.body.data.filter((e) => e.subject === `#${early.id}` || e.subject === `#${late.id}`).map((e) => [e.action, e.subject, e.actor])).toEqual([
      ['reservation.decline', `#${late.id}`, 'Owner'],
      ['reservation.confirm', `#${early.id}`, 'A manager'],
    ]);
  });

  it('decides at most once when two screens press at the same moment', async () => {
    expect((await reserve(valid({ name: 'Gleichzeitig' }))).status).toBe(201);
    const row = await newest();
    if (!row) throw new Error('no reservation');
    mailer.sent.length = 0;
    const answers = await Promise.all([
      staffCall(owner, 'POST', `/reservations/${row.id}/confirm`),
      staffCall(owner, 'POST', `/reservations/${row.id}/decline`, { reason: '' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mailer.sent).toHaveLength(1);
  });

  it('deletes reservations some time after their day', async () => {
    const old = new Date(Date.now() - (RESERVATION_RETENTION_DAYS + 2) * 86_400_000);
    const [gone] = await db()
      .insert(t.reservations)
      .values({ reservedAt: old, guests: 2, name: 'Alt', email: 'a@example.org', phone: '+49 40 1', lang: 'de' })
      .returning({ id: t.reservations.id });
    const before = await stored();
    await pruneReservations(db());
    expect(await stored()).toBe(before - 1);
    expect(await db().select().from(t.reservations).where(eq(t.reservations.id, gone?.id ?? 0))).toEqual([]);
  });
});
