import { readConfig } from './config';
import { openDatabase } from './db/client';

// The database opens (PGlite's WebAssembly compiles off the main thread, its files are read) while
// the app's modules load: the two were one after the other, most of a cold start (decision 035).
const config = readConfig();
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// Awaited in main; until then a failure must not count as unhandled (main reports it).
void database.catch(() => undefined);
const { main } = await import('./main');
await main(config, database);
