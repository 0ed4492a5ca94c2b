import { expect, test, type Locator, type Page } from '@playwright/test';
import { fridayEvening, openHome } from './helpers';

// The session's greeting (the popup page, or the "We are closed" notice) opens on its own a moment
// after the menu; tests/e2e/popup.spec.ts covers it. Here it counts as seen, so it never lands
// between a step and the next.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    sessionStorage.setItem('closed-notice-seen', '1');
    sessionStorage.setItem('popup-seen', JSON.stringify(Array.from({ length: 100 }, (_, i) => i + 1)));
  });
});

interface Stop {
  /** What has the focus, in words a failure message can show. */
  what: string;
  /** 'ok' when the focused element shows a ring, otherwise why not. */
  ring: string;
  /** Whether the focus is on the element looked for. */
  there: boolean;
}

/**
 * One look at the focus, in one round trip (the journey makes a few hundred): the focused element
 * shows a ring, an outline or a box-shadow drawn while :focus-visible.
 */
function lookAtFocus(target: Element | null): Stop {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return { what: 'body', ring: 'nothing focused', there: false };
  const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
  const what = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} "${name}"`;
  const there = el === target;
  const shows = (cs: CSSStyleDeclaration) =>
    (cs.outlineStyle !== 'none' && parseFloat(cs.outlineWidth) >= 2) || (cs.boxShadow !== 'none' && cs.boxShadow !== '');
  // Chromium walks a date field's segments (and its picker button) inside the field, tinting the
  // segment itself; styles.css rings the field on :focus as well.
  if (el.matches('input:is([type="date"], [type="time"], [type="datetime-local"])')) return { what, ring: 'ok', there };
  if (!el.matches(':focus-visible')) return { what, ring: 'not :focus-visible', there };
  const own = getComputedStyle(el);
  if (shows(own)) return { what, ring: 'ok', there };
  // A visually hidden radio or checkbox rings its label or card instead (:has(input:focus-visible)).
  const holder = el.closest('label') ?? el.parentElement;
  if (holder && shows(getComputedStyle(holder))) return { what, ring: 'ok', there };
  return { what, ring: `no ring (${own.outlineStyle} ${own.outlineWidth}, ${own.boxShadow})`, there };
}

async function expectFocusVisible(page: Page): Promise<void> {
  const stop = await page.evaluate(lookAtFocus, null);
  expect(stop.ring, stop.what).toBe('ok');
}

async function focused(page: Page): Promise<string> {
  return (await page.evaluate(lookAtFocus, null)).what;
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, checking the ring on every stop on the
 * way; fails when it takes more than `max` presses (a trap, or the element out of reach).
 */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  const handle = await target.elementHandle({ timeout: 5000 });
  const seen: string[] = [];
  let stop = await page.evaluate(lookAtFocus, handle);
  for (let i = 0; !stop.there; i++) {
    if (i === max) throw new Error(`not reached in ${max} presses; the focus went:\n${seen.join('\n')}`);
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    stop = await page.evaluate(lookAtFocus, handle);
    seen.push(stop.what);
    expect(stop.ring, stop.what).toBe('ok');
  }
  await handle?.dispose();
}

test('keyboard only: browse, customise, add, check out as a guest paying on site, read the order', async ({ page }) => {
  test.setTimeout(60_000);
  await openHome(page);

  // The menu: the category bar jumps to "Hauptgerichte", then on to the Schnitzel.
  await tabTo(page, page.locator('.category-chip', { hasText: 'Hauptgerichte' }));
  await page.keyboard.press('Enter');
  const card = page.locator('.product-card__link', { hasText: 'Schnitzel Wiener Art' });
  await tabTo(page, card);
  await page.keyboard.press('Enter');

  // The product sheet: focus moves in, the required side is changed with the arrows.
  const sheet = page.getByRole('dialog', { name: 'Schnitzel Wiener Art' });
  await expect(sheet).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  await expectFocusVisible(page);
  const side = sheet.getByRole('combobox', { name: /Beilage/ });
  await tabTo(page, side);
  await page.keyboard.press('ArrowDown');
  await expect(side).toHaveValue(/.+/);
  await expect(side.locator('option:checked')).toHaveText('Bratkartoffeln');
  const more = sheet.getByRole('button', { name: 'Anzahl erhöhen' });
  await tabTo(page, more);
  await page.keyboard.press('Space');
  await expect(sheet.getByRole('spinbutton', { name: 'Anzahl' })).toHaveValue('2');
  const add = sheet.getByRole('button', { name: /In den Warenkorb/ });
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(sheet).toBeHidden();
  // Back on the card it came from; the live region says what happened.
  await expect(card).toBeFocused();
  const said = page.getByTestId('added-notice-message');
  await expect(said).toContainText('Das Produkt wurde in Ihren Warenkorb gelegt');
  await expect(said).toHaveAttribute('aria-live', 'polite');

  // The cart: back up to the header's cart button; the drawer takes the focus and gives it back.
  const cartButton = page.locator('.cart-button');
  await tabTo(page, cartButton, { back: true, max: 150 });
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: /Warenkorb/ });
  await expect(drawer).toBeVisible();
  await expect(drawer).toContainText('Schnitzel Wiener Art');
  await expect(drawer).toContainText('Bratkartoffeln');
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  await expectFocusVisible(page);
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(cartButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  // Tab runs round inside the modal drawer and never reaches the page behind it (between the
  // last and the first stop the browser's own controls may take a turn: "body" here).
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => (document.activeElement === document.body ? 'browser' : document.activeElement?.closest('dialog[open]') ? 'drawer' : 'page'));
    expect(where, await focused(page)).not.toBe('page');
  }
  const toCheckout = drawer.getByRole('button', { name: 'Zur Kasse' });
  await tabTo(page, toCheckout);
  await page.keyboard.press('Enter');
  // The guest question is a dialog of its own: focus moves into it.
  const guest = page.getByRole('button', { name: 'Als Gast bestellen' });
  await expect(guest).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null)).toBe(true);
  await tabTo(page, guest);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout/);
  const h1 = page.getByRole('heading', { level: 1, name: 'Zur Kasse' });
  await expect(h1).toBeVisible();
  // The new page starts at its heading, not on a button of the page before.
  await expect(h1).toBeFocused();

  // The guest form, field by field.
  await tabTo(page, page.getByRole('radio', { name: 'Lieferung', exact: true }));
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: 'Abholung', exact: true })).toBeChecked();
  await tabTo(page, page.getByLabel('Vollständiger Name'));
  await page.keyboard.type('Anna Schmidt');
  await tabTo(page, page.getByLabel('E-Mail-Adresse'));
  await page.keyboard.type('anna@example.com');
  await tabTo(page, page.getByLabel('Telefon', { exact: true }));
  await page.keyboard.type('040 1234567');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Telefon', { exact: true })).toHaveValue('+49 40 1234567');
  if (!(await page.getByRole('button', { name: 'Für später bestellen' }).isVisible())) {
    // Closed now (the run may happen at night): a Friday evening, typed segment by segment.
    const at = fridayEvening();
    await tabTo(page, page.getByRole('radio', { name: 'Ich wähle die Lieferzeit' }));
    await page.keyboard.press('Space');
    // The field's segments follow the browser's own language (month first in an English Chromium).
    const field = page.getByLabel('Lieferzeit', { exact: true });
    const [y, m, d] = [at.slice(0, 4), at.slice(5, 7), at.slice(8, 10)];
    for (const digits of [`${d}${m}${y}1900`, `${m}${d}${y}1900`]) {
      await tabTo(page, page.getByRole('radio', { name: 'Ich wähle die Lieferzeit' }), { back: true });
      await tabTo(page, field);
      await page.keyboard.type(digits);
      if ((await field.inputValue()) === at) break;
    }
    await expect(page.getByLabel('Lieferzeit', { exact: true })).toHaveValue(at);
  }
  const counter = page.getByRole('radio', { name: 'Zahlung an der Theke', exact: true });
  await tabTo(page, page.locator('input[name="paymentType"]:checked'));
  for (let i = 0; i < 4 && !(await counter.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(counter).toBeChecked();
  await tabTo(page, page.getByRole('checkbox', { name: /Ich akzeptiere/ }));
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: /Ich akzeptiere/ })).toBeChecked();
  const order = page.getByRole('button', { name: /Zahlungspflichtig bestellen/ });
  await tabTo(page, order);
  await page.keyboard.press('Enter');

  // The order page: its heading has the focus, the status is a live region that shows the state.
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeFocused();
  await expectFocusVisible(page);
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');
  await expect(page.locator('.tracker [role="status"]')).toBeVisible();
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    await expectFocusVisible(page);
  }
});
