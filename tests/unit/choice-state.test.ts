import { describe, expect, it } from 'vitest';
import {
  chooseSelect,
  findVariant,
  freshSlotChoice,
  matchesSearch,
  normaliseOptions,
  toggleCheckbox,
} from '../../src/client/features/customise/choice-state';
import type { Variant } from '../../src/shared/contract/catalog';
import { makeOption, makeProduct, makeVariant } from '../factories/catalog';

/*
 * sauce (20, required select)
 *   ├─ 200 Tomato → spice (21, required select: 210 mild, 211 hot)
 *   └─ 201 Cream  → herbs (22, checkbox: 220, 221)
 * toppings (10, checkbox: 100, 101, 102)
 * crust (30, optional select: 300, 301)
 */
const spice = makeVariant({
  id: 21,
  type: 'select',
  required: true,
  options: [makeOption({ id: 210, name: 'mild' }), makeOption({ id: 211, name: 'hot' })],
});
const herbs = makeVariant({ id: 22, type: 'checkbox', options: [makeOption({ id: 220 }), makeOption({ id: 221 })] });
const sauce = makeVariant({
  id: 20,
  type: 'select',
  required: true,
  options: [makeOption({ id: 200, children: [spice] }), makeOption({ id: 201, children: [herbs] })],
});
const toppings = makeVariant({
  id: 10,
  type: 'checkbox',
  options: [makeOption({ id: 100 }), makeOption({ id: 101 }), makeOption({ id: 102 })],
});
const crust = makeVariant({ id: 30, type: 'select', options: [makeOption({ id: 300 }), makeOption({ id: 301 })] });
const variants: Variant[] = [sauce, toppings, crust];

describe('normaliseOptions', () => {
  it('gives a required select its first option and preselects a required select nested under it', () => {
    expect(normaliseOptions(variants, {})).toEqual({ 20: [200], 21: [210] });
  });

  it('leaves optional selects and checkboxes empty', () => {
    const out = normaliseOptions(variants, {});
    expect(out[10]).toBeUndefined();
    expect(out[30]).toBeUndefined();
  });

  it('drops the choices of children under an unchosen option', () => {
    expect(normaliseOptions(variants, { 20: [201], 21: [211], 22: [220] })).toEqual({ 20: [201], 22: [220] });
  });

  it('keeps a nested choice under the chosen option', () => {
    expect(normaliseOptions(variants, { 20: [200], 21: [211] })).toEqual({ 20: [200], 21: [211] });
  });

  it('drops option ids the variant does not have and variant ids the product does not have', () => {
    expect(normaliseOptions(variants, { 10: [100, 999], 30: [100], 999: [1] })).toEqual({
      10: [100],
      20: [200],
      21: [210],
    });
  });

  it('replaces an unknown option of a required select with its first option', () => {
    expect(normaliseOptions(variants, { 20: [999] })).toEqual({ 20: [200], 21: [210] });
  });

  it('keeps only the first valid option of a select', () => {
    expect(normaliseOptions(variants, { 20: [201], 30: [301, 300] })).toEqual({ 20: [201], 30: [301] });
    expect(normaliseOptions(variants, { 20: [201], 30: [999, 300, 301] })).toEqual({ 20: [201], 30: [300] });
  });

  it('keeps several checkbox options, without duplicates', () => {
    expect(normaliseOptions(variants, { 20: [201], 10: [102, 100, 102] })).toEqual({ 20: [201], 10: [102, 100] });
  });

  it('omits variants left with no choice', () => {
    expect(normaliseOptions(variants, { 20: [201], 10: [], 22: [] })).toEqual({ 20: [201] });
  });

  it('does not change its input', () => {
    const input = { 20: [201], 21: [211] };
    normaliseOptions(variants, input);
    expect(input).toEqual({ 20: [201], 21: [211] });
  });

  it('returns nothing for a product without variants', () => {
    expect(normaliseOptions([], { 20: [200] })).toEqual({});
  });
});

describe('chooseSelect', () => {
  it('switching the parent option removes the old child choices and preselects the new required ones', () => {
    const start = normaliseOptions(variants, { 21: [211] });
    expect(start).toEqual({ 20: [200], 21: [211] });
    expect(chooseSelect(variants, start, 20, 201)).toEqual({ 20: [201] });
  });

  it('switching back to an option with a required child preselects its first option again', () => {
    const cream = chooseSelect(variants, { 20: [201], 22: [221] }, 20, 201);
    expect(chooseSelect(variants, cream, 20, 200)).toEqual({ 20: [200], 21: [210] });
  });

  it('keeps choices of other variants', () => {
    expect(chooseSelect(variants, { 20: [200], 21: [211], 10: [101] }, 30, 301)).toEqual({
      20: [200],
      21: [211],
      10: [101],
      30: [301],
    });
  });

  it('clearing an optional select removes it', () => {
    expect(chooseSelect(variants, { 20: [201], 30: [300] }, 30, null)).toEqual({ 20: [201] });
  });

  it('clearing a required select falls back to its first option', () => {
    expect(chooseSelect(variants, { 20: [201] }, 20, null)).toEqual({ 20: [200], 21: [210] });
  });

  it('chooses a nested option', () => {
    expect(chooseSelect(variants, { 20: [200], 21: [210] }, 21, 211)).toEqual({ 20: [200], 21: [211] });
  });
});

describe('toggleCheckbox', () => {
  it('adds and removes checkbox options', () => {
    let options = normaliseOptions(variants, {});
    options = toggleCheckbox(variants, options, 10, 100, true);
    expect(options[10]).toEqual([100]);
    options = toggleCheckbox(variants, options, 10, 102, true);
    expect(options[10]).toEqual([100, 102]);
    options = toggleCheckbox(variants, options, 10, 100, false);
    expect(options[10]).toEqual([102]);
    options = toggleCheckbox(variants, options, 10, 102, false);
    expect(options[10]).toBeUndefined();
    expect(options).toEqual({ 20: [200], 21: [210] });
  });

  it('checking an option twice keeps it once', () => {
    const once = toggleCheckbox(variants, { 20: [201] }, 10, 101, true);
    expect(toggleCheckbox(variants, once, 10, 101, true)).toEqual({ 20: [201], 10: [101] });
  });

  it('ignores an option the variant does not have', () => {
    expect(toggleCheckbox(variants, { 20: [201] }, 10, 999, true)).toEqual({ 20: [201] });
  });

  it('toggles a nested checkbox only while its parent option is chosen', () => {
    expect(toggleCheckbox(variants, { 20: [201] }, 22, 221, true)).toEqual({ 20: [201], 22: [221] });
    expect(toggleCheckbox(variants, { 20: [200] }, 22, 221, true)).toEqual({ 20: [200], 21: [210] });
  });
});

describe('matchesSearch', () => {
  it('is case-insensitive', () => {
    expect(matchesSearch('Extra Käse', 'KÄSE')).toBe(true);
    expect(matchesSearch('Salami', 'sAlAm')).toBe(true);
  });

  it('finds accented names from a query typed without the accent', () => {
    expect(matchesSearch('Käse', 'kase')).toBe(true);
    expect(matchesSearch('Crème fraîche', 'creme fraiche')).toBe(true);
  });

  it('finds names typed with an accent the name lacks', () => {
    expect(matchesSearch('Kase', 'käse')).toBe(true);
  });

  it('matches a substring anywhere and trims the query', () => {
    expect(matchesSearch('Extra Käse', '  tra k ')).toBe(true);
    expect(matchesSearch('Extra Käse', '')).toBe(true);
  });

  it('rejects names that do not contain the query', () => {
    expect(matchesSearch('Extra Käse', 'salami')).toBe(false);
    expect(matchesSearch('Käse', 'käsekuchen')).toBe(false);
    expect(matchesSearch('Extra Käse', 'extrakäse')).toBe(false);
  });
});

describe('findVariant', () => {
  it('finds a variant at the top and one inside a child menu, to name what is missing', () => {
    expect(findVariant(variants, 30)).toBe(crust);
    expect(findVariant(variants, 22)).toBe(herbs);
    expect(findVariant(variants, 999)).toBeUndefined();
  });
});

describe('freshSlotChoice', () => {
  it('a tapped combo card starts with its required selects preselected and no extras', () => {
    expect(freshSlotChoice(7, makeProduct({ id: 70, variants }))).toEqual({
      slotId: 7,
      productId: 70,
      options: { 20: [200], 21: [210] },
      extraIds: [],
    });
  });
});
