import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PrinterAdmin } from '../../src/shared/contract/printers';
import { placeTakeawayOrder, staffSignIn } from './helpers';
import { ownerApi } from './staff-api';

/** One CloudPRNT poll, fetch and confirmation, as a printer sends them; the ticket's bytes as text (ESC/POS, Latin letters). */
async function printOnce(request: APIRequestContext, path: string): Promise<string | null> {
  const poll = await request.post(path, { data: { printerMAC: '00:11:62:aa:bb:cc', statusCode: '200%20OK', printingInProgress: false } });
  expect(poll.status()).toBe(200);
  const offer = (await poll.json()) as { jobReady: boolean; jobToken?: string };
  if (!offer.jobReady || !offer.jobToken) return null;
  const job = await request.get(`${path}?type=application%2Foctet-stream&mac=00%3A11%3A62%3Aaa%3Abb%3Acc&token=${offer.jobToken}`);
  expect(job.status()).toBe(200);
  const text = (await job.body()).toString('latin1');
  expect((await request.delete(`${path}?code=200%20OK&mac=00%3A11%3A62%3Aaa%3Abb%3Acc&token=${offer.jobToken}`)).status()).toBe(200);
  return text;
}

test('staff add a kitchen printer; the board warns until it connects; an accepted order prints once, "print again" prints a copy', async ({ page, browser, request }) => {
  const api = await ownerApi(request);
  const staff = await staffSignIn(browser, '/staff/printers');
  let printerId: number | undefined;
  try {
    await staff.getByLabel(/Name/).fill('Küche Pass');
    await staff.getByRole('button', { name: /Drucker hinzufügen/ }).click();
    const url = (await staff.getByTestId('printer-url').textContent()) ?? '';
    expect(url).toMatch(/\/api\/cloudprnt\/[A-Za-z0-9_-]{20,}$/);
    const path = new URL(url).pathname;
    printerId = (await api<PrinterAdmin[]>('GET', '/printers')).find((p) => p.name === 'Küche Pass')?.id;

    // Never connected: the board says so, loudly, before the first order depends on it.
    await staff.goto('/staff');
    await expect(staff.getByTestId('printer-alert')).toContainText('Küche Pass');
    expect(await printOnce(request, path)).toBeNull();
    await staff.reload();
    await expect(staff.getByText(/Küche Pass/).first()).toBeVisible();
    await expect(staff.getByTestId('printer-alert')).toHaveCount(0);

    const code = await placeTakeawayOrder(page);
    const card = staff.getByTestId('board-order').filter({ hasText: `#${code}` });
    await card.getByRole('group').getByRole('button', { name: /20/ }).click();
    await expect(card).toHaveClass(/staff-order--approved/);

    const ticket = await printOnce(request, path);
    expect(ticket).toContain(`#${code}`);
    expect(ticket).toContain('Pizza Margherita');
    expect(ticket).not.toContain('KOPIE');
    expect(await printOnce(request, path)).toBeNull();

    await card.getByRole('button', { name: /Erneut drucken/ }).click();
    await expect.poll(async () => (await api<PrinterAdmin[]>('GET', '/printers')).find((p) => p.id === printerId)?.waiting).toBe(1);
    const copy = await printOnce(request, path);
    expect(copy).toContain(`#${code}`);
    expect(copy).toContain('KOPIE');
    expect(await printOnce(request, path)).toBeNull();
  } finally {
    // The e2e server is shared: leave no printer behind for the other journeys' boards.
    for (const p of await api<PrinterAdmin[]>('GET', '/printers')) await api('DELETE', `/printers/${p.id}`);
    await staff.context().close();
  }
});
