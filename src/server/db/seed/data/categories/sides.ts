import type { SeedCategory, SeedVariant } from '../../types';
import { single, t } from '../i18n';

/** The dip choice fries come with, on their own and as a Schnitzel side. */
export const dip: SeedVariant = {
  name: t('Dip', 'Dip'),
  type: 'select',
  required: true,
  options: [
    { name: t('Ketchup', 'Ketchup'), price: 0 },
    { name: t('Mayonnaise', 'Mayonnaise'), price: 0 },
    { name: t('Trüffelmayo', 'Truffle mayo'), price: 150 },
  ],
};

export const sides: SeedCategory = {
  key: 'beilagen',
  name: t('Beilagen', 'Sides'),
  description: t(
    'Knusprige und klassische Beilagen – perfekt zum Burger oder einfach so.',
    'Crispy and classic sides – perfect with a burger or on their own.',
  ),
  image: 'categories/beilagen.svg',
  tax: 'food',
  products: [
    {
      key: 'pommes',
      name: t('Pommes frites', 'French fries'),
      description: t(
        'Goldgelb frittiert und mit Meersalz gewürzt, dazu ein Dip nach Wahl.',
        'Fried golden and seasoned with sea salt, with a dip of your choice.',
      ),
      image: 'products/pommes.svg',
      sizes: single(450),
      variants: [
        dip,
      ],
      allergens: ['C'],
    },
    {
      key: 'suesskartoffel-pommes',
      name: t('Süßkartoffel-Pommes', 'Sweet potato fries'),
      description: t(
        'Außen knusprig, innen saftig, mit Limetten-Aioli.',
        'Crispy outside, soft inside, served with lime aioli.',
      ),
      image: 'products/suesskartoffel-pommes.svg',
      sizes: single(590),
      allergens: ['C'],
    },
    {
      key: 'onion-rings',
      name: t('Zwiebelringe', 'Onion rings'),
      description: t(
        'Im Bierteig ausgebacken, mit Sour-Cream-Dip.',
        'Fried in beer batter, with a sour cream dip.',
      ),
      sizes: single(550),
      allergens: ['A', 'G'],
    },
    {
      key: 'kartoffelsalat',
      name: t('Hamburger Kartoffelsalat', 'Hamburg potato salad'),
      description: t(
        'Mit Gurke, Zwiebeln und hausgemachter Mayonnaise – wie bei Oma.',
        'With gherkins, onions and homemade mayonnaise – just like grandma’s.',
      ),
      sizes: single(450),
      allergens: ['C', 'M'],
    },
    {
      key: 'krautsalat',
      name: t('Krautsalat', 'Coleslaw'),
      description: t(
        'Fein gehobelter Weißkohl mit Möhren in leichtem Essig-Dressing.',
        'Finely shredded white cabbage with carrots in a light vinegar dressing.',
      ),
      sizes: single(390),
      allergens: ['M'],
    },
  ],
};
