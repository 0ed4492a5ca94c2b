import { useEffect, useState } from 'react';
import { avoidsAnything } from '../../../shared/contract/allergen-filter';
import type { Declarations } from '../../../shared/contract/catalog';
import { useDeclarations } from '../catalog';
import { appliedFilter, currentFilter, useAllergenFilter, type AllergenFilter } from './store';

export type FilterEngine = typeof import('./engine');

let engineLoaded: FilterEngine | null = null;
let engineLoading: Promise<FilterEngine> | null = null;

/**
 * The filter as the menu's lists apply it. Its reasoning is fetched once a filter is set (the
 * worker keeps it for offline); until it is here, `pending`: a list shows nothing rather than a
 * dish the diner avoids.
 */
export function useMenuFilter(): { filter: AllergenFilter; active: boolean; pending: boolean; engine: FilterEngine | null; list: Declarations | undefined } {
  const filter = useAllergenFilter();
  const active = avoidsAnything(filter);
  const list = useDeclarations(active);
  const [engine, setEngine] = useState(engineLoaded);
  useEffect(() => {
    // The stored filter, not this render's: a hydrating page renders as the server did, unfiltered, and must stay hidden.
    if (engine || !avoidsAnything(currentFilter())) return appliedFilter();
    if (!active) return;
    let live = true;
    engineLoading ??= import('./engine').then((m) => (engineLoaded = m));
    engineLoading.then(
      (m) => live && setEngine(m),
      // Not loaded (the worker always keeps it, so hardly ever): the menu shows, unfiltered, rather than nothing.
      () => appliedFilter(),
    );
    return () => {
      live = false;
    };
  }, [active, engine]);
  return { filter, active, pending: active && !engine, engine: active ? engine : null, list };
}
