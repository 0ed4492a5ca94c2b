import { describe, expect, it } from 'vitest';
import { comboMenuSchema, type ComboMenuAdmin, type ComboProductOption } from '../../src/shared/contract/combo-admin';
import { amountText, documentOf, emptyCombo, formOf, moved, parseAmount, priceExample } from '../../src/client/staff/combos/form';

const menu: ComboMenuAdmin = {
  id: 7,
  name: { de: 'Mittagsmenü', en: 'Lunch menu' },
  description: { de: 'Suppe und Hauptgang' },
  price: 15.8,
  discount: 15,
  active: true,
  sort: 0,
  ordered: false,
  slots: [
    { id: 11, name: { de: 'Suppe' }, candidates: [{ productId: 1, sizeId: 10 }] },
    { id: 12, name: { de: 'Hauptgang' }, candidates: [{ productId: 2, sizeId: 20 }, { productId: 3, sizeId: 30 }] },
  ],
};
const products: ComboProductOption[] = [
  { id: 1, name: 'Tomatensuppe', category: 'Suppen', sizes: [{ id: 10, name: 'Default Size', price: 5.9 }] },
  { id: 2, name: 'Schnitzel', category: 'Hauptgerichte', sizes: [{ id: 20, name: 'Default Size', price: 14.5 }] },
];

describe('combo editor form', () => {
  it('reads amounts as an owner types them and refuses anything else', () => {
    expect(parseAmount('12,90')).toBe(12.9);
    expect(parseAmount(' 12.9 € ')).toBe(12.9);
    expect(parseAmount('7')).toBe(7);
    for (const bad of ['', 'abc', '1,2,3', '-3', '12,999', '1e3']) expect(parseAmount(bad)).toBeNaN();
    expect(amountText(15.8, 'de')).toBe('15,80');
    expect(amountText(15.8, 'en')).toBe('15.80');
  });

  it('round-trips a saved menu into the document the schema accepts, keeping slot ids and order', async () => {
    const doc = documentOf(formOf(menu, 'de'));
    expect(doc.price).toBe(15.8);
    expect(doc.discount).toBe(15);
    expect(doc.slots.map((s) => s.id)).toEqual([11, 12]);
    expect(doc.slots[1]?.candidates).toEqual([{ productId: 2, sizeId: 20 }, { productId: 3, sizeId: 30 }]);
    await expect(comboMenuSchema.validate(doc)).resolves.toBeTruthy();
  });

  it('an empty new menu fails the schema on its name, price and the unchosen dish', async () => {
    const error = await comboMenuSchema.validate(documentOf(emptyCombo()), { abortEarly: false }).catch((e: { inner: { path: string }[] }) => e);
    const paths = (error as { inner: { path: string }[] }).inner.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'price', 'slots[0].name', 'slots[0].candidates[0].productId', 'slots[0].candidates[0].sizeId']));
  });

  it('prices the live example with the storefront pricing: discounted menu price and the dishes bought separately', () => {
    const example = priceExample(formOf(menu, 'de'), products);
    // 15,80 € less 15 % = 13,43 € (half up); the first dish of each course: 5,90 € + 14,50 €.
    expect(example).toEqual({ pays: 1343, listed: 1580, separately: 2040 });
    expect(priceExample({ ...formOf(menu, 'de'), price: 'x' }, products)).toBeNull();
    expect(priceExample({ ...formOf(menu, 'de'), slots: [] }, products)?.separately).toBe(0);
    expect(priceExample(emptyCombo(), products)).toBeNull();
    expect(priceExample({ ...formOf(menu, 'de'), discount: '150' }, products)).toBeNull();
    expect(priceExample({ ...formOf(menu, 'de'), discount: '12.5' }, products)).toBeNull();
  });

  it('moves a slot up and down and stays put at the edges', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });
});
