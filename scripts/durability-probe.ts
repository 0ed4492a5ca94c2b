/**
 * Commits per second on embedded PGlite with and without sync at commit (decision 031):
 *   npx tsx scripts/durability-probe.ts durable|relaxed <dataDir> <commits> [fresh]
 * Count fsync calls with: strace -f -e trace=fsync,fdatasync -o out.txt npx tsx scripts/durability-probe.ts …
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
const durable = process.argv[2] === 'durable';
const dir = process.argv[3] ?? '/tmp/h5dur/probe';
const n = Number(process.argv[4] ?? 100);
if (process.argv[5] === 'fresh') rmSync(dir, { recursive: true, force: true });
const database = await openDatabase({ dataDir: dir, durable });
await database.db.execute(sql`create table if not exists probe (id serial primary key, v text)`);
const t0 = performance.now();
for (let i = 0; i < n; i++) await database.db.transaction(async (tx) => { await tx.execute(sql`insert into probe (v) values (${'x' + i})`); await tx.execute(sql`select 1`); });
const ms = performance.now() - t0;
console.log(JSON.stringify({ durable, n, commitsPerSec: Math.round((n / ms) * 1000) }));
await database.close();
