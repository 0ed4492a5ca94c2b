import type { FastifyInstance } from 'fastify';
import type { CatalogVersion } from '../shared/contract/catalog';
import { firstScreenPaths, PER_PAGE_PATHS, type FirstScreen } from '../shared/contract/first-screen';
import { menuReads } from './catalog/menu-reads';
import { catalogSnapshot } from './catalog/snapshot';
import type { Db } from './db/client';


interface CachedScreen {
  /** Everything but the per-page answers, as the routes answered for this revision. */
  answers: Record<string, unknown>;
  /** The catalog version the answers were read at (decision 038), when the route gave one. */
  catalogVersion?: CatalogVersion['version'];
  /** The last page's screen and its per-page answers as sent: the same object while they are the same (see `serializeFirstScreen`). */
  last?: { perPage: string; screen: FirstScreen };
}

/**
 * Asks the app's own catalog routes what the page's first route would ask, in the page's language
 * (decision 028). Through `inject`, so the answers are byte for byte the API's, whatever loads or
 * caches behind those routes; a call that fails is left out and the client asks for it itself.
 *
 * The answers depend on the language, the page's calls (its path and linked category) and the
 * catalog revision, which every table they read bumps (migrations 0014, 0016): they are asked once
 * per revision and kept (decision 033). The opening hours (the clock) and the sold-out switches
 * change without it and are asked for every page. Nothing of the request (cookies, host) reaches these calls.
 */
export async function firstScreenAnswers(app: FastifyInstance, db: Db, lang: string, pathname: string, linked: number | null): Promise<FirstScreen> {
  const askText = async (path: string): Promise<string | undefined> => {
    const response = await app.inject({ method: 'GET', url: `/api${path}`, headers: { 'accept-language': lang, accept: 'application/json' } });
    return response.statusCode === 200 ? response.body : undefined;
  };
  const ask = async (path: string): Promise<unknown> => {
    const text = await askText(path);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  };
  const snapshot = catalogSnapshot(db);
  const revision = await snapshot.sharedRevision();
  // A category that is not on the menu answers 404 and is left out: the same page as no category,
  // and no cache entry per invented number.
  const category = linked !== null && (await menuReads(db, lang)).reads.categoryById.has(linked) ? linked : null;
  const { calls, firstCategory } = firstScreenPaths(pathname, category);
  const cached = await snapshot.derive<CachedScreen>(revision, `first-screen:${lang}:${calls.join(',')}`, async () => {
    // Before the answers: a change committed in between leaves the version older than them, never
    // newer, so the device asks again rather than keeping a menu the version says is current.
    const version = (await ask('/products/version')) as { data?: CatalogVersion } | undefined;
    const answers: Record<string, unknown> = {};
    const stable = calls.filter((path) => !PER_PAGE_PATHS.includes(path));
    const bodies = await Promise.all(stable.map(ask));
    stable.forEach((path, i) => {
      if (bodies[i] !== undefined) answers[path] = bodies[i];
    });
    const categories = (answers['/products/categories'] as { data?: { id: number }[] } | undefined)?.data;
    const first = categories?.[0]?.id;
    if (firstCategory && first !== undefined && first !== category) {
      const path = `/products/categories/${first}/products`;
      const body = await ask(path);
      if (body !== undefined) answers[path] = body;
    }
    return { answers, catalogVersion: version?.data?.version };
  });
  const screenOf = (answers: Record<string, unknown>): FirstScreen =>
    cached.catalogVersion === undefined ? { lang, answers } : { lang, answers, catalogVersion: cached.catalogVersion };
  const asked = calls.filter((path) => PER_PAGE_PATHS.includes(path));
  if (!asked.length) return (cached.last ??= { perPage: '', screen: screenOf(cached.answers) }).screen;
  const texts = await Promise.all(asked.map(askText));
  const perPage = texts.map((text) => text ?? '').join('\n');
  if (cached.last?.perPage === perPage) return cached.last.screen;
  const answers: Record<string, unknown> = {};
  asked.forEach((path, i) => {
    const text = texts[i];
    if (text) answers[path] = JSON.parse(text) as unknown;
  });
  cached.last = { perPage, screen: screenOf({ ...answers, ...cached.answers }) };
  return cached.last.screen;
}
