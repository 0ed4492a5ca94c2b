import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { operatorOrders, placeTakeawayOrder, staffSignIn } from './helpers';

/** The board at the pass, service started. */
async function openBoard(browser: Browser): Promise<Page> {
  const board = await staffSignIn(browser);
  await board.getByRole('button', { name: /Service starten/ }).click();
  await expect(board.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  return board;
}

test('a guest orders; the board shows it without a reload; staff accept it with 20 minutes; the open order page shows it live', async ({ page, browser, request }) => {
  const board = await openBoard(browser);

  const code = await placeTakeawayOrder(page);
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');

  // The board hears of it by itself: no reload, the new order rings and is marked unseen.
  const card = board.getByTestId('board-order').filter({ hasText: `#${code}` });
  await expect(card).toBeVisible({ timeout: 5_000 });
  await expect(card).toHaveClass(/staff-order--unseen/);
  await expect(card).toContainText('Pizza Margherita');
  await expect(card).toContainText('Anna Schmidt');
  await card.getByRole('group').getByRole('button', { name: /20/ }).click();
  await expect(card).toHaveClass(/staff-order--approved/);

  const [accepted] = (await operatorOrders(request, E2E_OPERATOR_KEY)).filter((o) => o.code === code);
  const promised = accepted?.promisedAt ?? '';
  expect(promised).not.toBe('');
  const time = new Intl.DateTimeFormat('de-DE', { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(promised));

  // The diner's page, open all along, follows without a reload.
  await expect(page.locator('.status-badge')).toHaveText('Bestätigt');
  await expect(page.getByTestId('promised-time')).toContainText(time);

  // Ready, then done: the diner sees each step.
  await card.getByRole('button', { name: /^Fertig$/ }).click();
  await expect(page.locator('.status-badge')).not.toHaveText('Bestätigt');
  await board.context().close();
});

test('staff reject with a reason; the diner reads it live', async ({ page, browser }) => {
  const board = await openBoard(browser);
  const code = await placeTakeawayOrder(page);

  const card = board.getByTestId('board-order').filter({ hasText: `#${code}` });
  await card.getByRole('button', { name: /Ablehnen/ }).click();
  const form = card.getByRole('form');
  await form.getByRole('radio').nth(1).check();
  await form.getByRole('textbox').fill('Der Pizzaofen ist ausgefallen.');
  await form.getByRole('button', { name: /ablehnen/i }).first().click();
  await expect(page.getByTestId('reject-reason')).toContainText('Der Pizzaofen ist ausgefallen.');
  await expect(page.locator('.status-badge')).toHaveText('Abgelehnt');
  await board.context().close();
});
