import { buildApp, type Readiness } from './app';
import { readConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { restaurant } from './db/seed/data';
import { baseRestaurant } from './db/seed/data/base';
import { seedIfEmpty } from './db/seed/seed';
import { createGeocoder } from './geo';
import { createMailer } from './mail/mailer';
import { socialLogins } from './social/logins';
import { ensureOwner } from './staff/accounts';

/** Opens the database, migrates, seeds an empty one, listens, and closes cleanly on SIGINT/SIGTERM. */
export async function main(config: Config = readConfig(), opening?: Promise<Database>): Promise<void> {
  const database = await (opening ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  // Only an empty database is seeded: SEED decides what a first start puts in, never what a restart keeps.
  // Several processes starting together on one fresh database seed it once, one after the other.
  const { seeded, owner } = await database.exclusive(async () => ({
    seeded: await seedIfEmpty(database.db, config.seed === 'none' ? baseRestaurant : restaurant),
    owner: config.owner ? await ensureOwner(database.db, config.owner.email, config.owner.password) : undefined,
  }));
  const readiness: Readiness = { draining: false };
  const app = await buildApp({
    db: database.db,
    listen: database.listen,
    databaseKind: database.kind,
    clientDir: config.clientDir,
    serverRender: config.serverRender,
    operatorKey: config.operatorKey,
    publicUrl: config.publicUrl,
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      // Mail is only sent while answering requests, after `app` exists.
      log: (msg, extra) => app.log.info(extra ?? {}, msg),
    }),
    geocoder: createGeocoder({ nominatimUrl: config.geocoderUrl, userAgent: 'tischlein-storefront (restaurant ordering)' }),
    social: socialLogins(config),
    rateLimitScale: config.rateLimitScale,
    orderLimits: { maxTotalCents: config.maxOrderTotalCents, scale: config.rateLimitScale },
    trustProxy: config.trustProxy,
    payments: config.payments,
    branches: config.branches,
    instanceName: config.instanceName,
    readiness,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, drainSeconds: config.drainSeconds }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000 + config.drainSeconds * 1000);
    force.unref();
    // Not ready any more, still serving: the balancer's next checks take this process out, then it closes.
    readiness.draining = true;
    if (config.drainSeconds > 0) await new Promise((resolve) => setTimeout(resolve, config.drainSeconds * 1000));
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL',
      seeded,
      payments: ['cash', ...(config.payments.stripe ? ['stripe'] : []), ...(config.payments.sandbox ? ['sandbox (test payments: diners approve their own)'] : [])],
      branches: config.branches.branches.length ? (config.branches.self ? `branch ${config.branches.self} (hub ${config.branches.hub})` : `hub of ${config.branches.branches.length}`) : 'none',
      owner: owner ? `${config.owner?.email} (${owner})` : 'none: set OWNER_EMAIL and OWNER_PASSWORD to sign in at /staff',
      instance: config.instanceName ?? 'unnamed',
      // From the process's start (serve.ts began opening the database before this module loaded).
      readyMs: Math.round(performance.now()),
    },
    'ready',
  );
}
