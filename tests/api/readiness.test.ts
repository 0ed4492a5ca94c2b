/**
 * The balancer's two questions (decision 032): is the process alive (`/api/health`), and may it be
 * sent requests (`/api/ready`: the database answers and the process is not shutting down).
 * Both are open to anyone, so they say nothing beyond yes or no.
 */
import { describe, expect, it } from 'vitest';
import { buildApp, type Readiness } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';

describe('readiness', () => {
  it('is ready while the database answers, 503 once draining or once the database is gone, and names the instance only when asked', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const readiness: Readiness = { draining: false };
    const app = await buildApp({ db: database.db, readiness, instanceName: 'app7' });
    const plain = await buildApp({ db: database.db });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ data: { ready: true } });
      expect(ready.headers['cache-control']).toBe('no-store');
      expect(ready.headers['x-instance']).toBe('app7');
      expect((await plain.inject({ method: 'GET', url: '/api/ready' })).headers['x-instance']).toBeUndefined();

      readiness.draining = true;
      const draining = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ data: { ready: false } });
      // Still alive, and still serving what the balancer has already sent.
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/products/categories' })).statusCode).toBe(200);

      readiness.draining = false;
      await database.close();
      const gone = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(gone.statusCode).toBe(503);
      expect(gone.body).not.toMatch(/error|closed|pglite|postgres/i);
    } finally {
      await app.close();
      await plain.close();
    }
  });
});
