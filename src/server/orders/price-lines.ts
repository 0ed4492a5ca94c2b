/**
 * Turns the diner's choices into priced lines from the current catalog. Nothing the client sent
 * about prices is read: the lines are rebuilt from ids and priced by `shared/pricing`, the same
 * functions the cart uses.
 */
import type { Product, Variant } from '../../shared/contract/catalog';
import type { CartLine, OptionChoices } from '../../shared/contract/cart';
import type { CheckoutLine } from '../../shared/contract/checkout';
import { lineUnitPrice, linePrice, slotCandidate, validateMenuChoice, validateProductChoice } from '../../shared/pricing';
import { chosenCodes } from '../../shared/allergens';
import type { StoredOrderLineDetails } from '../db/schema';
import { say } from '../i18n/messages';
import type { PricingView } from '../catalog/snapshot';

export interface PricedLine {
  type: 'productItem' | 'menuItem';
  productId: number | null;
  menuId: number | null;
  sizeId: number | null;
  name: string;
  qty: number;
  unitCents: number;
  priceCents: number;
  choice: CheckoutLine;
  details: StoredOrderLineDetails;
}

export interface PricedLines {
  lines: PricedLine[];
  cartLines: CartLine[];
  errors: Record<string, string[]>;
}

/** Chosen options grouped under their variant's name, nested child menus included (spec §3: options grouped by name). */
export function optionDetails(variants: Variant[], options: OptionChoices): { name: string; values: string[] }[] {
  const out: { name: string; values: string[] }[] = [];
  const walk = (level: Variant[]) => {
    for (const variant of level) {
      const ids = options[variant.id] ?? [];
      const chosen = variant.options.filter((o) => ids.includes(o.id));
      if (chosen.length) out.push({ name: variant.name, values: chosen.map((o) => o.name) });
      for (const option of chosen) walk(option.children);
    }
  };
  walk(variants);
  return out;
}

/** Allergen and additive codes the menu declares for a dish as chosen (its options and extras too), kept with the order for the kitchen. */
function declaredCodes(product: Product, options: OptionChoices, extraIds: number[]): string[] {
  const codes = chosenCodes(product, options, extraIds);
  return [...codes.allergens, ...codes.additives];
}

function extraNames(product: Product, extraIds: number[]): string[] {
  return product.extras.filter((e) => extraIds.includes(e.id)).map((e) => e.name);
}

/**
 * Prices from the catalog snapshot the caller checked against the database's revision. Hidden,
 * archived or in a hidden category: refused like a switched-off product.
 */
export function priceLines(catalog: PricingView, lang: string, items: CheckoutLine[]): PricedLines {
  const productById = catalog.products;
  const menuById = catalog.menus;
  const active = catalog.visible;

  const lines: PricedLine[] = [];
  const cartLines: CartLine[] = [];
  const errors: Record<string, string[]> = {};
  const fail = (index: number, message: string) => {
    errors[`items[${index}]`] = [message];
  };

  items.forEach((item, index) => {
    if (item.type === 'productItem') {
      const product = productById.get(item.productId);
      if (!product) return fail(index, say(lang, 'checkout.unknownItem'));
      if (!active.has(product.id)) return fail(index, say(lang, 'checkout.unavailableItem', { name: product.name }));
      const choice = { sizeId: item.sizeId, options: item.options, extraIds: item.extraIds };
      if (validateProductChoice(product, choice).length) return fail(index, say(lang, 'checkout.invalidChoice', { name: product.name }));
      const cartLine: CartLine = {
        id: String(index),
        type: 'productItem',
        productId: product.id,
        categoryId: product.category.id,
        name: product.name,
        qty: item.qty,
        choice,
        product,
      };
      const size = product.sizes.find((s) => s.id === item.sizeId);
      cartLines.push(cartLine);
      lines.push({
        type: 'productItem',
        productId: product.id,
        menuId: null,
        sizeId: item.sizeId,
        name: product.name,
        qty: item.qty,
        unitCents: lineUnitPrice(cartLine),
        priceCents: linePrice(cartLine),
        choice: item,
        details: {
          size: size?.name || null,
          options: optionDetails(product.variants, item.options),
          extras: extraNames(product, item.extraIds),
          menu: null,
          codes: declaredCodes(product, item.options, item.extraIds),
        },
      });
      return;
    }

    const menu = menuById.get(item.menuId);
    if (!menu) return fail(index, say(lang, 'checkout.unknownItem'));
    if (validateMenuChoice(menu, item.items).length) return fail(index, say(lang, 'checkout.invalidChoice', { name: menu.name }));
    const slots: NonNullable<StoredOrderLineDetails['menu']> = [];
    for (const slot of menu.items) {
      const choice = item.items.find((i) => i.slotId === slot.id);
      const candidate = choice ? slotCandidate(slot, choice.productId) : undefined;
      if (!choice || !candidate) return fail(index, say(lang, 'checkout.invalidChoice', { name: menu.name }));
      if (!active.has(candidate.id)) return fail(index, say(lang, 'checkout.unavailableItem', { name: candidate.name }));
      slots.push({
        slot: slot.name,
        product: candidate.name,
        options: optionDetails(candidate.variants, choice.options),
        extras: extraNames(candidate, choice.extraIds),
        codes: declaredCodes(candidate, choice.options, choice.extraIds),
      });
    }
    const cartLine: CartLine = { id: String(index), type: 'menuItem', menuId: menu.id, name: menu.name, qty: item.qty, items: item.items, menu };
    cartLines.push(cartLine);
    lines.push({
      type: 'menuItem',
      productId: null,
      menuId: menu.id,
      sizeId: null,
      name: menu.name,
      qty: item.qty,
      unitCents: lineUnitPrice(cartLine),
      priceCents: linePrice(cartLine),
      choice: item,
      details: { size: null, options: [], extras: [], menu: slots },
    });
  });

  return { lines, cartLines, errors };
}
