/** Cart-line fixtures for the pricing tests. */
import type { Menu, Product } from '../../../src/shared/contract/catalog';
import type { MenuCartLine, MenuSlotChoice, ProductCartLine, ProductChoice } from '../../../src/shared/contract/cart';

export function productLine(product: Product, choice: ProductChoice, qty = 1): ProductCartLine {
  return {
    id: `p-${String(product.id)}`,
    type: 'productItem',
    productId: product.id,
    categoryId: product.category.id,
    name: product.name,
    qty,
    choice,
    product,
  };
}

export function menuLine(menu: Menu, items: MenuSlotChoice[], qty = 1): MenuCartLine {
  return { id: `m-${String(menu.id)}`, type: 'menuItem', menuId: menu.id, name: menu.name, qty, items, menu };
}
