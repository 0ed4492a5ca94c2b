import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_OPERATOR_KEY } from '../../playwright.config';
import { addPizza as addPizzaDe, cartButton, chooseOrderType, euro, fridayEvening, openHome } from './helpers';

const addPizza = (page: Page) => addPizzaDe(page, /Add to cart/);

const PIZZA = 890;
const operator = { authorization: `Bearer ${E2E_OPERATOR_KEY}` };

/** These journeys run in English: the labels are the spec's wording (German has its own tests). */
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'en');
    // The announcement popup has its own test; here it would only stand in front of the forms.
    sessionStorage.setItem('popup-seen', JSON.stringify(Array.from({ length: 50 }, (_, i) => i + 1)));
  });
});

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function setSetting(request: APIRequestContext, key: string, value: string): Promise<void> {
  const res = await request.put(`/api/operator/settings/${key}`, { headers: operator, data: { value } });
  expect(res.status()).toBe(200);
}

/** Registers from where the visitor is (the sign-in page's link keeps where they were going), or from /register. */
async function register(page: Page, email: string, password: string): Promise<void> {
  // From the sign-in page the link carries the redirect; wait for it (a count() taken while the
  // lazy page still loads sent the first run of a cold server to /register without it).
  if (/\/login/.test(page.url())) await page.getByRole('link', { name: 'No account yet? Register' }).click();
  else await page.goto('/register');
  await expect(page).toHaveURL(/\/register/);
  await page.getByLabel('Full Name').fill('Paula Pohl');
  await page.getByLabel('E-mail Address').fill(email);
  await page.getByLabel('Phone').fill('040 7654321');
  await page.getByLabel('Phone').blur();
  await expect(page.getByLabel('Phone')).toHaveValue('+49 40 7654321');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  // Registering signs the customer in: no second password entry.
  await expect(page.getByText('Welcome, Paula Pohl! Your account is ready and you are signed in.')).toBeVisible();
}

async function login(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function checkoutAsCustomer(page: Page): Promise<void> {
  await cartButton(page).click();
  await page.getByRole('dialog', { name: /Your cart/ }).getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout/);
}

/** As soon as possible while open (folded behind "Schedule for later"), otherwise a time the restaurant is open. */
async function chooseTime(page: Page): Promise<void> {
  const schedule = page.getByRole('button', { name: 'Schedule for later' });
  const now = page.getByRole('radio', { name: 'Send Now' });
  await expect(schedule.or(now)).toBeVisible();
  if (await schedule.isVisible()) return;
  if (await now.isEnabled()) return now.check();
  await page.getByRole('radio', { name: 'I will choose the delivery time' }).check();
  await page.getByLabel('Delivery time', { exact: true }).fill(fridayEvening());
}

async function completeOrder(request: APIRequestContext, code: string): Promise<void> {
  for (const status of ['approved', 'completed']) {
    const res = await request.patch(`/api/operator/orders/${code}`, { headers: operator, data: { status } });
    expect(res.status()).toBe(200);
  }
}

test('register, log in, save an address, order for delivery, earn points, spend them, read the history', async ({ page, request }) => {
  const email = `paula.${unique()}@example.com`;
  const password = 'kartoffel-salat-7';

  // A visitor sent to sign in comes back where they wanted to go.
  await page.goto('/me/my-profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fme%2Fmy-profile/);

  await register(page, email, password);
  await expect(page).toHaveURL(/\/me\/my-profile$/);
  await expect(page.getByRole('link', { name: /Your points: €0.00/ })).toBeVisible();
  await expect(page.getByLabel('E-mail Address')).toHaveValue(email);

  // Signed out, the password just chosen signs in again.
  await page.locator('.account-nav').getByRole('button', { name: 'Logout' }).click();
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await login(page, password);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: /Your points: €0.00/ })).toBeVisible();

  // Old address system: area and street, returning to the list.
  await page.goto('/me/my-addresses');
  await expect(page.getByText("You haven't added an address yet. Click the button below to add one")).toBeVisible();
  await page.getByRole('link', { name: 'Add an address' }).first().click();
  await page.getByLabel('Address Name').fill('Home');
  const area = page.getByLabel('Area');
  const eppendorf = await area.locator('option', { hasText: 'Eppendorf' }).getAttribute('value');
  await area.selectOption(eppendorf ?? '');
  await page.getByLabel('Detailed address').fill('Eppendorfer Landstraße 5');
  await page.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/me\/my-addresses\/?$/);
  await expect(page.getByText('Eppendorfer Landstraße 5')).toBeVisible();
  await expect(page.getByText('Default', { exact: true })).toBeVisible();

  // Delivery with the saved address: preselected, Eppendorf's fee (2 €) applies below 35 €.
  await openHome(page);
  await addPizza(page);
  await addPizza(page);
  await checkoutAsCustomer(page);
  await chooseOrderType(page, 'Delivery');
  await expect(page.getByRole('radio', { name: /Home/ })).toBeChecked();
  await expect(page.getByText('Minimum order €15.00')).toBeVisible();
  await chooseTime(page);
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  const first = 2 * PIZZA + 200;
  const pay = page.getByRole('button', { name: /Order and pay.*Pay on delivery/ });
  await expect(pay).toContainText(euro(first, 'en-IE'));
  await pay.click();
  await expect(page).toHaveURL(/\/me\/my-orders\/[A-Z0-9]+\?state=new/);
  const firstCode = /my-orders\/([A-Z0-9]+)/.exec(page.url())?.[1] ?? '';
  await expect(page.getByText('Eppendorfer Landstraße 5')).toBeVisible();

  // The restaurant completes it: 5 % of the food (17,80 €) is 0,89 € in points.
  await completeOrder(request, firstCode);
  await page.reload();
  await expect(page.getByRole('link', { name: /Your points: €0.89/ })).toBeVisible();

  // Takeaway spends them: the whole balance comes off the total.
  await addPizza(page);
  await checkoutAsCustomer(page);
  await chooseOrderType(page, 'Pickup');
  await chooseTime(page);
  await page.getByRole('checkbox', { name: /Use my points/ }).check();
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await expect(page.getByRole('button', { name: /Order and pay.*Pay at the counter/ })).toContainText(euro(PIZZA - 89, 'en-IE'));
  await page.getByRole('button', { name: /Order and pay.*Pay at the counter/ }).click();
  await expect(page).toHaveURL(/\/me\/my-orders\/[A-Z0-9]+\?state=new/);
  await expect(page.getByRole('link', { name: /Your points: €0.00/ })).toBeVisible();

  // Both orders are in the history, the points in the transaction history.
  await page.goto('/me/my-orders');
  await expect(page.getByRole('link', { name: new RegExp(`#${firstCode}`) })).toBeVisible();
  await expect(page.locator('.order-list li')).toHaveCount(2);
  await page.getByRole('link', { name: /Your points/ }).click();
  await expect(page).toHaveURL(/transaction-history/);
  // The rule that earned them, where the balance is: 5 % of two pizzas (17,80 €) is 0,89 €.
  await expect(page.getByText('Every completed order earns 5% of what you pay for dishes and drinks, after points spent.', { exact: false })).toBeVisible();
  const rows = page.locator('table.transactions tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Points used');
  await expect(rows.first().locator('.change--down')).toHaveText('−€0.89');
  await expect(rows.nth(1).locator('.change--up')).toHaveText('+€0.89');
  await expect(page.locator('.pagination')).toHaveCount(0);

  // Signed-in customers are sent away from the sign-in pages.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
});

test('new address system: search, out-of-range refusal, save in range, and back to checkout', async ({ page, request }) => {
  await setSetting(request, 'USES_NEW_ADDRESS_SYSTEM', '1');
  try {
    const email = `nora.${unique()}@example.com`;
    await register(page, email, 'neue-adresse-42');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/me/my-addresses');
    await expect(page).toHaveURL(/\/me\/address-list/);
    await page.goto('/me/address-list/create?return=checkout');
    // Standing in Ottensen, outside every zone: the check refuses and no form appears.
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 53.55233, longitude: 9.927087 });
    await page.getByRole('button', { name: 'Use my current location' }).click();
    await expect(page.getByText('The location that you have marked is out of our delivery range')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Address' })).toHaveCount(0);

    // Suggestions stay inside the delivery region.
    const search = page.getByRole('combobox', { name: /Search for your street/ });
    await search.fill('Max-Brauer-Allee 10');
    await expect(page.getByText('No address found in our delivery region', { exact: false })).toBeVisible();

    await search.fill('Osterstraße 12');
    await page.getByRole('option', { name: /Osterstraße 12/ }).click();
    await expect(page.getByText('We deliver to this address.')).toBeVisible();
    await page.getByLabel('Address Name').fill('Office');
    await page.getByRole('button', { name: 'Save Address' }).click();
    await expect(page).toHaveURL(/\/checkout/);
  } finally {
    await setSetting(request, 'USES_NEW_ADDRESS_SYSTEM', '');
  }
});

test('a table diner is kept out of the account pages', async ({ page }) => {
  await page.goto('/?table=T03-ZNB0-3RH6-48WA');
  await expect(page.getByText(/Tisch 3|Table/).first()).toBeVisible();
  // The server's page shows the table at once; the app has taken the session up once the code leaves the address.
  await expect(page).not.toHaveURL(/table=/);
  await page.goto('/me/my-profile');
  await expect(page).toHaveURL(/\/(\?.*)?$/);
});

test('sign in with the stand-in Google: an unknown person registers prefilled, then is signed in', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveTitle('Stand-in Google sign-in');
  const email = `gina.${unique()}@example.com`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByLabel('Full Name')).toHaveValue('Gina Google');
  await expect(page.getByLabel('E-mail Address')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('Phone').fill('+49 40 1112223');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'My Profile' }).first()).toBeAttached();

  // Signed out, the same Google account signs straight in.
  await page.goto('/me/my-profile');
  await page.locator('.account-nav').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/me/my-profile');
  await expect(page.getByLabel('E-mail Address')).toHaveValue(email);
});

test('registration refuses a common password with a message under the field', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Full Name').fill('Paula Pohl');
  await page.getByLabel('E-mail Address').fill(`weak.${unique()}@example.com`);
  await page.getByLabel('Phone').fill('+49 40 7654321');
  // The client's cheap check: one repeated character never reaches the server.
  await page.getByLabel('Password', { exact: true }).fill('aaaaaaaaaa');
  await page.getByLabel('Password', { exact: true }).blur();
  await expect(page.getByText('The password cannot be only spaces or one character repeated.')).toBeVisible();
  // The list of common and breached passwords is the server's: its 422 shows under the field.
  await page.getByLabel('Password', { exact: true }).fill('password1');
  await page.getByLabel('Confirm password').fill('password1');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  const error = page.locator('#register-password-error');
  await expect(error).toHaveText('This password is very common or has appeared in data breaches. Please choose another one.');
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-describedby', 'register-password-error');
  await expect(page).toHaveURL(/\/register/);
});

test('the profile asks for the current password before the e-mail changes, and says when it is wrong', async ({ page }) => {
  const password = 'zwiebel-kuchen-31';
  await register(page, `paul.${unique()}@example.com`, password);
  await page.goto('/me/my-profile');
  await expect(page.getByLabel('Full Name')).toBeVisible();
  await expect(page.getByLabel('Current password')).toHaveCount(0);
  const moved = `paul.${unique()}@example.com`;
  await page.getByLabel('E-mail Address').fill(moved);
  const current = page.getByLabel('Current password');
  await expect(current).toBeVisible();
  await current.fill('not my password');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.locator('#profile-current_password-error')).toHaveText('The current password is not correct.');
  await expect(current).toHaveAttribute('aria-describedby', 'profile-current_password-error');
  await current.fill(password);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your profile has been updated')).toBeVisible();
  await expect(page.getByLabel('E-mail Address')).toHaveValue(moved);
  await expect(page.getByLabel('Current password')).toHaveCount(0);
});

test('signing out flushes the cart and the table, and the next Facebook sign-in asks who it is instead of returning the last person', async ({ page }) => {
  // A customer at table 2 signs in with Facebook (unknown to the restaurant: registers first).
  await openHome(page, '/?table=T02-MD1M-VZTB-TTWD');
  await expect(page.locator('.table-banner')).toContainText('You are ordering at');
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page).toHaveTitle('Stand-in Facebook sign-in');
  const email = `fiona.${unique()}@example.com`;
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Phone').fill('+49 40 1112224');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/$/);
  await addPizza(page);
  await expect(cartButton(page)).toHaveAccessibleName(/Cart, 1 /);

  // A table guest has no account pages: the side menu signs out.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: /Your points/ })).toHaveCount(0);
  // The next person on this phone finds no cart and no table, also after a reload.
  await page.reload();
  await expect(page.locator('.category-chip').first()).toBeVisible();
  await expect(page.locator('.table-banner')).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName(/Cart, 0 /);
  expect(await page.evaluate(() => sessionStorage.getItem('table'))).toBeNull();

  // Facebook remembers this browser: without the app asking it to reauthenticate, it would sign
  // the last person straight back in without showing a page.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continue with Facebook' }).click();
  await expect(page).toHaveTitle('Stand-in Facebook sign-in');
  await expect(page.getByRole('alert')).toContainText('confirm it is you');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/me/my-profile');
  await expect(page.getByLabel('E-mail Address')).toHaveValue(email);
});
