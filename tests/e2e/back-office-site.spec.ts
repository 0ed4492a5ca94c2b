/**
 * The back office's opening hours and content pages (issue 14), as the owner and a diner see them:
 * closing today shows the storefront's closed notice on the diner's next load, opening again
 * takes it away; a page saved with a script and an onerror image never runs either for a diner.
 */
import { expect, test, type Page } from '@playwright/test';
import type { HoursAdmin, WeeklyHours } from '../../src/shared/contract/hours-admin';
import type { PageAdmin } from '../../src/shared/contract/pages-admin';
import { openHome, staffSignIn } from './helpers';

const WEEKDAY_NAMES_DE = ['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag'];

/** Today's weekday in the restaurant's time zone (Monday = 0). */
function berlinWeekday(): number {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', weekday: 'short' }).format(new Date());
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short);
}

/**
 * The owner's token as the staff app keeps it, with the anti-forgery pair the app sends, for the
 * API calls that set up and restore.
 */
async function ownerHeaders(staff: Page): Promise<Record<string, string>> {
  await expect(staff.getByRole('button', { name: 'Abmelden' })).toBeVisible();
  const token = await staff.evaluate(() => localStorage.getItem('staff-token'));
  if (!token) throw new Error('no staff token');
  const xsrf = (await staff.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  return { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
}

/**
 * A new visit in the same browser: the closed notice shows once per session, so forget it. The
 * hours come with the page, asked anew for each one (decision 033): no request to wait for.
 */
async function revisit(diner: Page): Promise<void> {
  await diner.evaluate(() => sessionStorage.clear());
  await diner.reload();
  await expect(diner.locator('.category-chip').first()).toBeVisible();
}

const closedToast = (diner: Page) => diner.locator('.toast', { hasText: 'Wir haben geschlossen' });

test('the owner closes today in the opening hours: the diner’s next load says “Wir haben geschlossen”, and opening again takes it away', async ({ page: diner, browser }) => {
  const staff = await staffSignIn(browser, '/staff/hours');
  const auth = await ownerHeaders(staff);
  const original = ((await (await staff.request.get('/api/staff/hours', { headers: auth })).json()) as { data: HoursAdmin }).data.week;
  const today = WEEKDAY_NAMES_DE[berlinWeekday()] ?? 'Montag';
  const day = staff.getByRole('group', { name: today });
  const saved = staff.getByText('Die Öffnungszeiten sind gespeichert. Ihre Gäste sehen sie sofort.');
  try {
    // Open around the clock today, whatever the time of the run: then closing is a real change.
    await expect(staff.getByRole('heading', { name: 'Öffnungszeiten', level: 1 })).toBeVisible();
    // The week's form comes with the hours' answer: asked before it, today looked as if it had no periods.
    await expect(day).toBeVisible();
    if (await day.getByRole('button', { name: /Ganztägig geschlossen/ }).count()) await day.getByRole('button', { name: /Ganztägig geschlossen/ }).click();
    await day.getByRole('button', { name: /Zeitraum hinzufügen/ }).click();
    await day.getByLabel(`${today}, Zeitraum 1: öffnet um`).fill('00:00');
    await day.getByLabel(`${today}, Zeitraum 1: schließt um`).fill('00:00');
    await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
    await expect(saved).toBeVisible();

    await openHome(diner);
    await revisit(diner);
    await diner.waitForTimeout(600);
    await expect(closedToast(diner)).toHaveCount(0);

    // Closed all day today: the diner's next load shows the notice.
    await day.getByRole('button', { name: /Ganztägig geschlossen/ }).click();
    await expect(day.getByText('Ganztägig geschlossen', { exact: true })).toBeVisible();
    await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
    await expect(saved).toBeVisible();
    await staff.reload();
    await expect(day.getByText('Ganztägig geschlossen', { exact: true })).toBeVisible();

    await revisit(diner);
    await expect(closedToast(diner)).toBeVisible();
    // The page's HTML brought the notice for the first paint (decision 044); the app's own copy takes
    // its place: one notice on screen, in the live region, announced once.
    await expect(diner.locator('html')).toHaveAttribute('data-greeting', 'closed');
    await expect(diner.locator('.toast')).toHaveCount(1);
    await expect(diner.getByRole('status').locator('.toast', { hasText: 'Wir haben geschlossen' })).toBeVisible();
    await expect(diner.locator('.toasts[aria-hidden]')).toHaveCount(0);
    // A diner who reads English switches while the notice is up: it is reworded, not left in German.
    await diner.locator('#language-header').selectOption('en');
    await expect(diner.getByRole('status').locator('.toast', { hasText: 'We are closed' })).toBeVisible();
    await expect(diner.locator('.toast')).toHaveCount(1);
    await expect(diner.locator('.toast')).toContainText(/earliest date is \w+day/);
    await diner.locator('#language-header').selectOption('de');
    await expect(closedToast(diner)).toBeVisible();
    // The notice takes the session's greeting: a new session's first visit to the menu gets no
    // popup page over it (the page above still holds the popup it opened while open), nor does its reload.
    await diner.evaluate(() => sessionStorage.clear());
    await diner.goto('/');
    await expect(closedToast(diner)).toBeVisible();
    await expect(diner.locator('html')).toHaveAttribute('data-greeting', 'closed');
    await expect(diner.getByRole('dialog')).toHaveCount(0);
    await diner.reload();
    await expect(diner.locator('html')).toHaveAttribute('data-greeting', 'none', { timeout: 20_000 });
    await expect(closedToast(diner)).toHaveCount(0);
    await expect(diner.getByRole('dialog')).toHaveCount(0);

    // Open again: the notice is gone on the next load.
    await day.getByRole('button', { name: /Zeitraum hinzufügen/ }).click();
    await day.getByLabel(`${today}, Zeitraum 1: öffnet um`).fill('00:00');
    await day.getByLabel(`${today}, Zeitraum 1: schließt um`).fill('00:00');
    await staff.getByRole('button', { name: 'Öffnungszeiten speichern' }).click();
    await expect(saved).toBeVisible();
    await revisit(diner);
    await diner.waitForTimeout(600);
    await expect(closedToast(diner)).toHaveCount(0);

    // Each save left a line in the owner's history.
    await staff.goto('/staff/log');
    await staff.getByLabel('Anzeigen').selectOption({ label: 'Öffnungszeiten' });
    await expect(staff.locator('.log-entry', { hasText: 'hat die Öffnungszeiten geändert' }).first()).toBeVisible();
  } finally {
    const restored = await staff.request.put('/api/staff/hours/week', { headers: auth, data: original satisfies WeeklyHours });
    expect(restored.status()).toBe(200);
    await staff.context().close();
  }
});

test('a page saved with a script and an onerror image never runs them for a diner, and the owner deletes it', async ({ page: diner, browser }) => {
  const dialogs: string[] = [];
  diner.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const staff = await staffSignIn(browser, '/staff/pages');
  const auth = await ownerHeaders(staff);
  const title = `Sicherheitstest ${Date.now()}`;
  let id: number | null = null;
  try {
    // The owner writes the page in the editor.
    await staff.getByRole('button', { name: 'Neue Seite' }).click();
    await expect(staff.getByRole('heading', { name: 'Neue Seite', level: 1 })).toBeFocused();
    await staff.getByLabel('Titel (Deutsch)').fill(title);
    const editor = staff.getByRole('textbox', { name: 'Text (Deutsch)' });
    await editor.click();
    await staff.keyboard.type('Liebe Gäste, ');
    await staff.getByRole('toolbar', { name: 'Formatierung: Text (Deutsch)' }).getByRole('button', { name: 'Fett' }).click();
    await staff.keyboard.type('wir freuen uns');
    await staff.getByRole('toolbar', { name: 'Formatierung: Text (Deutsch)' }).getByRole('button', { name: 'Fett' }).click();
    await staff.keyboard.type(' auf Sie. <script>window.__pwned = 1</script>');
    await staff.getByRole('button', { name: 'Seite speichern' }).click();
    await expect(staff.getByText(`Die Seite „${title}“ ist gespeichert.`)).toBeVisible();

    const pages = ((await (await staff.request.get('/api/staff/pages', { headers: auth })).json()) as { data: PageAdmin[] }).data;
    const saved = pages.find((p) => p.name.de === title);
    id = saved?.id ?? null;
    expect(saved?.text.de).toContain('<strong>wir freuen uns</strong>');
    // What the editor typed as text stays text.
    expect(saved?.text.de).toContain('&lt;script&gt;');

    // The editor never sends raw HTML; a hostile client might: the server cleans it on save.
    const hostile =
      '<p>Hallo</p><script>window.__pwned = 1; alert("script")</script><img src=x onerror="window.__pwned = 2; alert(\'img\')">' +
      '<a href="javascript:window.__pwned = 3">klick</a><svg onload="window.__pwned = 4"></svg><p onmouseover="window.__pwned = 5">Text</p>';
    const put = await staff.request.put(`/api/staff/pages/${id}`, {
      headers: auth,
      data: { name: { de: title }, text: { de: hostile }, isPopup: false, onHeader: false, onFooter: true },
    });
    expect(put.status()).toBe(200);

    await diner.addInitScript(() => sessionStorage.setItem('closed-notice-seen', '1'));
    await diner.goto(`/?page=${id}`);
    const modal = diner.getByRole('dialog', { name: title });
    await expect(modal).toBeVisible();
    await expect(modal).toContainText('Hallo');
    await expect(modal).toContainText('Text');
    const content = await modal.locator('.page-content').innerHTML();
    expect(content).not.toMatch(/<script|onerror|onload|onmouseover|javascript:|<svg|<img/i);
    await modal.getByText('Text').hover();
    await diner.waitForTimeout(500);
    expect(await diner.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // The owner deletes it after confirming; the diner's link then leads nowhere.
    await staff.reload();
    await staff.getByRole('button', { name: `Löschen ${title}` }).click();
    const confirm = staff.getByRole('dialog', { name: `Die Seite „${title}“ löschen?` });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Seite löschen' }).click();
    await expect(staff.getByText(`Die Seite „${title}“ wurde gelöscht.`)).toBeVisible();
    id = null;
  } finally {
    if (id !== null) await staff.request.delete(`/api/staff/pages/${id}`, { headers: auth });
    await staff.context().close();
  }
});
