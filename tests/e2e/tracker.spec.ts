import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { acceptTerms, addPizza, chooseOrderType, chooseTime, euro, fillGuest, goToCheckout, openHome, operatorOrders, payBarButton, placeTakeawayOrder, staffSignIn } from './helpers';

const CAR = 'rot, VW Golf, HH-AB 123';

/** The board at the pass, service started. */
async function openBoard(browser: Browser): Promise<Page> {
  const board = await staffSignIn(browser);
  await board.getByRole('button', { name: /Service starten/ }).click();
  await expect(board.getByTestId('live-status')).toHaveAttribute('data-status', 'open');
  return board;
}

const currentStep = (page: Page) => page.locator('.tracker__steps [aria-current="step"]');

test('a curbside guest describes the car; after staff accept, "I\'m here" reaches the board at once, and "on our way" reaches the guest', async ({ page, browser }) => {
  // Two browsers, a checkout, four live hand-overs and a reload: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const board = await openBoard(browser);

  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Am Auto');
  await fillGuest(page);
  // Required at the curb: the order button says what is missing until the car is described.
  const car = page.getByLabel('Auto: Farbe, Marke, Kennzeichen');
  await chooseTime(page);
  await acceptTerms(page);
  const bar = payBarButton(page);
  await expect(bar).toContainText('Beschreiben Sie Ihr Auto');
  await bar.click();
  await expect(car).toBeFocused();
  await expect(page.getByText('Dieses Feld ist erforderlich.')).toBeVisible();
  await car.fill(CAR);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';

  // Before the restaurant accepts, the page says when "I'm here" will come.
  await expect(currentStep(page)).toContainText('Erhalten');
  await expect(page.getByText('Sobald das Restaurant Ihre Bestellung angenommen hat')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ich bin da' })).toHaveCount(0);
  await expect(page.locator('.order-place')).toContainText('Lindenallee 12, 20259 Hamburg');
  await expect(page.locator('.order-place')).toContainText(`Ihr Auto: ${CAR}`);

  const card = board.getByTestId('board-order').filter({ hasText: `#${code}` });
  await expect(card).toContainText(`Auto: ${CAR}`, { timeout: 5_000 });
  await card.getByRole('group').getByRole('button', { name: /20/ }).click();
  await expect(card).toHaveClass(/staff-order--approved/);
  await expect(card.getByTestId('board-arrival')).toHaveCount(0);

  // The guest's open page follows, and offers the button.
  await expect(currentStep(page)).toContainText('Bestätigt');
  const here = page.getByRole('button', { name: 'Ich bin da' });
  await expect(here).toBeEnabled();
  await here.click();
  const told = page.getByTestId('arrival-told');
  await expect(told).toContainText('Das Restaurant weiß, dass Sie da sind.');
  await expect(told).toBeFocused();
  await expect(here).toHaveCount(0);

  // The board hears of it by itself, unmissably: the card's banner with the car, the strip, the flashing frame.
  const arrival = card.getByTestId('board-arrival');
  await expect(arrival).toContainText('Gast ist da', { timeout: 5_000 });
  await expect(arrival).toContainText(`Auto: ${CAR}`);
  await expect(card).toHaveClass(/staff-order--arrived/);
  await expect(board.getByTestId('arrival-alert')).toContainText('Gast wartet draußen! (1)');
  await expect(board.locator('main.staff-board')).toHaveClass(/staff-board--arrival/);

  // Someone goes out: the ringing stops on the board and the guest reads it.
  await arrival.getByRole('button', { name: 'Wir kommen' }).click();
  await expect(board.getByTestId('arrival-alert')).toHaveCount(0);
  await expect(board.locator('main.staff-board')).not.toHaveClass(/staff-board--arrival/);
  await expect(arrival).toContainText('jemand ist unterwegs');
  await expect(told).toContainText('Wir sind auf dem Weg zu Ihrem Auto.');

  // A reload keeps the confirmation in place of the button.
  await page.reload();
  await expect(page.getByTestId('arrival-told')).toContainText('Wir sind auf dem Weg zu Ihrem Auto.');
  await expect(page.getByRole('button', { name: 'Ich bin da' })).toHaveCount(0);
  await board.context().close();
});

test('offline, "I\'m here" says it needs the network instead of pretending', async ({ page, browser, context }) => {
  const board = await openBoard(browser);
  await openHome(page);
  await addPizza(page);
  await goToCheckout(page);
  await chooseOrderType(page, 'Am Auto');
  await fillGuest(page);
  await page.getByLabel('Auto: Farbe, Marke, Kennzeichen').fill(CAR);
  await chooseTime(page);
  await acceptTerms(page);
  await page.getByRole('button', { name: /Zahlungspflichtig bestellen/ }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+\?key=/);
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  await board.getByTestId('board-order').filter({ hasText: `#${code}` }).getByRole('group').getByRole('button', { name: /20/ }).click();
  const here = page.getByRole('button', { name: 'Ich bin da' });
  await expect(here).toBeEnabled();

  await context.setOffline(true);
  await expect(here).toBeDisabled();
  await expect(page.getByText('Sie sind offline. Um dem Restaurant zu sagen, dass Sie da sind, brauchen Sie eine Internetverbindung.')).toBeVisible();
  await expect(page.getByRole('link', { name: '+49 40 1234567' }).first()).toHaveAttribute('href', 'tel:+49401234567');
  await context.setOffline(false);
  await expect(here).toBeEnabled();
  await board.context().close();
});

test('the tracker follows accept, ready and done live, with the promised time, the pickup address, the phone and the totals', async ({ page, browser, request }) => {
  const board = await openBoard(browser);
  const code = await placeTakeawayOrder(page);

  const steps = page.locator('.tracker__steps li');
  await expect(steps).toHaveText(['Erhalten', 'Bestätigt', 'Fertig', 'Abgeholt']);
  await expect(currentStep(page)).toHaveText('Erhalten');
  await expect(page.getByTestId('promised-time')).toHaveCount(0);
  const place = page.locator('.order-place');
  await expect(place.getByRole('heading')).toHaveText('Abholung');
  await expect(place).toContainText('Lindenallee 12, 20259 Hamburg');
  await expect(place.getByRole('link', { name: 'Anrufen: +49 40 1234567' })).toHaveAttribute('href', 'tel:+49401234567');
  await expect(page.locator('.order-detail')).toContainText('Pizza Margherita');
  await expect(page.locator('.order-detail')).toContainText(euro(890));

  const card = board.getByTestId('board-order').filter({ hasText: `#${code}` });
  await card.getByRole('group').getByRole('button', { name: /20/ }).click();
  const [accepted] = (await operatorOrders(request, E2E_OPERATOR_KEY)).filter((o) => o.code === code);
  const time = new Intl.DateTimeFormat('de-DE', { timeStyle: 'short', timeZone: 'Europe/Berlin' }).format(new Date(accepted?.promisedAt ?? ''));
  await expect(currentStep(page)).toHaveText('Bestätigt');
  await expect(page.getByTestId('promised-time')).toHaveText(`Fertig um ${time} Uhr`);
  await expect(steps.first()).toContainText('erledigt');

  await card.getByRole('button', { name: /^Fertig$/ }).click();
  await expect(currentStep(page)).toHaveText('Fertig');
  await expect(page.getByText('Ihre Bestellung ist fertig. Sie können sie an der Theke abholen.')).toBeVisible();

  await card.getByRole('button', { name: 'Abschließen' }).click();
  await expect(currentStep(page)).toHaveText('Abgeholt');
  await expect(page.getByText('Abgeholt. Guten Appetit!')).toBeVisible();
  await expect(page.locator('.status-badge')).toHaveText('Abgeschlossen');
  await board.context().close();
});
