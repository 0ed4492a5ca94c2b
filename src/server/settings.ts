import type { Media, Setting } from '../shared/contract/catalog';
import { settingsMap, type SettingsMap } from '../shared/contract/settings';
import { catalogSnapshot } from './catalog/snapshot';
import type { Db } from './db/client';
import * as t from './db/schema';

/** Every setting's value by key: what the server's own rules read. */
export async function loadSettings(db: Db): Promise<SettingsMap> {
  const rows = await db.select({ key: t.settings.key, value: t.settings.value }).from(t.settings);
  return Object.fromEntries(rows.map((s) => [s.key, s.value]));
}

const media = (stored: { url: string } | null): Media | null => (stored ? { id: '', url: stored.url, alt: '', variants: {} } : null);

/**
 * Every setting's value as the storefront reads it (GET /api/settings), with the media fallback of
 * spec §3: an image setting without a value of its own is its poster's or icon's URL. Read once per
 * catalog revision (the settings table bumps it), so every page does not read it again; the map is
 * shared and never changed by its readers.
 */
export async function loadResolvedSettings(db: Db): Promise<SettingsMap> {
  const snapshot = catalogSnapshot(db);
  const revision = await snapshot.sharedRevision();
  return snapshot.derive(revision, 'resolved-settings', () => readResolvedSettings(db));
}

async function readResolvedSettings(db: Db): Promise<SettingsMap> {
  const rows = await db.select().from(t.settings);
  return settingsMap(
    rows.map(
      (row): Setting => ({
        key: row.key,
        value: row.value ?? null,
        poster: media(row.poster),
        icon: media(row.icon),
        splash: media(row.splash),
        background: media(row.background),
        gallery: [],
      }),
    ),
  );
}
