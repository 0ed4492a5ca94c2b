/**
 * Card payments through Stripe Checkout, against the stand-in Stripe (scripts/stand-in-stripe.ts):
 * the app opens a Checkout Session for the server's amount, the diner pays on the hosted page,
 * the signed webhook and the return both reach the app, and a rejected paid order is refunded.
 */
import { expect, test } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import {
  acceptTerms,
  addPizza,
  cartButton,
  chooseOrderType,
  choosePayment,
  chooseTime,
  euro,
  fillGuest,
  goToCheckout,
  openHome,
  operatorOrders,
} from './helpers';

const PIZZA = 890;

test('a takeaway paid through Stripe: back from the hosted page keeps the cart, paying places the order, rejecting refunds it', async ({
  page,
  request,
}) => {
  await openHome(page);
  await addPizza(page);

  const toStripe = async () => {
    await goToCheckout(page);
    await chooseOrderType(page, 'Abholung');
    await fillGuest(page);
    await chooseTime(page, true);
    await acceptTerms(page);
    // Beside the demo's test payment, the real card payment says nothing of a test.
    await choosePayment(page, 'Kartenzahlung');
    const card = page.getByRole('button', { name: /^Zahlungspflichtig bestellen.*Kartenzahlung$/ });
    await expect(card).toContainText(euro(PIZZA));
    await card.click();
    await expect(page.getByRole('heading', { name: 'Stand-in Stripe Checkout' })).toBeVisible();
    await expect(page.getByTestId('amount')).toHaveText(euro(PIZZA));
  };

  await toStripe();
  await page.getByRole('button', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/checkout');
  await expect(cartButton(page)).toContainText('1');

  await toStripe();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText('Zahlung erhalten')).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/[A-Z0-9]+/);
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');
  await expect(cartButton(page)).not.toContainText('1');
  const code = /orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';

  // The kitchen sees it paid; the same reload shows the same.
  const order = (await operatorOrders(request, E2E_OPERATOR_KEY)).find((o) => o.code === code);
  expect(order?.payment).toMatchObject({ state: 'paid', price: PIZZA / 100 });
  await page.reload();
  await expect(page.locator('.status-badge')).toHaveText('Wartet auf Bestätigung');

  const rejected = await request.patch(`/api/operator/orders/${code}`, {
    headers: { authorization: `Bearer ${E2E_OPERATOR_KEY}` },
    data: { status: 'rejected', reason: 'sold_out' },
  });
  expect(rejected.status()).toBe(200);
  expect(((await rejected.json()) as { data: { payment: { state: string } } }).data.payment.state).toBe('refunded');
  await expect(page.locator('.status-badge')).toHaveText('Abgelehnt');
});
