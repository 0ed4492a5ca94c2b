import type { FastifyInstance } from 'fastify';
import { firstScreenPaths, type FirstScreen } from '../shared/contract/first-screen';

/**
 * Asks the app's own catalog routes what the page's first route would ask, in the page's language
 * (decision 028). Through `inject`, so the answers are byte for byte the API's, whatever loads or
 * caches behind those routes; a call that fails is left out and the client asks for it itself.
 */
export async function firstScreenAnswers(app: FastifyInstance, lang: string, pathname: string, category: number | null): Promise<FirstScreen> {
  const ask = async (path: string): Promise<unknown> => {
    const response = await app.inject({ method: 'GET', url: `/api${path}`, headers: { 'accept-language': lang, accept: 'application/json' } });
    return response.statusCode === 200 ? (response.json() as unknown) : undefined;
  };
  const { calls, firstCategory } = firstScreenPaths(pathname, category);
  const answers: Record<string, unknown> = {};
  const bodies = await Promise.all(calls.map(ask));
  calls.forEach((path, i) => {
    if (bodies[i] !== undefined) answers[path] = bodies[i];
  });
  const categories = (answers['/products/categories'] as { data?: { id: number }[] } | undefined)?.data;
  const first = categories?.[0]?.id;
  if (firstCategory && first !== undefined && first !== category) {
    const path = `/products/categories/${first}/products`;
    const body = await ask(path);
    if (body !== undefined) answers[path] = body;
  }
  return { lang, answers };
}
