import { asc, eq } from 'drizzle-orm';
import { sanitizePageHtml } from '../../admin/pages/sanitize';
import type { FastifyInstance } from 'fastify';
import type { Language, Page, Setting, Translations } from '../../../shared/contract/catalog';
import { languageQuery } from '../../../shared/contract/params';
import { resolveSettingValue } from '../../../shared/contract/settings';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { mediaOut, tr } from '../../catalog/load';

export async function loadSettings(db: Db, lang: string): Promise<Setting[]> {
  const rows = await db.select().from(t.settings).orderBy(asc(t.settings.key));
  return rows.map((row) => {
    const setting: Setting = {
      key: row.key,
      value: row.value ?? null,
      poster: mediaOut(row.poster, lang, `setting-${row.key}-poster`),
      icon: mediaOut(row.icon, lang, `setting-${row.key}-icon`),
      splash: mediaOut(row.splash, lang, `setting-${row.key}-splash`),
      background: mediaOut(row.background, lang, `setting-${row.key}-background`),
      gallery: row.gallery.flatMap((m, i) => mediaOut(m, lang, `setting-${row.key}-${i}`) ?? []),
    };
    return { ...setting, value: resolveSettingValue(setting) };
  });
}

export async function siteRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const catalog = { catalog: true };

  app.get('/settings', { config: catalog }, async (request) => ({ data: await loadSettings(db, request.lang) }));

  app.get('/pages', { config: catalog }, async (request) => {
    const rows = await db.select().from(t.pages).orderBy(asc(t.pages.sort), asc(t.pages.id));
    const data: Page[] = rows.map((p) => ({
      id: p.id,
      name: tr(p.name, request.lang),
      // Saved pages are clean already; pages written before the editor (seed, imports) are cleaned here too.
      text: sanitizePageHtml(tr(p.text, request.lang)),
      isPopup: p.isPopup,
      onHeader: p.onHeader,
      onFooter: p.onFooter,
    }));
    return { data };
  });

  app.get('/languages', { config: catalog }, async () => {
    const rows = await db.select().from(t.languages).orderBy(asc(t.languages.sort));
    const data: Language[] = rows.map(({ code, name }) => ({ code, name }));
    return { data };
  });

  app.get('/translations', { config: catalog, schema: { querystring: languageQuery } }, async (request) => {
    const { lang } = request.query as { lang: string };
    const rows = await db
      .select()
      .from(t.translations)
      .where(eq(t.translations.lang, lang.slice(0, 2).toLowerCase()));
    const data: Translations = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return { data };
  });
}
