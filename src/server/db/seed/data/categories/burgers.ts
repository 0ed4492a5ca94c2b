import type { SeedCategory, SeedVariant } from '../../types';
import { single, t } from '../i18n';

const doneness: SeedVariant = {
  name: t('Garstufe', 'Doneness'),
  type: 'select',
  required: true,
  options: [
    { name: t('Medium', 'Medium'), price: 0 },
    { name: t('Durchgebraten', 'Well done'), price: 0 },
  ],
};

const burgerExtras: SeedVariant = {
  name: t('Extras zum Burger', 'Burger extras'),
  type: 'checkbox',
  required: false,
  options: [
    { name: t('Bacon', 'Bacon'), price: 150 },
    { name: t('Spiegelei', 'Fried egg'), price: 120, allergens: ['C'] },
    { name: t('Jalapeños', 'Jalapeños'), price: 80 },
    { name: t('Extra Cheddar', 'Extra cheddar'), price: 100, allergens: ['G'] },
    { name: t('Karamellisierte Zwiebeln', 'Caramelised onions'), price: 90 },
  ],
};

export const burgers: SeedCategory = {
  key: 'burger',
  name: t('Burger', 'Burgers'),
  description: t(
    '180 g Patties vom norddeutschen Weiderind auf Brioche-Brötchen vom Bäcker um die Ecke.',
    '180 g patties from North German grass-fed beef on brioche buns from the bakery around the corner.',
  ),
  image: 'categories/burger.svg',
  tax: 'food',
  products: [
    {
      key: 'classic-burger',
      name: t('Lindenhof Classic', 'Lindenhof classic'),
      description: t(
        'Rindfleisch-Patty, Eisbergsalat, Tomate, Gewürzgurke, rote Zwiebeln und unsere Haussoße.',
        'Beef patty, iceberg lettuce, tomato, pickles, red onion and our house sauce.',
      ),
      image: 'products/classic-burger.svg',
      sizes: single(1390),
      variants: [doneness, burgerExtras],
      allergens: ['A', 'C', 'M', 'N'],
    },
    {
      key: 'cheeseburger',
      name: t('Cheeseburger', 'Cheeseburger'),
      description: t(
        'Rindfleisch-Patty mit doppelt geschmolzenem Cheddar, Gewürzgurken, Senf und Ketchup.',
        'Beef patty with double melted cheddar, pickles, mustard and ketchup.',
      ),
      image: 'products/cheeseburger.svg',
      sizes: single(1490),
      variants: [doneness, burgerExtras],
      allergens: ['A', 'C', 'G', 'M', 'N'],
    },
    {
      key: 'bacon-burger',
      name: t('Bacon-BBQ-Burger', 'Bacon BBQ burger'),
      description: t(
        'Rindfleisch-Patty, knuspriger Bacon, Cheddar, Röstzwiebeln und rauchige BBQ-Soße.',
        'Beef patty, crispy bacon, cheddar, crispy onions and smoky barbecue sauce.',
      ),
      image: 'products/bacon-burger.svg',
      sizes: single(1590),
      variants: [doneness, burgerExtras],
      additives: ['2', '3', '8'],
      allergens: ['A', 'C', 'G', 'M', 'N'],
    },
    {
      key: 'chicken-burger',
      name: t('Crispy Chicken Burger', 'Crispy chicken burger'),
      description: t(
        'Knusprig panierte Hähnchenbrust mit Krautsalat, Gurke und Honig-Senf-Mayo.',
        'Crispy breaded chicken breast with coleslaw, pickles and honey mustard mayo.',
      ),
      image: 'products/chicken-burger.svg',
      sizes: single(1450),
      variants: [burgerExtras],
      allergens: ['A', 'C', 'M', 'N'],
    },
    {
      key: 'veggie-burger',
      name: t('Halloumi-Burger', 'Halloumi burger'),
      description: t(
        'Gegrillter Halloumi, geröstete Paprika, Rucola und Kräuter-Joghurt – vegetarisch.',
        'Grilled halloumi, roasted peppers, rocket and herb yoghurt – vegetarian.',
      ),
      image: 'products/veggie-burger.svg',
      sizes: single(1390),
      variants: [burgerExtras],
      allergens: ['A', 'G', 'N'],
    },
  ],
};
