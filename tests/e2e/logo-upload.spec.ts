import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openHome, staffSignIn } from './helpers';

/** Where the screenshots of the logo upload go, for a person to look at (not compared). */
const SHOTS = process.env.LOGO_SHOTS_DIR ?? 'test-results/logo-shots';

/** A wide logo on a transparent ground: a dark green bar with a gold dot, 900×300. */
function logoPng(): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      { input: { create: { width: 700, height: 180, channels: 4, background: { r: 31, g: 92, b: 74, alpha: 1 } } }, left: 100, top: 60 },
      { input: { create: { width: 120, height: 120, channels: 4, background: { r: 233, g: 162, b: 59, alpha: 1 } } }, left: 140, top: 90 },
    ])
    .png()
    .toBuffer();
}

type Identity = Record<string, unknown>;

/** The identity group as the server has it now, through the owner's session. */
function readIdentity(staff: Page): Promise<Identity> {
  return staff.evaluate(async () => {
    const token = localStorage.getItem('staff-token') ?? '';
    const res = await fetch('/api/staff/settings', { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { groups: { identity: Record<string, unknown> } } }).data.groups.identity;
  });
}

/** Puts the identity group back as it was (the restore of `finally`), whatever state the screen is in. */
async function restoreIdentity(staff: Page, identity: Identity): Promise<void> {
  const status = await staff.evaluate(async (values) => {
    const token = localStorage.getItem('staff-token') ?? '';
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const res = await fetch('/api/staff/settings/identity', {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrf, 'content-type': 'application/json' },
      body: JSON.stringify(values),
    });
    return res.status;
  }, identity);
  expect(status).toBe(200);
}

test('the owner uploads a logo in the settings; the preview shows it at once and a diner reloading sees it in the header', async ({ browser, page }) => {
  const staff = await staffSignIn(browser, '/staff/settings');
  await expect(staff.getByRole('heading', { name: 'Einstellungen', level: 1 })).toBeVisible();
  const before = await readIdentity(staff);
  try {
    const button = staff.getByRole('button', { name: 'Logo hochladen' });
    await expect(button).toBeEnabled();
    await staff.getByTestId('logo-file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await logoPng() });
    await expect(staff.getByRole('status').filter({ hasText: 'Logo gespeichert.' })).toBeVisible({ timeout: 30_000 });

    // The field and the preview show the new file at once, before any "Save".
    const field = staff.getByLabel('Logo', { exact: true });
    await expect(field).toHaveValue(/^\/media\/[0-9a-f]{32}\.png$/);
    const url = await field.inputValue();
    const preview = staff.getByTestId('brand-preview').locator('img');
    await expect(preview).toHaveAttribute('src', url);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Not cropped: the wide logo keeps its 3:1.
    expect(await preview.evaluate((img: HTMLImageElement) => Math.round((img.naturalWidth / img.naturalHeight) * 10) / 10)).toBe(3);
    await expect(button).toBeEnabled();

    mkdirSync(SHOTS, { recursive: true });
    await staff.locator('#settings-identity').screenshot({ path: `${SHOTS}/logo-1280.png` });
    await staff.setViewportSize({ width: 390, height: 844 });
    await button.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `${SHOTS}/logo-390.png` });
    await staff.setViewportSize({ width: 1280, height: 800 });

    // A diner's next load: the header's logo is the uploaded file, served from /media.
    await openHome(page);
    const logo = page.locator('.site-header .brand img');
    await expect(logo).toHaveAttribute('src', url);
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // For the person looking at it: reloaded, so the session's closed notice and splash are not in front of the header.
    await page.reload();
    await expect(logo).toHaveAttribute('src', url);
    await expect(page.locator('.loading-overlay.is-visible')).toHaveCount(0);
    await page.waitForTimeout(1600);
    await page.screenshot({ path: `${SHOTS}/storefront-top.png` });
  } finally {
    await restoreIdentity(staff, before);
  }
  await staff.context().close();
});
