import { beforeAll, describe, expect, it } from 'vitest';
import { type Catalog, checkout, loadCatalog, productLine, productNamed } from './checkout-helpers';
import { backends, useTestApp } from './harness';
import { accountPayload, ledgerOf, profitCents, setProfit, signUp } from './account-helpers';

describe.each(backends())('probe %s', (backend) => {
  const ctx = useTestApp(backend);
  let catalog: Catalog;
  beforeAll(async () => { catalog = await loadCatalog(ctx().app); });
  it('race', async () => {
    const c = await signUp(ctx().app);
    await setProfit(ctx().database.db, c.user.id, 1000);
    const body = accountPayload([productLine(productNamed(catalog, 'Kaiserschmarrn'), { qty: 2 })], { useProfit: true });
    const t0 = performance.now();
    const res = await Promise.all(Array.from({ length: 50 }, () => checkout(ctx().app, body, { headers: c.headers })));
    const ms = performance.now() - t0;
    const summary: Record<string, number> = {};
    for (const r of res) {
      const k = r.status === 201 ? `201 discount ${(r.body as any).data.order.payment.discount}` : `${r.status} ${JSON.stringify((r.body as any)?.data ?? r.body)}`;
      summary[k] = (summary[k] ?? 0) + 1;
    }
    console.log(backend, ms.toFixed(0), summary, await profitCents(ctx().database.db, c.user.id), (await ledgerOf(ctx().database.db, c.user.id)).length);
    expect(1).toBe(1);
  });
});
