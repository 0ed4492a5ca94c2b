import type { SettingsMap } from '../shared/contract/settings';
import type { Db } from './db/client';
import * as t from './db/schema';

/** Every setting's value by key: what the server's own rules read. */
export async function loadSettings(db: Db): Promise<SettingsMap> {
  const rows = await db.select({ key: t.settings.key, value: t.settings.value }).from(t.settings);
  return Object.fromEntries(rows.map((s) => [s.key, s.value]));
}
