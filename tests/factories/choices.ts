import type { OptionChoices } from '../../src/shared/contract/cart';
import type { Variant } from '../../src/shared/contract/catalog';

/**
 * The first option of every required variant, select or checkbox, and of the required variants
 * those options open: the smallest choice the server accepts. (The modals' default,
 * `defaultProductChoice`, leaves required checkboxes to the diner.)
 */
export function requiredOptions(variants: Variant[], into: OptionChoices = {}): OptionChoices {
  for (const v of variants) {
    const first = v.options[0];
    if (!v.required || !first) continue;
    into[v.id] = [first.id];
    requiredOptions(first.children, into);
  }
  return into;
}
