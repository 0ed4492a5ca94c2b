/**
 * The back office's opening hours (issue 14): the week, closed days and the restaurant switch,
 * who may change them, what the storefront's badge, checkout and reservations make of them, and
 * the history line each change leaves.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { WorkingHours, WorkingHoursMeta } from '../../src/shared/contract/catalog';
import type { HoursAdmin, WeeklyHours } from '../../src/shared/contract/hours-admin';
import { backends, useTestApp } from './harness';
import {
  ALL_WEEK,
  berlinClock,
  call,
  checkout,
  fieldErrors,
  loadCatalog,
  nextLocalSlot,
  payload,
  productLine,
  productNamed,
  setWorkingHours,
  type Catalog,
} from './checkout-helpers';
import { historyOf, hostileBodies, signInTeam, staffCall, type StaffTokens } from './site-admin-helpers';

const allDay = { start: '00:00', end: '00:00' };
const week = (ranges: { start: string; end: string }[]): WeeklyHours => ({
  monday: ranges,
  tuesday: ranges,
  wednesday: ranges,
  thursday: ranges,
  friday: ranges,
  saturday: ranges,
  sunday: ranges,
});

describe.each(backends())('opening hours in the back office on %s', (backend) => {
  const ctx = useTestApp(backend);
  const app = () => ctx().app;
  const db = () => ctx().database.db;
  let team: StaffTokens;
  let catalog: Catalog;

  const hours = async () => (await staffCall<{ data: HoursAdmin }>(app(), team.owner, 'GET', '/hours')).body.data;
  const storefront = async () => (await call<{ data: WorkingHours; meta: WorkingHoursMeta }>(app(), 'GET', '/api/working-hours')).body;

  beforeAll(async () => {
    await setWorkingHours(db(), ALL_WEEK);
    team = await signInTeam(app(), db());
    catalog = await loadCatalog(app());
  });

  it('answers the week, closed days, the switch, the time zone and today to every staff member', async () => {
    for (const token of [team.owner, team.manager, team.service]) {
      const res = await staffCall<{ data: HoursAdmin }>(app(), token, 'GET', '/hours');
      expect(res.status, res.text).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.data.week.monday).toEqual([allDay]);
      expect(res.body.data.active).toBe(true);
      expect(res.body.data.timeZone).toBe('Europe/Berlin');
      expect(res.body.data.today).toBe(berlinClock(new Date()).date);
    }
    expect((await staffCall(app(), null, 'GET', '/hours')).status).toBe(401);
  });

  it('saves a week with ranges past midnight and closed days, shows it on the storefront and logs the change', async () => {
    const next: WeeklyHours = {
      ...week([{ start: '11:30', end: '14:30' }, { start: '17:30', end: '01:00' }]),
      monday: [],
    };
    try {
      const res = await staffCall<{ data: HoursAdmin }>(app(), team.manager, 'PUT', '/hours/week', next);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.week).toEqual(next);
      const shown = await storefront();
      expect(shown.data.monday).toEqual([]);
      expect(shown.data.friday).toEqual([{ start: '11:30', end: '14:30' }, { start: '17:30', end: '01:00' }]);
      const [line] = await historyOf(app(), team.owner, 'hours.week');
      expect(line?.actor).toBe('A manager');
      expect(line?.details).toMatchObject({ before: { monday: '00:00–00:00' }, after: { monday: '—', friday: '11:30–14:30, 17:30–01:00' } });
      // Saving the same week again leaves no second line.
      const count = (await historyOf(app(), team.owner, 'hours.week')).length;
      await staffCall(app(), team.manager, 'PUT', '/hours/week', next);
      expect((await historyOf(app(), team.owner, 'hours.week')).length).toBe(count);
    } finally {
      await setWorkingHours(db(), ALL_WEEK);
    }
  });

  it('refuses overlapping ranges, bad times and missing days with the field named', async () => {
    const overlap = { ...week([allDay]), tuesday: [{ start: '11:00', end: '15:00' }, { start: '14:00', end: '18:00' }] };
    expect(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', overlap))).toHaveProperty('tuesday');
    // Friday night runs into Saturday 02:00; Saturday cannot open at 01:00 as well.
    const pastMidnight = { ...week([]), friday: [{ start: '18:00', end: '02:00' }], saturday: [{ start: '01:00', end: '03:00' }] };
    expect(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', pastMidnight))).toHaveProperty('saturday');
    // Sunday night into Monday morning counts too.
    const sundayNight = { ...week([]), sunday: [{ start: '22:00', end: '04:00' }], monday: [{ start: '03:00', end: '05:00' }] };
    expect(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', sundayNight))).toHaveProperty('monday');
    const badTime = { ...week([]), monday: [{ start: '25:00', end: '26:00' }] };
    expect(Object.keys(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', badTime)))).toContain('monday[0].start');
    const sixDays: Partial<WeeklyHours> = week([]);
    delete sixDays.sunday;
    expect(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', sixDays))).toHaveProperty('sunday');
    const tooMany = { ...week([]), monday: Array.from({ length: 7 }, (_, i) => ({ start: `0${i}:00`, end: `0${i}:30` })) };
    expect(fieldErrors(await staffCall(app(), team.owner, 'PUT', '/hours/week', tooMany))).toHaveProperty('monday');
    // German messages for the German owner.
    const de = await staffCall<{ data: Record<string, string[]> }>(app(), team.owner, 'PUT', '/hours/week', overlap, 'de');
    expect(de.body.data.tuesday?.[0]).toContain('überschneiden');
    expect((await hours()).week.monday).toEqual([allDay]);
  });

  it('answers 4xx, never 500, to hostile bodies on every write', async () => {
    for (const url of ['/hours/week', '/hours/closed-days', '/hours/active']) {
      for (const body of hostileBodies()) {
        const res = await staffCall(app(), team.owner, 'PUT', url, body);
        expect(res.status, `${url} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${url} ${res.text.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    for (const date of ['2026-02-31', 'x', '2026-1-1', "1' or 1=1"]) {
      const res = await staffCall(app(), team.owner, 'DELETE', `/hours/closed-days/${encodeURIComponent(date)}`);
      expect(res.status, date).toBeGreaterThanOrEqual(400);
      expect(res.status, date).toBeLessThan(500);
    }
  });

  it('lets only owners and managers write: service staff get 403, nobody signed in 401', async () => {
    const writes: [string, unknown][] = [
      ['/hours/week', week([allDay])],
      ['/hours/closed-days', { date: '2030-12-24', note: '' }],
      ['/hours/active', { active: true }],
    ];
    for (const [url, body] of writes) {
      expect((await staffCall(app(), team.service, 'PUT', url, body)).status, url).toBe(403);
      expect((await staffCall(app(), null, 'PUT', url, body)).status, url).toBe(401);
    }
    expect((await staffCall(app(), team.service, 'DELETE', '/hours/closed-days/2030-12-24')).status).toBe(403);
    expect((await hours()).closedDays).toEqual([]);
  });

  it('a closed day closes today: not open now, next opening the day after, no order now, no reservation', async () => {
    const today = berlinClock(new Date()).date;
    const tomorrow = berlinClock(new Date(Date.now() + 86_400_000)).date;
    expect((await storefront()).meta.isOpenNow).toBe(true);
    const res = await staffCall<{ data: HoursAdmin }>(app(), team.owner, 'PUT', '/hours/closed-days', { date: today, note: '  Betriebsferien ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.closedDays).toEqual([{ date: today, note: 'Betriebsferien' }]);
    try {
      const { meta } = await storefront();
      expect(meta.isOpenNow).toBe(false);
      expect(meta.nextOpen && berlinClock(new Date(meta.nextOpen)).local).toBe(`${tomorrow}T00:00`);
      // Worded in the language asked for, on the restaurant's clock, for the closed notice.
      const weekday = (locale: string) => new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${tomorrow}T12:00:00Z`));
      for (const [lang, locale] of [['de', 'de-DE'], ['en', 'en-GB']] as const) {
        const asked = (await call<{ meta: WorkingHoursMeta }>(app(), 'GET', '/api/working-hours', { headers: { 'accept-language': lang } })).body.meta;
        expect(asked.nextOpenText?.lang).toBe(lang);
        expect(asked.nextOpenText?.text).toContain(weekday(locale));
        expect(asked.nextOpenText?.text).toMatch(/00:00|12:00\sAM/);
      }
      const order = await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverAt: 'now', deliverDate: null }));
      expect(fieldErrors(order)).toHaveProperty('deliverAt');
      const [line] = await historyOf(app(), team.owner, 'hours.closedDay');
      expect(line).toMatchObject({ subject: today, details: { before: null, after: { date: today, note: 'Betriebsferien' } } });
    } finally {
      expect((await staffCall(app(), team.owner, 'DELETE', `/hours/closed-days/${today}`)).status).toBe(200);
    }
    expect((await storefront()).meta.isOpenNow).toBe(true);
    expect((await staffCall(app(), team.owner, 'DELETE', `/hours/closed-days/${today}`)).status).toBe(404);
    const [removed] = await historyOf(app(), team.owner, 'hours.closedDay');
    expect(removed?.details).toMatchObject({ before: { date: today }, after: null });
  });

  it('refuses a scheduled order for a holiday and accepts one the day before', async () => {
    const slot = nextLocalSlot([0, 1, 2, 3, 4, 5, 6], '12:00', new Date(Date.now() + 2 * 86_400_000));
    const date = slot.slice(0, 10);
    await staffCall(app(), team.owner, 'PUT', '/hours/closed-days', { date, note: '' });
    try {
      const refused = await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverAt: 'later', deliverDate: slot }));
      expect(fieldErrors(refused)).toHaveProperty('deliverDate');
      const reservation = await call(app(), 'POST', '/api/reservations', {
        payload: { name: 'Erika Mustermann', email: 'erika@example.org', phone: '+49 40 7654321', guests: 2, reservedAt: `${date}T19:00`, notes: '', terms: true },
      });
      expect(fieldErrors(reservation)).toHaveProperty('reservedAt');
    } finally {
      await staffCall(app(), team.owner, 'DELETE', `/hours/closed-days/${date}`);
    }
    const accepted = await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverAt: 'later', deliverDate: slot }));
    expect(accepted.status, accepted.text).toBe(201);
  });

  it('switches the restaurant off and on: the storefront says inactive, checkout refuses, the history has both', async () => {
    const off = await staffCall<{ data: HoursAdmin }>(app(), team.owner, 'PUT', '/hours/active', { active: false });
    try {
      expect(off.status, off.text).toBe(200);
      expect(off.body.data.active).toBe(false);
      expect((await storefront()).meta).toMatchObject({ isActive: false, isOpenNow: false });
      const order = await checkout(app(), payload([productLine(productNamed(catalog, 'Kaiserschmarrn'))], { deliverAt: 'now', deliverDate: null }));
      expect(fieldErrors(order)).toHaveProperty('restaurant');
    } finally {
      expect((await staffCall(app(), team.owner, 'PUT', '/hours/active', { active: true })).status).toBe(200);
    }
    expect((await storefront()).meta).toMatchObject({ isActive: true, isOpenNow: true });
    const lines = await historyOf(app(), team.owner, 'hours.active');
    expect(lines.map((l) => l.details)).toEqual([
      { before: { active: false }, after: { active: true } },
      { before: { active: true }, after: { active: false } },
    ]);
  });
});
