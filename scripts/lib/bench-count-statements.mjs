// Preloaded into a benchmarked server (NODE_OPTIONS=--import <this file>) by scripts/bench-orders.ts:
// counts the statements the process sends to PostgreSQL through node-postgres (every
// Client#query call, BEGIN and COMMIT included), and writes the running count to
// BENCH_STATEMENTS_FILE.<pid> on SIGUSR2 (one file per process: a wrapper such as tsx's CLI loads it too). Plain JavaScript, so it also loads into a compiled server.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const file = process.env.BENCH_STATEMENTS_FILE;
if (file) {
  let count = 0;
  let hooked = false;
  try {
    // The server's own copy of pg: resolved from its working directory, not from this script's.
    const pg = createRequire(join(process.cwd(), 'noop.js'))('pg');
    const original = pg.Client.prototype.query;
    pg.Client.prototype.query = function countedQuery(...args) {
      count++;
      return original.apply(this, args);
    };
    hooked = true;
  } catch {
    // No pg next to the server (bundled or absent): the count is reported as unknown.
  }
  process.on('SIGUSR2', () => writeFileSync(`${file}.${process.pid}`, JSON.stringify({ hooked, count })));
}
