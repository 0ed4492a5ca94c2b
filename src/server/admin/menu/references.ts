import { inArray } from 'drizzle-orm';
import type { ProductDoc, VariantDoc } from '../../../shared/contract/menu-admin';
import { V } from '../../../shared/contract/validation';
import type { Db } from '../../db/client';
import * as t from '../../db/schema';
import { say } from '../../i18n/messages';
import { FieldErrors } from '../../plugins/errors';

/** Every option's tax reference with its field path, child menus included. */
function optionTaxPaths(variants: VariantDoc[], prefix: string): [string, number][] {
  return variants.flatMap((v, vi) =>
    v.options.flatMap((o, oi): [string, number][] => {
      const path = `${prefix}[${vi}].options[${oi}]`;
      return [...(o.taxId === null ? [] : [[`${path}.taxId`, o.taxId] as [string, number]]), ...optionTaxPaths(o.children, `${path}.children`)];
    }),
  );
}

/** Every declaration reference with its field path: the product's, its extras', its options' (child menus included). */
function declarationPaths(doc: ProductDoc): [string, number][] {
  const options = (variants: VariantDoc[], prefix: string): [string, number][] =>
    variants.flatMap((v, vi) =>
      v.options.flatMap((o, oi): [string, number][] => {
        const path = `${prefix}[${vi}].options[${oi}]`;
        return [...o.declarationIds.map((id, i): [string, number] => [`${path}.declarationIds[${i}]`, id]), ...options(o.children, `${path}.children`)];
      }),
    );
  return [
    ...doc.declarationIds.map((id, i): [string, number] => [`declarationIds[${i}]`, id]),
    ...doc.extras.flatMap((e, ei) => e.declarationIds.map((id, i): [string, number] => [`extras[${ei}].declarationIds[${i}]`, id])),
    ...options(doc.variants, 'variants'),
  ];
}

/**
 * What the schema cannot know: that the category, the VAT classes and the declarations exist.
 * An unknown one is a field error on its path, never a foreign-key 500.
 */
export async function checkReferences(db: Db, doc: ProductDoc, lang: string): Promise<void> {
  const taxPaths: [string, number][] = [
    ['taxId', doc.taxId],
    ...doc.extras.flatMap((e, i): [string, number][] => (e.taxId === null ? [] : [[`extras[${i}].taxId`, e.taxId]])),
    ...optionTaxPaths(doc.variants, 'variants'),
  ];
  const taxIds = [...new Set(taxPaths.map(([, id]) => id))];
  const declarationRefs = declarationPaths(doc);
  const declarationIds = [...new Set(declarationRefs.map(([, id]) => id))];
  const [categories, taxes, declarations] = await Promise.all([
    db.select({ id: t.categories.id, archivedAt: t.categories.archivedAt }).from(t.categories).where(inArray(t.categories.id, [doc.categoryId])),
    db.select({ id: t.taxes.id }).from(t.taxes).where(inArray(t.taxes.id, taxIds)),
    declarationIds.length
      ? db.select({ id: t.declarations.id }).from(t.declarations).where(inArray(t.declarations.id, declarationIds))
      : Promise.resolve([]),
  ]);
  const errors: Record<string, string[]> = {};
  const choice = [say(lang, V.choice)];
  if (!categories[0] || categories[0].archivedAt) errors.categoryId = choice;
  const knownTaxes = new Set(taxes.map((r) => r.id));
  for (const [path, id] of taxPaths) if (!knownTaxes.has(id)) errors[path] = choice;
  const knownDeclarations = new Set(declarations.map((r) => r.id));
  for (const [path, id] of declarationRefs) if (!knownDeclarations.has(id)) errors[path] = choice;
  if (Object.keys(errors).length) throw new FieldErrors(errors);
}
