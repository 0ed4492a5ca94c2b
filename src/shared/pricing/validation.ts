/**
 * Choice validation, used by the customise modals (add to cart is disabled while there are
 * issues, spec §5) and by the server before it prices anything.
 *
 * Issue ids: `id` is always an id of the kind named by `field` (size id, variant id, extra id,
 * slot id). Issues about a single option also carry `optionId`; issues found inside a menu slot's
 * candidate carry `slotId`.
 *
 * Decisions:
 * - A variant key in `options` is checked only when it holds at least one id: an empty array for a
 *   variant that is not reachable is harmless (a modal may leave one behind after a parent option
 *   was deselected). A non-empty one is 'unavailable' when the variant exists in the product but
 *   sits under an unchosen option, and 'unknown' when the product has no such variant.
 * - A repeated option or extra id is reported once as 'tooMany' (with its id).
 * - A `select` variant (anything but `checkbox`, spec §3) with more than one distinct known
 *   option is 'tooMany'. A required variant needs at least one known option ('required'),
 *   whether select or checkbox.
 * - Extras are checked for a price in the chosen size only when the size is valid (an unknown size
 *   is reported once, not once per extra).
 * - Size: a non-finite size id is 'required', any other id the product doesn't have is 'unknown'.
 * - Menus: a slot without a choice is 'required'; several choices for one slot are 'tooMany' (the
 *   first is checked further); a choice for a slot the menu doesn't have is 'unknown'; a product
 *   that is not a candidate of its slot is 'unknown' on the slot; a candidate without a size is
 *   'unavailable' on the slot.
 */
import type { Extra, Menu, Product, Variant } from '../contract/catalog';
import type { MenuSlotChoice, OptionChoices, ProductChoice } from '../contract/cart';
import { slotCandidate } from './menu';
import { extraPriceForSize } from './product';

export type ChoiceIssueField = 'size' | 'variant' | 'extra' | 'slot';
export type ChoiceIssueReason = 'required' | 'unknown' | 'tooMany' | 'unavailable';

export interface ChoiceIssue {
  field: ChoiceIssueField;
  id: number;
  reason: ChoiceIssueReason;
  /** The offending option, for option-level issues of a variant. */
  optionId?: number;
  /** The menu slot whose candidate the issue belongs to (menus only). */
  slotId?: number;
}

function collectVariantIds(variants: Variant[], into: Set<number>): void {
  for (const v of variants) {
    into.add(v.id);
    for (const o of v.options) collectVariantIds(o.children, into);
  }
}

/** Option checks for a variant tree: reachability, membership, select cardinality, required. */
export function validateOptions(variants: Variant[], options: OptionChoices): ChoiceIssue[] {
  const issues: ChoiceIssue[] = [];
  const reachable = new Set<number>();

  const walk = (level: Variant[]): void => {
    for (const variant of level) {
      reachable.add(variant.id);
      const seen = new Set<number>();
      const reportedDuplicates = new Set<number>();
      const chosen: Variant['options'] = [];
      for (const optionId of options[variant.id] ?? []) {
        if (seen.has(optionId)) {
          if (!reportedDuplicates.has(optionId)) {
            reportedDuplicates.add(optionId);
            issues.push({ field: 'variant', id: variant.id, reason: 'tooMany', optionId });
          }
          continue;
        }
        seen.add(optionId);
        const option = variant.options.find((o) => o.id === optionId);
        if (!option) {
          issues.push({ field: 'variant', id: variant.id, reason: 'unknown', optionId });
          continue;
        }
        chosen.push(option);
      }
      if (variant.type !== 'checkbox' && chosen.length > 1) {
        issues.push({ field: 'variant', id: variant.id, reason: 'tooMany' });
      }
      if (variant.required && chosen.length === 0) {
        issues.push({ field: 'variant', id: variant.id, reason: 'required' });
      }
      for (const option of chosen) walk(option.children);
    }
  };
  walk(variants);

  const existing = new Set<number>();
  collectVariantIds(variants, existing);
  for (const key of Object.keys(options)) {
    const variantId = Number(key);
    if (reachable.has(variantId)) continue;
    if ((options[variantId] ?? []).length === 0) continue;
    issues.push({ field: 'variant', id: variantId, reason: existing.has(variantId) ? 'unavailable' : 'unknown' });
  }
  return issues;
}

/** Extra checks: known, not repeated, priced for the size (skipped when sizeId is null). */
export function validateExtras(extras: Extra[], extraIds: number[], sizeId: number | null): ChoiceIssue[] {
  const issues: ChoiceIssue[] = [];
  const seen = new Set<number>();
  const reportedDuplicates = new Set<number>();
  for (const extraId of extraIds) {
    if (seen.has(extraId)) {
      if (!reportedDuplicates.has(extraId)) {
        reportedDuplicates.add(extraId);
        issues.push({ field: 'extra', id: extraId, reason: 'tooMany' });
      }
      continue;
    }
    seen.add(extraId);
    const extra = extras.find((e) => e.id === extraId);
    if (!extra) issues.push({ field: 'extra', id: extraId, reason: 'unknown' });
    else if (sizeId !== null && extraPriceForSize(extra, sizeId) === null) {
      issues.push({ field: 'extra', id: extraId, reason: 'unavailable' });
    }
  }
  return issues;
}

export function validateProductChoice(product: Product, choice: ProductChoice): ChoiceIssue[] {
  const issues: ChoiceIssue[] = [];
  const size = product.sizes.find((s) => s.id === choice.sizeId);
  if (!size) {
    issues.push({ field: 'size', id: choice.sizeId, reason: Number.isFinite(choice.sizeId) ? 'unknown' : 'required' });
  }
  issues.push(...validateOptions(product.variants, choice.options));
  issues.push(...validateExtras(product.extras, choice.extraIds, size ? size.id : null));
  return issues;
}

export function validateMenuChoice(menu: Menu, items: MenuSlotChoice[]): ChoiceIssue[] {
  const issues: ChoiceIssue[] = [];
  const slotIds = new Set(menu.items.map((s) => s.id));
  const reportedSlots = new Set<number>();
  for (const item of items) {
    if (slotIds.has(item.slotId) || reportedSlots.has(item.slotId)) continue;
    reportedSlots.add(item.slotId);
    issues.push({ field: 'slot', id: item.slotId, reason: 'unknown' });
  }

  for (const slot of menu.items) {
    const choices = items.filter((i) => i.slotId === slot.id);
    const choice = choices[0];
    if (!choice) {
      issues.push({ field: 'slot', id: slot.id, reason: 'required' });
      continue;
    }
    if (choices.length > 1) issues.push({ field: 'slot', id: slot.id, reason: 'tooMany' });
    const candidate = slotCandidate(slot, choice.productId);
    if (!candidate) {
      issues.push({ field: 'slot', id: slot.id, reason: 'unknown' });
      continue;
    }
    const size = candidate.sizes[0];
    if (!size) issues.push({ field: 'slot', id: slot.id, reason: 'unavailable' });
    const inner = [
      ...validateOptions(candidate.variants, choice.options),
      ...validateExtras(candidate.extras, choice.extraIds, size ? size.id : null),
    ];
    for (const issue of inner) issues.push({ ...issue, slotId: slot.id });
  }
  return issues;
}
