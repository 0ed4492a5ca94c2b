/** The menu editor's prices as owners type them, and the draft ↔ document round trip that keeps row ids. */
import { describe, expect, it } from 'vitest';
import { productDocSchema, type ProductDoc } from '../../src/shared/contract/menu-admin';
import { formatEuros, parseEuros } from '../../src/client/staff/menu/euros';
import { emptyProduct, sameDraft, toDoc, toDraft } from '../../src/client/staff/menu/draft';

describe('parseEuros', () => {
  it.each([
    ['9,50', 9.5],
    ['9.50', 9.5],
    ['9', 9],
    [' 12,5 € ', 12.5],
    ['0', 0],
    ['0,05', 0.05],
  ])('reads %j as %d euros', (text, euros) => expect(parseEuros(text)).toBe(euros));

  it.each(['', 'zwölf', '1.000,00', '9,505', '-1', '9,', '1e3', '0x10'])('refuses %j', (text) => expect(parseEuros(text)).toBeNaN());

  it('shows euros the way the staff language writes them', () => {
    expect(formatEuros(9.5, 'de')).toBe('9,50');
    expect(formatEuros(1234.5, 'de')).toBe('1234,50');
    expect(formatEuros(9.5, 'en')).toBe('9.50');
  });
});

describe('product draft', () => {
  const doc: ProductDoc & { id: number } = {
    id: 7,
    categoryId: 2,
    name: { de: 'Pizza' },
    description: {},
    taxId: 1,
    active: true,
    sizes: [
      { id: 11, name: { de: 'Klein' }, price: 8.5 },
      { id: 12, name: { de: 'Groß' }, price: 11 },
    ],
    variants: [
      {
        id: 21,
        name: { de: 'Teig' },
        type: 'select',
        required: true,
        options: [{ id: 31, name: { de: 'Dinkel' }, price: 1.5, taxId: null, declarationIds: [7], children: [{ id: 22, name: { de: 'Füllung' }, type: 'checkbox', required: false, options: [{ id: 32, name: { de: 'Käse' }, price: 0.5, taxId: 2, children: [], declarationIds: [] }] }] }],
      },
    ],
    extras: [{ id: 41, name: { de: 'Oliven' }, taxId: null, prices: [1, 1.5], declarationIds: [4, 12] }],
    declarationIds: [3, 9],
  };

  it('round-trips a document with every id and price', () => {
    expect({ ...toDoc(toDraft(doc, 'de')), id: doc.id }).toEqual(doc);
    expect(productDocSchema.isValidSync(toDoc(toDraft(doc, 'de')))).toBe(true);
  });

  it('turns a price it cannot read into a field error on that path', () => {
    const draft = toDraft(doc, 'de');
    draft.sizes[1]!.price = 'elf';
    let paths: string[] = [];
    try {
      productDocSchema.validateSync(toDoc(draft), { abortEarly: false });
    } catch (error) {
      paths = (error as { inner: { path: string }[] }).inner.map((e) => e.path);
    }
    expect(paths).toEqual(['sizes[1].price']);
  });

  it('gives an extra a price per size, also for a size added after it', () => {
    const draft = toDraft(doc, 'de');
    draft.sizes.push({ key: 'x', name: { de: 'Familie' }, price: '15' });
    expect(toDoc(draft).extras[0]!.prices).toEqual([1, 1.5, Number.NaN]);
  });

  it('keeps what each option (child menus too) and each extra declares, and notices a change to it', () => {
    const draft = toDraft(doc, 'de');
    const spelt = draft.variants[0]!.options[0]!;
    expect(spelt.declarationIds).toEqual([7]);
    expect(draft.extras[0]!.declarationIds).toEqual([4, 12]);
    spelt.children[0]!.options[0]!.declarationIds = [5];
    const saved = toDoc(draft);
    expect(saved.variants[0]!.options[0]!.children[0]!.options[0]!.declarationIds).toEqual([5]);
    expect(saved.extras[0]!.declarationIds).toEqual([4, 12]);
    expect(sameDraft(toDraft(doc, 'de'), draft)).toBe(false);
    // The draft is a copy: editing it leaves the document alone.
    expect(doc.variants[0]!.options[0]!.children[0]!.options[0]!.declarationIds).toEqual([]);
  });

  it('refuses a declaration id that is no id on its own path', () => {
    const draft = toDraft(doc, 'de');
    draft.extras[0]!.declarationIds = [4, 0];
    draft.variants[0]!.options[0]!.children[0]!.options[0]!.declarationIds = [-1];
    let paths: string[] = [];
    try {
      productDocSchema.validateSync(toDoc(draft), { abortEarly: false });
    } catch (error) {
      paths = (error as { inner: { path: string }[] }).inner.map((e) => e.path);
    }
    expect(paths.sort()).toEqual(['extras[0].declarationIds[1]', 'variants[0].options[0].children[0].options[0].declarationIds[0]']);
  });

  it('compares drafts by content, not by row keys', () => {
    expect(sameDraft(toDraft(doc, 'de'), toDraft(doc, 'de'))).toBe(true);
    const changed = toDraft(doc, 'de');
    changed.sizes[0]!.price = '8,60';
    expect(sameDraft(toDraft(doc, 'de'), changed)).toBe(false);
    expect(emptyProduct(2, 1).sizes).toHaveLength(1);
  });
});
