import { describe, expect, it } from 'vitest';
import {
  blockedExtras,
  blockedOptions,
  chosenCodes,
  hasConflict,
  menuConflict,
  productConflict,
  withoutBlocked,
} from '../../src/shared/allergens';
import type { AvoidList } from '../../src/shared/contract/allergen-filter';
import { defaultProductChoice } from '../../src/shared/pricing';
import { parseFilter } from '../../src/client/features/allergen-filter/store';
import type { Declaration } from '../../src/shared/contract/catalog';
import { makeExtra, makeMenu, makeOption, makeProduct, makeSlot, makeVariant } from '../factories/catalog';

const decl = (code: string): Declaration => ({ id: code.charCodeAt(0), code, name: code, description: '' });
const avoid = (allergens: string[], additives: string[] = []): AvoidList => ({ allergens, additives });

/*
 * House salad: the leaves declare nothing.
 * dressing (1, required select): 10 balsamic [O], 11 yoghurt [G], 12 mustard [M]
 * topping (2, checkbox): 20 prawns [B], 21 goat's cheese [G]
 * extras: 30 croutons [A], 31 bacon (additives 2, 3)
 */
const dressing = makeVariant({
  id: 1,
  type: 'select',
  required: true,
  options: [makeOption({ id: 10, allergens: ['O'] }), makeOption({ id: 11, allergens: ['G'] }), makeOption({ id: 12, allergens: ['M'] })],
});
const topping = makeVariant({ id: 2, type: 'checkbox', options: [makeOption({ id: 20, allergens: ['B'] }), makeOption({ id: 21, allergens: ['G'] })] });
const salad = makeProduct({
  variants: [dressing, topping],
  extras: [makeExtra({ id: 30, allergens: ['A'] }), makeExtra({ id: 31, additives: ['2', '3'] })],
});

describe('the strict allergen filter', () => {
  it('finds nothing without a filter, and what a dish declares itself', () => {
    expect(hasConflict(productConflict(avoid([]), makeProduct({ allergens: [decl('G')] })))).toBe(false);
    expect(productConflict(avoid(['G']), makeProduct({ allergens: [decl('A'), decl('G')] }))).toEqual({ allergens: ['G'], additives: [] });
    expect(productConflict(avoid([], ['2']), makeProduct({ additives: [decl('2')] }))).toEqual({ allergens: [], additives: ['2'] });
    // Kinds are apart: an allergen coded '2' is not the additive '2'.
    expect(hasConflict(productConflict(avoid(['2']), makeProduct({ additives: [decl('2')] })))).toBe(false);
  });

  it('keeps a dish whose required choice has one acceptable option, and drops one whose required choices all contain it', () => {
    expect(hasConflict(productConflict(avoid(['O']), salad))).toBe(false);
    expect(hasConflict(productConflict(avoid(['O', 'G']), salad))).toBe(false);
    expect(productConflict(avoid(['O', 'G', 'M']), salad)).toEqual({ allergens: ['G', 'M', 'O'], additives: [] });
    // An optional topping with it never rules the dish out.
    expect(hasConflict(productConflict(avoid(['B']), salad))).toBe(false);
  });

  it('disables the options and extras that contain it, with why', () => {
    expect([...blockedOptions(avoid(['G', 'B']), salad.variants)]).toEqual([
      [11, { allergens: ['G'], additives: [] }],
      [20, { allergens: ['B'], additives: [] }],
      [21, { allergens: ['G'], additives: [] }],
    ]);
    expect([...blockedExtras(avoid(['A'], ['3']), salad.extras).keys()]).toEqual([30, 31]);
    expect(blockedOptions(avoid([]), salad.variants).size).toBe(0);
  });

  it('starts a dish that is safe only without its default option on the first option the diner can have', () => {
    const opened = defaultProductChoice(salad).options;
    expect(opened).toEqual({ 1: [10] });
    expect(withoutBlocked(salad.variants, opened, blockedOptions(avoid(['O']), salad.variants))).toEqual({ 1: [11] });
    expect(withoutBlocked(salad.variants, opened, blockedOptions(avoid(['O', 'G']), salad.variants))).toEqual({ 1: [12] });
    // A chosen topping that contains it is unchosen; the others stay.
    const chosen = { 1: [12], 2: [20, 21] };
    expect(withoutBlocked(salad.variants, chosen, blockedOptions(avoid(['B']), salad.variants))).toEqual({ 1: [12], 2: [21] });
  });

  it('follows nested child menus: an option whose required child menu offers nothing acceptable is itself ruled out', () => {
    const dip = makeVariant({ id: 5, type: 'select', required: true, options: [makeOption({ id: 50, allergens: ['C'] }), makeOption({ id: 51, allergens: ['C', 'M'] })] });
    const bacon = makeVariant({ id: 6, type: 'checkbox', options: [makeOption({ id: 60, additives: ['2'] })] });
    const side = makeVariant({
      id: 4,
      type: 'select',
      required: true,
      options: [makeOption({ id: 40, children: [dip] }), makeOption({ id: 41, children: [bacon] }), makeOption({ id: 42, allergens: ['C'] })],
    });
    const schnitzel = makeProduct({ variants: [side] });
    const blocked = blockedOptions(avoid(['C'], ['2']), schnitzel.variants);
    // Fries (every dip has egg), both dips, the salad and the bacon; the fried potatoes stay.
    expect([...blocked.keys()].sort()).toEqual([40, 42, 50, 51, 60]);
    expect(hasConflict(productConflict(avoid(['C'], ['2']), schnitzel))).toBe(false);
    expect(withoutBlocked(schnitzel.variants, defaultProductChoice(schnitzel).options, blocked)).toEqual({ 4: [41] });
    // Nothing acceptable anywhere: the dish goes, naming what of the avoided its required choice declares.
    expect(productConflict(avoid(['C', 'O']), makeProduct({ variants: [makeVariant({ ...side, options: [side.options[0]!, side.options[2]!] })] }))).toEqual({
      allergens: ['C'],
      additives: [],
    });
  });

  it('keeps a combo menu while every slot has a dish the diner can have', () => {
    const pizza = makeProduct({ allergens: [decl('A'), decl('G')] });
    const soup = makeProduct({ allergens: [decl('G')] });
    const menu = makeMenu({ items: [makeSlot({ products: [pizza, salad] }), makeSlot({ products: [soup] })] });
    expect(hasConflict(menuConflict(avoid(['A']), menu))).toBe(false);
    expect(menuConflict(avoid(['G']), menu)).toEqual({ allergens: ['G'], additives: [] });
  });

  it('names every code a dish holds as chosen, for the kitchen', () => {
    const product = { ...salad, allergens: [decl('C')] };
    expect(chosenCodes(product, { 1: [11], 2: [20] }, [31])).toEqual({ allergens: ['B', 'C', 'G'], additives: ['2', '3'] });
    expect(chosenCodes(product, {}, [])).toEqual({ allergens: ['C'], additives: [] });
  });

  it('reads whatever the device kept as a filter, never failing', () => {
    expect(parseFilter(null)).toMatchObject({ allergens: [], additives: [], mode: 'hide', share: true });
    expect(parseFilter('{bad')).toMatchObject({ allergens: [] });
    expect(parseFilter('[1,2]')).toMatchObject({ allergens: [] });
    expect(parseFilter(JSON.stringify({ allergens: ['G', 'G', 7, '<b>', 'x'.repeat(20)], additives: 'x', mode: 'mark', share: false }))).toEqual({
      allergens: ['G'],
      additives: [],
      mode: 'mark',
      share: false,
    });
    expect(parseFilter('{"__proto__":{"mode":"mark"},"constructor":{"prototype":1}}')).toMatchObject({ mode: 'hide' });
  });
});
