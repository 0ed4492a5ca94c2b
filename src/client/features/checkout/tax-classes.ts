import type { Extra, Product, Variant } from '../../../shared/contract/catalog';
import type { CartLine } from '../../../shared/contract/cart';

/** The cached catalog copy of a product, if this device has one. */
export type ProductLookup = (categoryId: number, productId: number) => Product | undefined;

const hasClass = (product: Product): boolean => Number.isInteger((product as Partial<Product>).taxId);

/** Every option's class by id, nested child menus included. */
function optionClasses(variants: Variant[], into = new Map<number, number | null>()): Map<number, number | null> {
  for (const v of variants) {
    for (const o of v.options) {
      into.set(o.id, o.taxId);
      optionClasses(o.children, into);
    }
  }
  return into;
}

function withOptionClasses(variants: Variant[], classes: Map<number, number | null>): Variant[] {
  return variants.map((v) => ({
    ...v,
    options: v.options.map((o) => ({ ...o, taxId: classes.get(o.id) ?? null, children: withOptionClasses(o.children, classes) })),
  }));
}

function withClasses(snapshot: Product, lookup: ProductLookup): Product {
  if (hasClass(snapshot)) return snapshot;
  const fresh = lookup(snapshot.category.id, snapshot.id);
  // Not in the cache either: pricing counts the product under the first tax; the server recomputes anyway.
  if (!fresh) return snapshot;
  const freshExtras = new Map(fresh.extras.map((e): [number, Extra] => [e.id, e]));
  return {
    ...snapshot,
    taxId: fresh.taxId,
    variants: withOptionClasses(snapshot.variants, optionClasses(fresh.variants)),
    extras: snapshot.extras.map((e) => ({ ...e, taxId: freshExtras.get(e.id)?.taxId ?? null })),
  };
}

/**
 * A cart kept on this device from before products had a tax class still shows its VAT by rate:
 * each such product (also inside a menu) takes its class from the catalog this device has cached.
 * Lines that already carry a class come back unchanged.
 */
export function withTaxClasses(lines: CartLine[], lookup: ProductLookup): CartLine[] {
  return lines.map((line) => {
    if (line.type === 'productItem') {
      const product = withClasses(line.product, lookup);
      return product === line.product ? line : { ...line, product };
    }
    let changed = false;
    const items = line.menu.items.map((slot) => ({
      ...slot,
      // The snapshot's own sizes and extra prices stay: a slot serves one size.
      products: slot.products.map((candidate) => {
        const patched = withClasses(candidate, lookup);
        if (patched !== candidate) changed = true;
        return patched;
      }),
    }));
    return changed ? { ...line, menu: { ...line.menu, items } } : line;
  });
}
