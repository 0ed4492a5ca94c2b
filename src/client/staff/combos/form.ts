/**
 * The combo editor's form values and the document the contract validates. Prices are typed as
 * the owner writes them ("12,90"), so the form keeps text and converts only when saving.
 */
import type { ComboMenuAdmin, ComboMenuInput, ComboProductOption } from '../../../shared/contract/combo-admin';
import { menuBasePrice, toCents, type Cents } from '../../../shared/pricing';
import { intlLocale } from '../../../shared/i18n/locales';

export interface CandidateValues {
  /** '' until a dish is chosen. */
  productId: string;
  sizeId: string;
}

export interface SlotValues {
  /** Null for a slot added in this form; the server keeps the id of one that exists. */
  id: number | null;
  /** Stable React key, also for slots without an id yet. */
  key: string;
  name: Record<string, string>;
  candidates: CandidateValues[];
}

export interface ComboFormValues {
  name: Record<string, string>;
  description: Record<string, string>;
  price: string;
  discount: string;
  active: boolean;
  slots: SlotValues[];
}

let keys = 0;
export const newKey = (): string => `slot-${++keys}`;

export function emptySlot(): SlotValues {
  return { id: null, key: newKey(), name: {}, candidates: [{ productId: '', sizeId: '' }] };
}

export function emptyCombo(): ComboFormValues {
  return { name: {}, description: {}, price: '', discount: '0', active: true, slots: [emptySlot()] };
}

/** "12,90" or "12.90" → 12.9; anything else NaN, which the schema answers with its number message. */
export function parseAmount(text: string): number {
  const clean = text.trim().replace(/\s|€/g, '').replace(',', '.');
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** Euros as the owner reads them in the input (German decimal comma). */
export function amountText(euros: number, locale: string): string {
  return euros.toLocaleString(intlLocale(locale), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false });
}

export function formOf(menu: ComboMenuAdmin, locale: string): ComboFormValues {
  return {
    name: { ...menu.name },
    description: { ...menu.description },
    price: amountText(menu.price, locale),
    discount: String(menu.discount),
    active: menu.active,
    slots: menu.slots.map((s) => ({
      id: s.id,
      key: newKey(),
      name: { ...s.name },
      candidates: s.candidates.map((c) => ({ productId: String(c.productId), sizeId: String(c.sizeId) })),
    })),
  };
}

const idOf = (text: string): number => (text === '' ? Number.NaN : Number(text));

/** The document the contract's schema checks, in the form's order (slot order and candidate order are kept). */
export function documentOf(values: ComboFormValues): ComboMenuInput {
  const discount = values.discount.trim() === '' ? Number.NaN : Number(values.discount.replace(',', '.'));
  return {
    name: values.name,
    description: values.description,
    price: parseAmount(values.price),
    discount,
    active: values.active,
    slots: values.slots.map((s) => ({
      id: s.id,
      name: s.name,
      candidates: s.candidates.map((c) => ({ productId: idOf(c.productId), sizeId: idOf(c.sizeId) })),
    })),
  };
}

export interface PriceExample {
  /** What a diner pays for the menu itself, after the discount. */
  pays: Cents;
  /** The menu price before the discount. */
  listed: Cents;
  /** The first dish of every slot at its size, bought one by one; null while a slot has none. */
  separately: Cents | null;
}

/** The live example beside the price: computed by the storefront's own pricing, never by hand. */
export function priceExample(values: ComboFormValues, products: readonly ComboProductOption[]): PriceExample | null {
  const price = parseAmount(values.price);
  const discount = Number(values.discount.replace(',', '.'));
  // Only what the schema would accept: an example for 150 % off would show a price nobody pays.
  if (!Number.isFinite(price) || !Number.isInteger(discount) || discount < 0 || discount > 100) return null;
  const pays = menuBasePrice({ price, discount });
  let separately: Cents | null = 0;
  for (const slot of values.slots) {
    const first = slot.candidates[0];
    const size = products.find((p) => String(p.id) === first?.productId)?.sizes.find((s) => String(s.id) === first?.sizeId);
    if (!size) {
      separately = null;
      break;
    }
    separately += toCents(size.price);
  }
  return { pays, listed: toCents(price), separately };
}

/** Moves an item of a list one place up (-1) or down (+1); the list is returned unchanged at an edge. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
