import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import * as t from '../schema';
import type { I18nText, StoredMedia } from '../schema';
import { translationsOf } from './data/locales';
import type { I18n, MediaFile, SeedOption, SeedRestaurant, SeedTaxClass, SeedVariant } from './types';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** SVG art scales to every rendition, so each variant points at the one file; CSS crops it. */
function mediaOf(file: MediaFile | undefined, alt: I18n | string): StoredMedia | null {
  if (!file) return null;
  const url = `/media/${file}`;
  return {
    url,
    alt: typeof alt === 'string' ? { de: alt, en: alt } : text(alt),
    variants: { circle: url, wide: url, square: url },
  };
}

/** German and English from the data, every other language from `data/locales`. */
const text = (value: I18n): I18nText => ({ ...translationsOf(value.en), ...value });

/**
 * Inserts the demo restaurant when the database holds no settings yet. Runs in one transaction
 * under an advisory lock, so two servers starting together on one PostgreSQL seed it once.
 * Returns whether it seeded.
 */
export async function seedIfEmpty(db: Db, restaurant: SeedRestaurant): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(724242)`);
    const [row] = await tx.select({ n: count() }).from(t.settings);
    if ((row?.n ?? 0) > 0) return false;
    await insertRestaurant(tx, restaurant);
    return true;
  });
}

async function insertRestaurant(tx: Tx, r: SeedRestaurant): Promise<void> {
  await tx.insert(t.languages).values(r.languages.map((l, i) => ({ ...l, sort: i })));

  const translationRows = Object.entries(r.translations).flatMap(([lang, entries]) =>
    Object.entries(entries).map(([key, value]) => ({ lang, key, value })),
  );
  if (translationRows.length) await tx.insert(t.translations).values(translationRows);

  const declarationIds = new Map<string, number>();
  for (const [kind, list] of [
    ['allergen', r.allergens],
    ['additive', r.additives],
  ] as const) {
    const rows = await tx
      .insert(t.declarations)
      .values(list.map((d) => ({ kind, code: d.code, name: text(d.name), description: text(d.description) })))
      .returning({ id: t.declarations.id, code: t.declarations.code });
    for (const row of rows) declarationIds.set(`${kind}:${row.code}`, row.id);
  }
  const declaredIds = (item: { allergens?: string[]; additives?: string[] }): number[] =>
    [...(item.allergens ?? []).map((code) => declarationIds.get(`allergen:${code}`)), ...(item.additives ?? []).map((code) => declarationIds.get(`additive:${code}`))].filter(
      (id): id is number => id !== undefined,
    );

  // Taxes first: every product, option and extra points at its class.
  const taxIds = new Map<SeedTaxClass, number>();
  for (const x of r.taxes) {
    const [row] = await tx
      .insert(t.taxes)
      .values({ name: text(x.name), basisPoints: Math.round(x.amount * 100), inclusive: x.inclusive })
      .returning({ id: t.taxes.id });
    if (!row) throw new Error('tax insert returned nothing');
    taxIds.set(x.key, row.id);
  }
  const taxOf = (key: SeedTaxClass): number => {
    const id = taxIds.get(key);
    if (id === undefined) throw new Error(`no tax for class ${key}`);
    return id;
  };
  /** An option's or extra's own class, stored only when it differs from the product's. */
  const ownTax = (key: SeedTaxClass | undefined, productTax: SeedTaxClass): number | null =>
    key === undefined || key === productTax ? null : taxOf(key);

  const productIds = new Map<string, { id: number; sizeIds: number[] }>();
  for (const [ci, category] of r.categories.entries()) {
    const [cat] = await tx
      .insert(t.categories)
      .values({
        name: text(category.name),
        description: text(category.description),
        poster: mediaOf(category.image, category.name),
        gallery: (category.gallery ?? []).flatMap((file) => mediaOf(file, category.name) ?? []),
        sort: ci,
        station: category.station ?? 'kitchen',
      })
      .returning({ id: t.categories.id });
    if (!cat) throw new Error('category insert returned nothing');

    for (const [pi, product] of category.products.entries()) {
      const [prod] = await tx
        .insert(t.products)
        .values({
          categoryId: cat.id,
          name: text(product.name),
          description: text(product.description),
          poster: mediaOf(product.image, product.name),
          taxId: taxOf(category.tax),
          sort: pi,
        })
        .returning({ id: t.products.id });
      if (!prod) throw new Error('product insert returned nothing');

      const sizeRows = await tx
        .insert(t.sizes)
        .values(product.sizes.map((s, si) => ({ productId: prod.id, name: s.name ? text(s.name) : null, priceCents: s.price, sort: si })))
        .returning({ id: t.sizes.id });
      const sizeIds = sizeRows.map((s) => s.id);
      productIds.set(product.key, { id: prod.id, sizeIds });

      await insertVariants(tx, prod.id, null, product.variants ?? [], (key) => ownTax(key, category.tax), declaredIds);

      for (const [ei, extra] of (product.extras ?? []).entries()) {
        const [ex] = await tx
          .insert(t.extras)
          .values({ productId: prod.id, name: text(extra.name), taxId: ownTax(extra.tax, category.tax), sort: ei })
          .returning({ id: t.extras.id });
        if (!ex) throw new Error('extra insert returned nothing');
        const prices = extra.prices.flatMap((price, si) => {
          const sizeId = sizeIds[si];
          return sizeId === undefined ? [] : [{ extraId: ex.id, sizeId, priceCents: price }];
        });
        if (prices.length) await tx.insert(t.extraPrices).values(prices);
        const extraLinks = declaredIds(extra).map((declarationId) => ({ extraId: ex.id, declarationId }));
        if (extraLinks.length) await tx.insert(t.extraDeclarations).values(extraLinks);
      }

      const links = declaredIds(product).map((declarationId) => ({ productId: prod.id, declarationId }));
      if (links.length) await tx.insert(t.productDeclarations).values(links);
    }
  }

  for (const [mi, menu] of r.menus.entries()) {
    const [m] = await tx
      .insert(t.menus)
      .values({
        name: text(menu.name),
        description: text(menu.description),
        priceCents: menu.price,
        discount: menu.discount,
        poster: mediaOf(menu.image, menu.name),
        sort: mi,
      })
      .returning({ id: t.menus.id });
    if (!m) throw new Error('menu insert returned nothing');
    for (const [si, slot] of menu.slots.entries()) {
      const [s] = await tx
        .insert(t.menuSlots)
        .values({ menuId: m.id, name: text(slot.name), sort: si })
        .returning({ id: t.menuSlots.id });
      if (!s) throw new Error('slot insert returned nothing');
      const candidates = slot.candidates.map((c, ci) => {
        const product = productIds.get(c.product);
        const sizeId = product?.sizeIds[c.sizeIndex ?? 0];
        if (!product || sizeId === undefined) throw new Error(`menu ${menu.key}: unknown candidate ${c.product}`);
        return { slotId: s.id, productId: product.id, sizeId, sort: ci };
      });
      await tx.insert(t.menuSlotProducts).values(candidates);
    }
  }

  const pageIds = new Map<string, number>();
  for (const [i, page] of r.pages.entries()) {
    const [p] = await tx
      .insert(t.pages)
      .values({
        name: text(page.name),
        text: text(page.text),
        isPopup: page.isPopup,
        onHeader: page.onHeader,
        onFooter: page.onFooter,
        sort: i,
      })
      .returning({ id: t.pages.id });
    if (p && page.settingKey) pageIds.set(page.settingKey, p.id);
  }

  await tx.insert(t.settings).values(
    r.settings.map((s) => ({
      key: s.key,
      value: pageIds.get(s.key) ?? s.value ?? null,
      poster: mediaOf(s.poster, s.key),
      icon: mediaOf(s.icon, s.key),
      splash: mediaOf(s.splash, s.key),
      background: mediaOf(s.background, s.key),
    })),
  );

  if (r.workingHours.length) await tx.insert(t.workingHours).values(r.workingHours);
  if (r.areas.length) {
    await tx.insert(t.areas).values(
      r.areas.map((a) => ({
        name: a.name,
        zipcode: a.zipcode,
        minimumOrderCents: a.minimumOrder,
        deliveryPriceCents: a.deliveryPrice,
        freeDeliveryThresholdCents: a.freeDeliveryThreshold,
        polygon: a.polygon ?? null,
        postcodes: a.postcodes ?? [],
      })),
    );
  }
  if (r.tables.length) await tx.insert(t.diningTables).values(r.tables);
}

async function insertVariants(
  tx: Tx,
  productId: number,
  parentOptionId: number | null,
  list: SeedVariant[],
  taxOf: (key: SeedTaxClass | undefined) => number | null,
  declaredIds: (item: SeedOption) => number[],
): Promise<void> {
  for (const [vi, variant] of list.entries()) {
    const [v] = await tx
      .insert(t.variants)
      .values({
        productId,
        parentOptionId,
        name: text(variant.name),
        type: variant.type,
        required: variant.required,
        sort: vi,
      })
      .returning({ id: t.variants.id });
    if (!v) throw new Error('variant insert returned nothing');
    for (const [oi, option] of variant.options.entries()) {
      const [o] = await tx
        .insert(t.options)
        .values({ variantId: v.id, name: text(option.name), priceCents: option.price, taxId: taxOf(option.tax), sort: oi })
        .returning({ id: t.options.id });
      if (!o) throw new Error('option insert returned nothing');
      const links = declaredIds(option).map((declarationId) => ({ optionId: o.id, declarationId }));
      if (links.length) await tx.insert(t.optionDeclarations).values(links);
      if (option.children?.length) await insertVariants(tx, productId, o.id, option.children, taxOf, declaredIds);
    }
  }
}
