import type { ProductChoice } from '../../../shared/contract/cart';
import type { Product } from '../../../shared/contract/catalog';
import { defaultProductChoice, validateProductChoice } from '../../../shared/pricing';

/**
 * The choice a one-tap "+" adds, or null when the diner has something to decide first: more than
 * one size, or a required variant (its preselected first option is still a choice to see).
 */
export function quickAddChoice(product: Product): ProductChoice | null {
  if (product.sizes.length !== 1 || product.variants.some((v) => v.required)) return null;
  const choice = defaultProductChoice(product);
  return validateProductChoice(product, choice).length === 0 ? choice : null;
}
