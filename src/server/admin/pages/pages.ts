import { createHash } from 'node:crypto';
import { asc, eq, inArray } from 'drizzle-orm';
import type { I18nString, PageAdmin, PageSave } from '../../../shared/contract/pages-admin';
import { text } from '../../../shared/contract/settings';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { loadSettings } from '../../settings';
import { recordChange, type Actor } from '../../staff/audit';
import { sanitizePageHtml } from './sanitize';

type PageRow = typeof t.pages.$inferSelect;

/** Which page the terms and privacy settings point at: those must stay. */
async function protectedPages(db: Db): Promise<Map<number, 'terms' | 'privacy'>> {
  const settings = await loadSettings(db);
  const used = new Map<number, 'terms' | 'privacy'>();
  const terms = Number(text(settings, 'TERMS_AND_CONDITIONS'));
  const privacy = Number(text(settings, 'PRIVACY_POLICY'));
  if (terms > 0) used.set(terms, 'terms');
  if (privacy > 0) used.set(privacy, 'privacy');
  return used;
}

function pageOut(row: PageRow, used: Map<number, 'terms' | 'privacy'>): PageAdmin {
  return { id: row.id, name: row.name, text: row.text, isPopup: row.isPopup, onHeader: row.onHeader, onFooter: row.onFooter, sort: row.sort, usedAs: used.get(row.id) ?? null };
}

export async function listPages(db: Db): Promise<PageAdmin[]> {
  const [rows, used] = await Promise.all([db.select().from(t.pages).orderBy(asc(t.pages.sort), asc(t.pages.id)), protectedPages(db)]);
  return rows.map((r) => pageOut(r, used));
}

/** The site's default language: the first by sort (the storefront falls back to it). */
export async function defaultLanguage(db: Db): Promise<string> {
  const [first] = await db.select({ code: t.languages.code }).from(t.languages).orderBy(asc(t.languages.sort), asc(t.languages.code)).limit(1);
  return first?.code ?? 'de';
}

function cleanTexts(texts: I18nString, clean: (s: string) => string): I18nString {
  const out: I18nString = {};
  for (const [code, value] of Object.entries(texts)) out[code] = clean(value);
  return out;
}

/**
 * A page's text in the history: the first words and a fingerprint, not 40 000 characters twice.
 * The fingerprint makes a change in the middle of a long text show as a change.
 */
function textSummary(texts: I18nString): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, html] of Object.entries(texts)) {
    const plain = html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();
    const excerpt = plain.length > 80 ? `${plain.slice(0, 80)}…` : plain;
    out[code] = `${excerpt} [${createHash('sha256').update(html).digest('hex').slice(0, 8)}]`;
  }
  return out;
}

function snapshot(row: PageRow): Record<string, unknown> {
  return { name: row.name, text: textSummary(row.text), isPopup: row.isPopup, onHeader: row.onHeader, onFooter: row.onFooter, sort: row.sort };
}

/** The page's name in the history: in the site's default language, as the owner knows it. */
const subjectOf = (row: PageRow, lang: string) => row.name[lang] || Object.values(row.name).find(Boolean) || `#${row.id}`;

function valuesOf(input: PageSave) {
  return {
    name: cleanTexts(input.name, (s) => s.replace(/\0/g, '').trim()),
    text: cleanTexts(input.text, sanitizePageHtml),
    isPopup: input.isPopup,
    onHeader: input.onHeader,
    onFooter: input.onFooter,
  };
}

export async function createPage(db: Db, actor: Actor, input: PageSave, lang: string): Promise<PageAdmin> {
  return db.transaction(async (tx) => {
    const last = await tx.select({ sort: t.pages.sort }).from(t.pages).orderBy(asc(t.pages.sort));
    const sort = Math.min(32_000, Math.max(0, ...last.map((r) => r.sort)) + 1);
    const [row] = await tx.insert(t.pages).values({ ...valuesOf(input), sort }).returning();
    if (!row) throw new Error('page insert returned nothing');
    await recordChange(tx, actor, 'page.create', subjectOf(row, lang), null, snapshot(row));
    return pageOut(row, await protectedPages(tx));
  });
}

/** Undefined when there is no such page. */
export async function updatePage(db: Db, actor: Actor, id: number, input: PageSave, lang: string): Promise<PageAdmin | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(t.pages).where(eq(t.pages.id, id));
    if (!before) return undefined;
    const [row] = await tx.update(t.pages).set(valuesOf(input)).where(eq(t.pages.id, id)).returning();
    if (!row) return undefined;
    await recordChange(tx, actor, 'page.update', subjectOf(row, lang), snapshot(before), snapshot(row));
    return pageOut(row, await protectedPages(tx));
  });
}

export type DeleteOutcome = 'deleted' | 'missing' | 'terms' | 'privacy';

export async function deletePage(db: Db, actor: Actor, id: number, lang: string): Promise<DeleteOutcome> {
  return db.transaction(async (tx) => {
    const used = (await protectedPages(tx)).get(id);
    if (used) return used;
    const [gone] = await tx.delete(t.pages).where(eq(t.pages.id, id)).returning();
    if (!gone) return 'missing';
    await recordChange(tx, actor, 'page.delete', subjectOf(gone, lang), snapshot(gone), null);
    return 'deleted';
  });
}

/** The order of the header and footer links: `ids` first to last; pages not named keep theirs after. */
export async function reorderPages(db: Db, actor: Actor, ids: number[]): Promise<PageAdmin[]> {
  await db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const rows = unique.length ? await tx.select().from(t.pages).where(inArray(t.pages.id, unique)) : [];
    const before = Object.fromEntries(rows.sort((a, b) => a.sort - b.sort || a.id - b.id).map((r, i) => [r.id, i]));
    const known = unique.filter((id) => before[id] !== undefined);
    for (const [index, id] of known.entries()) await tx.update(t.pages).set({ sort: index }).where(eq(t.pages.id, id));
    await recordChange(tx, actor, 'page.reorder', 'pages', { order: Object.keys(before).sort((a, b) => (before[a] ?? 0) - (before[b] ?? 0)).join(', ') }, { order: known.join(', ') });
  });
  return listPages(db);
}
