import type { Menu, Product } from '../../../shared/contract/catalog';
import { foldText } from '../../lib/fold-text';

export interface MenuSearchResult {
  menus: Menu[];
  products: Product[];
}

function words(query: string): string[] {
  return foldText(query).split(/\s+/).filter(Boolean);
}

function productText(p: Product): string {
  return [p.name, p.description, p.category.name, ...p.allergens.map((d) => d.name), ...p.additives.map((d) => d.name)].join(' ');
}

/**
 * Every word typed must appear somewhere in the dish (name, description, category, allergen and
 * additive names), accent- and case-insensitively; dishes whose name matches come first, each
 * group in menu order. Runs on what the device holds, so it works offline.
 */
export function searchMenu(query: string, products: readonly Product[], menus: readonly Menu[]): MenuSearchResult {
  const wanted = words(query);
  if (wanted.length === 0) return { menus: [], products: [] };
  const matchesAll = (text: string) => {
    const folded = foldText(text);
    return wanted.every((w) => folded.includes(w));
  };
  const rank = <T extends { name: string }>(items: readonly T[], text: (item: T) => string): T[] => {
    const hits = items.filter((item) => matchesAll(text(item)));
    return [...hits.filter((item) => matchesAll(item.name)), ...hits.filter((item) => !matchesAll(item.name))];
  };
  const seen = new Set<number>();
  // A dish can be listed twice (a category list and a menu slot): show it once.
  const unique = products.filter((p) => !seen.has(p.id) && seen.add(p.id));
  return {
    menus: rank(menus, (m) => `${m.name} ${m.description}`),
    products: rank(unique, productText),
  };
}
