import { describe, expect, it } from 'vitest';
import { searchMenu } from '../../../src/client/features/menu/menu-search';
import { makeMenu, makeProduct } from '../../factories/catalog';

const declaration = (code: string, name: string) => ({ id: code.charCodeAt(0), code, name, description: '' });

describe('searchMenu', () => {
  const spaetzle = makeProduct({ name: 'Allgäuer Käsespätzle', description: 'Mit Röstzwiebeln' });
  const soup = makeProduct({ name: 'Kartoffelsuppe', description: 'Mit Würstchen', allergens: [declaration('L', 'Sellerie')] });
  const cake = makeProduct({ name: 'Käsekuchen', description: 'Nach Omas Rezept' });
  const pizzaCheese = makeProduct({ name: 'Pizza Quattro Formaggi', description: 'Vier Käsesorten' });

  it('finds a dish typed without accents and in any case', () => {
    expect(searchMenu('ALLGAUER kasespatzle', [soup, spaetzle], []).products).toEqual([spaetzle]);
    expect(searchMenu('Crème', [makeProduct({ name: 'Creme brulee' })], []).products).toHaveLength(1);
  });

  it('needs every word, anywhere in name, description, category or declarations', () => {
    expect(searchMenu('suppe sellerie', [soup, spaetzle], []).products).toEqual([soup]);
    expect(searchMenu('suppe käse', [soup, spaetzle], []).products).toEqual([]);
  });

  it('lists name matches before description matches, each in menu order', () => {
    expect(searchMenu('käse', [pizzaCheese, spaetzle, cake], []).products).toEqual([spaetzle, cake, pizzaCheese]);
  });

  it('finds nothing for an empty or blank query, and lists a dish once', () => {
    expect(searchMenu('   ', [soup], []).products).toEqual([]);
    expect(searchMenu('suppe', [soup, soup], []).products).toEqual([soup]);
  });

  it('searches the combo menus too', () => {
    const combo = makeMenu({ name: 'Burger-Menü', description: 'Mit Pommes' });
    expect(searchMenu('pommes', [], [combo]).menus).toEqual([combo]);
  });
});
