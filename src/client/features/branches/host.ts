import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { tryEnsure } from '../../lib/try-ensure';
import { catalogQueries } from '../catalog/queries';

/**
 * A branch's own host is already the diner's choice: it says so (GET /branches, `meta.self`), and
 * the page remembers it instead of sending the diner to a chooser that would only lead back here.
 * Loaded only when the guard would otherwise redirect. Answers whether the diner may stay.
 */
export async function adoptHostBranch(queryClient: QueryClient): Promise<boolean> {
  const answer = await tryEnsure(() => queryClient.ensureQueryData(catalogQueries.branches()));
  // The switch is on but no branch is configured (BRANCHES unset): nothing to choose, so no chooser.
  if (answer && answer.data.length === 0) return true;
  const self = answer?.meta.self;
  if (!self) return false;
  const name = answer.data.find((b) => b.url === self)?.name ?? self;
  // Its API is this page's own origin, whatever name the page was opened under.
  localStorage.setItem(STORAGE_KEYS.branch, JSON.stringify({ name, url: location.origin, hub: answer.meta.hub ?? location.origin }));
  return true;
}
