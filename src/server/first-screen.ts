import type { FastifyInstance } from 'fastify';
import type { CatalogVersion } from '../shared/contract/catalog';
import { firstScreenPaths, type FirstScreen } from '../shared/contract/first-screen';
import { menuReads } from './catalog/menu-reads';
import { catalogSnapshot } from './catalog/snapshot';
import type { Db } from './db/client';

/** The one first-screen answer that changes with the clock ("open now", the next opening): asked on every page. */
const CLOCK_PATH = '/working-hours';

interface CachedScreen {
  /** Everything but the clock's answer, as the routes answered for this revision. */
  answers: Record<string, unknown>;
  /** The catalog version the answers were read at (decision 038), when the route gave one. */
  catalogVersion?: CatalogVersion['version'];
  /** The last page's screen and its clock answer as sent: the same object while the answer is the same (see `serializeFirstScreen`). */
  last?: { clock: string; screen: FirstScreen };
}

/**
 * Asks the app's own catalog routes what the page's first route would ask, in the page's language
 * (decision 028). Through `inject`, so the answers are byte for byte the API's, whatever loads or
 * caches behind those routes; a call that fails is left out and the client asks for it itself.
 *
 * The answers depend on the language, the page's calls (its path and linked category) and the
 * catalog revision, which every table they read bumps (migrations 0014, 0016): they are asked once
 * per revision and kept (decision 033). The opening hours' answer alone depends on the time and is
 * asked for every page. Nothing of the request (cookies, host) reaches these calls.
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
    const stable = calls.filter((path) => path !== CLOCK_PATH);
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
  if (!calls.includes(CLOCK_PATH)) return (cached.last ??= { clock: '', screen: screenOf(cached.answers) }).screen;
  const clock = (await askText(CLOCK_PATH)) ?? '';
  if (cached.last?.clock === clock) return cached.last.screen;
  const answers = clock ? { [CLOCK_PATH]: JSON.parse(clock) as unknown, ...cached.answers } : cached.answers;
  cached.last = { clock, screen: screenOf(answers) };
  return cached.last.screen;
}
