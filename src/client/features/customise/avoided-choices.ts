import { useEffect, useMemo } from 'react';
import { blockedExtras, blockedOptions, hasConflict, productConflict, withoutBlocked, type Codes } from '../../../shared/allergens';
import type { OptionChoices } from '../../../shared/contract/cart';
import type { Product } from '../../../shared/contract/catalog';
import { useAvoidance } from '../allergen-filter';

export interface AvoidedChoices {
  active: boolean;
  /** Option ids the filter rules out, with what they contain in words. */
  options: ReadonlyMap<number, string>;
  extras: ReadonlyMap<number, string>;
  /** What the dish itself (or every way to make it) contains of what the diner avoids; null when nothing. */
  dish: string | null;
  /** A choice with everything ruled out taken out (a required select moves to its first acceptable option). */
  clean: (options: OptionChoices, extraIds: number[]) => { options: OptionChoices; extraIds: number[] };
}

const inWords = (map: ReadonlyMap<number, Codes>, name: (codes: Codes) => string) => new Map([...map].map(([id, codes]) => [id, name(codes)]));

/**
 * What the diner's allergen filter rules out in one dish. `onFilter` runs once the filter is known
 * on this device (after the server's page is hydrated) and whenever it changes, to clean the
 * choice the dialog opened with.
 */
export function useAvoidedChoices(product: Product | undefined, onFilter: (clean: AvoidedChoices['clean']) => void): AvoidedChoices {
  const { filter, active, name } = useAvoidance();
  const blocked = useMemo(() => (product ? blockedOptions(filter, product.variants) : new Map<number, Codes>()), [filter, product]);
  const blockedExtraIds = useMemo(() => (product ? blockedExtras(filter, product.extras) : new Map<number, Codes>()), [filter, product]);
  const clean = useMemo(
    () => (options: OptionChoices, extraIds: number[]) => ({
      options: product ? withoutBlocked(product.variants, options, blocked) : options,
      extraIds: extraIds.filter((id) => !blockedExtraIds.has(id)),
    }),
    [product, blocked, blockedExtraIds],
  );
  useEffect(() => {
    if (blocked.size || blockedExtraIds.size) onFilter(clean);
    // `onFilter` is the caller's setter wrapper, new each render; the filter is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [clean]);
  const conflict = product ? productConflict(filter, product) : null;
  return {
    active,
    options: inWords(blocked, (c) => name(c)),
    extras: inWords(blockedExtraIds, (c) => name(c)),
    dish: conflict && hasConflict(conflict) && product ? name(conflict, [...product.allergens, ...product.additives]) : null,
    clean,
  };
}
