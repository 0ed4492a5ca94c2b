/**
 * The product editor's working copy: the contract's document with prices as the owner typed
 * them (text), and a local key per row for React. `toDoc` turns it back into the document the
 * schema checks and the server saves; a price that is not a number becomes NaN, which the schema
 * reports on that field.
 */
import type { ExtraDoc, I18nText, OptionDoc, ProductDoc, SizeDoc, VariantDoc, VariantType } from '../../../shared/contract/menu-admin';
import { formatEuros, parseEuros } from './euros';

export interface SizeDraft {
  key: string;
  id?: number;
  name: I18nText;
  price: string;
}

export interface OptionDraft {
  key: string;
  id?: number;
  name: I18nText;
  price: string;
  taxId: number | null;
  children: VariantDraft[];
  declarationIds: number[];
}

export interface VariantDraft {
  key: string;
  id?: number;
  name: I18nText;
  type: VariantType;
  required: boolean;
  options: OptionDraft[];
}

export interface ExtraDraft {
  key: string;
  id?: number;
  name: I18nText;
  taxId: number | null;
  prices: string[];
  declarationIds: number[];
}

export interface ProductDraft {
  categoryId: number;
  name: I18nText;
  description: I18nText;
  taxId: number;
  active: boolean;
  sizes: SizeDraft[];
  variants: VariantDraft[];
  extras: ExtraDraft[];
  declarationIds: number[];
}

let counter = 0;
export const newKey = (): string => `k${++counter}`;

const withId = <T extends object>(id: number | undefined, rest: T): T & { id?: number } => (id === undefined ? rest : { ...rest, id });

export function emptyOption(): OptionDraft {
  return { key: newKey(), name: {}, price: '', taxId: null, children: [], declarationIds: [] };
}

export function emptyVariant(): VariantDraft {
  return { key: newKey(), name: {}, type: 'select', required: false, options: [emptyOption()] };
}

export function emptyProduct(categoryId: number, taxId: number): ProductDraft {
  return {
    categoryId,
    name: {},
    description: {},
    taxId,
    active: true,
    sizes: [{ key: newKey(), name: {}, price: '' }],
    variants: [],
    extras: [],
    declarationIds: [],
  };
}

export function toDraft(doc: ProductDoc, locale: string): ProductDraft {
  const money = (euros: number) => formatEuros(euros, locale);
  const variant = (v: VariantDoc): VariantDraft =>
    withId(v.id, {
      key: newKey(),
      name: v.name,
      type: v.type,
      required: v.required,
      options: v.options.map((o) =>
        withId(o.id, { key: newKey(), name: o.name, price: money(o.price), taxId: o.taxId, children: o.children.map(variant), declarationIds: [...o.declarationIds] }),
      ),
    });
  return {
    categoryId: doc.categoryId,
    name: doc.name,
    description: doc.description,
    taxId: doc.taxId,
    active: doc.active,
    sizes: doc.sizes.map((s) => withId(s.id, { key: newKey(), name: s.name, price: money(s.price) })),
    variants: doc.variants.map(variant),
    extras: doc.extras.map((e) =>
      withId(e.id, { key: newKey(), name: e.name, taxId: e.taxId, prices: e.prices.map(money), declarationIds: [...e.declarationIds] }),
    ),
    declarationIds: [...doc.declarationIds],
  };
}

export function toDoc(draft: ProductDraft): ProductDoc {
  const variant = (v: VariantDraft): VariantDoc =>
    withId(v.id, {
      name: v.name,
      type: v.type,
      required: v.required,
      options: v.options.map(
        (o): OptionDoc =>
          withId(o.id, { name: o.name, price: parseEuros(o.price), taxId: o.taxId, children: o.children.map(variant), declarationIds: o.declarationIds }),
      ),
    });
  return {
    categoryId: draft.categoryId,
    name: draft.name,
    description: draft.description,
    taxId: draft.taxId,
    active: draft.active,
    sizes: draft.sizes.map((s): SizeDoc => withId(s.id, { name: s.name, price: parseEuros(s.price) })),
    variants: draft.variants.map(variant),
    // An extra has one price per size; a size added after the extra starts without one.
    extras: draft.extras.map(
      (e): ExtraDoc =>
        withId(e.id, { name: e.name, taxId: e.taxId, prices: draft.sizes.map((_, i) => parseEuros(e.prices[i] ?? '')), declarationIds: e.declarationIds }),
    ),
    declarationIds: draft.declarationIds,
  };
}

/** Whether two drafts say the same (the row keys do not count). */
export function sameDraft(a: ProductDraft, b: ProductDraft): boolean {
  const strip = (d: ProductDraft) => JSON.stringify(d, (k, v: unknown) => (k === 'key' ? undefined : v));
  return strip(a) === strip(b);
}
