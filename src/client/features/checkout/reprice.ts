/**
 * After the server said the prices changed (decision 022): the cart's lines carry the catalog
 * snapshot they were priced from, so each one takes its dish's or menu's current snapshot, read
 * past the worker's stored copy. A line whose choice no longer fits keeps its old snapshot: the
 * server then names it, rather than the cart silently dropping what the diner chose.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Menu, Product } from '../../../shared/contract/catalog';
import { validateMenuChoice, validateProductChoice } from '../../../shared/pricing';
import { getFresh } from '../../lib/api';
import { cart } from '../cart';
import { catalogQueries } from '../catalog';

/** When this device last sent an order with the terms accepted (the form remounts while the outbox sends). */
let termsAcceptedAt = 0;

export function rememberTermsAccepted(at: number): void {
  termsAcceptedAt = at;
}

/**
 * Whether the refusal was the price alone, for the order whose terms the diner had just accepted:
 * then those stand, and the next press of the button (which names the new amount) orders.
 */
export function termsStandAfter(rejection: { fields: Record<string, readonly string[]>; at: number }, field: string): boolean {
  const fields = Object.keys(rejection.fields);
  return termsAcceptedAt > 0 && rejection.at >= termsAcceptedAt && fields.length === 1 && fields[0] === field;
}

const CATALOG_KEYS = ['categories', 'category-products', 'product', 'menus', 'menu', 'taxes', 'areas'];

export async function repriceCart(queryClient: QueryClient, lang: string): Promise<void> {
  const lines = [...cart.lines];
  const fresh = await Promise.all(
    lines.map(async (line) => {
      try {
        return line.type === 'productItem'
          ? await getFresh<Product>(`/products/categories/${line.categoryId}/products/${line.productId}`)
          : await getFresh<Menu>(`/products/menus/${line.menuId}`);
      } catch {
        // Gone from the catalog, or offline: the line stays as it is.
        return null;
      }
    }),
  );
  lines.forEach((line, i) => {
    const now = fresh[i];
    const target = cart.lines.find((l) => l.id === line.id);
    if (!now || !target) return;
    if (target.type === 'productItem') {
      const product = now as Product;
      if (validateProductChoice(product, target.choice).length === 0) target.product = product;
      queryClient.setQueryData(catalogQueries.product(lang, target.categoryId, target.productId).queryKey, product);
    } else {
      const menu = now as Menu;
      if (validateMenuChoice(menu, target.items).length === 0) target.menu = menu;
      queryClient.setQueryData(catalogQueries.menu(lang, target.menuId).queryKey, menu);
    }
  });
  // The menu pages and the rest of the catalog follow at their next look.
  await queryClient.invalidateQueries({ predicate: (q) => CATALOG_KEYS.includes(String(q.queryKey[0])) });
}
