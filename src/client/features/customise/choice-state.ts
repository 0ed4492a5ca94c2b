import type { MenuSlotChoice, OptionChoices } from '../../../shared/contract/cart';
import type { Product, Variant } from '../../../shared/contract/catalog';
import { foldText } from '../../lib/fold-text';

/**
 * Keeps option choices consistent with the variant tree after any change: choices of variants no
 * longer reachable (children of an option just unchosen) are dropped, unknown ids removed, a
 * select holds at most one option, and a required select that became reachable gets its first
 * option (spec §5: the first option of a required variant is chosen).
 */
export function normaliseOptions(variants: Variant[], options: OptionChoices): OptionChoices {
  const out: OptionChoices = {};
  const walk = (list: Variant[]) => {
    for (const v of list) {
      const valid = (options[v.id] ?? []).filter((id) => v.options.some((o) => o.id === id));
      let chosen = v.type === 'select' ? valid.slice(0, 1) : [...new Set(valid)];
      const first = v.options[0];
      if (v.type === 'select' && v.required && chosen.length === 0 && first) chosen = [first.id];
      if (chosen.length) out[v.id] = chosen;
      for (const o of v.options) if (chosen.includes(o.id)) walk(o.children);
    }
  };
  walk(variants);
  return out;
}

export function chooseSelect(variants: Variant[], options: OptionChoices, variantId: number, optionId: number | null): OptionChoices {
  return normaliseOptions(variants, { ...options, [variantId]: optionId === null ? [] : [optionId] });
}

export function toggleCheckbox(
  variants: Variant[],
  options: OptionChoices,
  variantId: number,
  optionId: number,
  checked: boolean,
): OptionChoices {
  const current = options[variantId] ?? [];
  const next = checked ? [...current, optionId] : current.filter((id) => id !== optionId);
  return normaliseOptions(variants, { ...options, [variantId]: next });
}

/** Case-insensitive extras search (spec §2), tolerant of accents typed or not (Käse / kase). */
export function matchesSearch(name: string, query: string): boolean {
  return foldText(name).includes(foldText(query.trim()));
}

/** A combo slot's choice right after its card is tapped: required selects preselected, no extras. */
export function freshSlotChoice(slotId: number, product: Product): MenuSlotChoice {
  return { slotId, productId: product.id, options: normaliseOptions(product.variants, {}), extraIds: [] };
}

/** A variant anywhere in the tree (child menus included), to name it in "Bitte … wählen". */
export function findVariant(variants: Variant[], id: number): Variant | undefined {
  for (const v of variants) {
    if (v.id === id) return v;
    for (const o of v.options) {
      const found = findVariant(o.children, id);
      if (found) return found;
    }
  }
  return undefined;
}
