import type { I18n, SeedCategory, SeedExtra, SeedProduct, SeedVariant } from '../../types';
import { t } from '../i18n';

/** Klein 26 cm / Mittel 30 cm / Familie 40 cm: the base price of the small pizza plus fixed steps. */
function pizzaSizes(small: number): { name: I18n; price: number }[] {
  return [
    { name: t('Klein 26 cm', 'Small 26 cm'), price: small },
    { name: t('Mittel 30 cm', 'Medium 30 cm'), price: small + 250 },
    { name: t('Familie 40 cm', 'Family 40 cm'), price: small + 900 },
  ];
}

/** Every pizza offers the same toppings; one price per size (small, medium, family). */
const pizzaExtras: SeedExtra[] = [
  { name: t('Extra Käse', 'Extra cheese'), prices: [100, 150, 250], allergens: ['G'] },
  { name: t('Büffelmozzarella', 'Buffalo mozzarella'), prices: [200, 300, 450], allergens: ['G'] },
  { name: t('Salami', 'Salami'), prices: [120, 180, 300], additives: ['2', '3'] },
  { name: t('Kochschinken', 'Cooked ham'), prices: [120, 180, 300], additives: ['2', '3'] },
  { name: t('Speck', 'Bacon'), prices: [120, 180, 300] },
  { name: t('Thunfisch', 'Tuna'), prices: [150, 220, 350], allergens: ['D'] },
  { name: t('Champignons', 'Mushrooms'), prices: [80, 120, 200] },
  { name: t('Paprika', 'Bell peppers'), prices: [80, 120, 200] },
  { name: t('Rote Zwiebeln', 'Red onions'), prices: [60, 90, 150] },
  { name: t('Schwarze Oliven', 'Black olives'), prices: [80, 120, 200] },
  { name: t('Jalapeños', 'Jalapeños'), prices: [80, 120, 200] },
  { name: t('Rucola', 'Rocket'), prices: [100, 150, 250] },
  { name: t('Knoblauch', 'Garlic'), prices: [50, 80, 120] },
];

const dough: SeedVariant = {
  name: t('Teig', 'Crust'),
  type: 'select',
  required: true,
  options: [
    { name: t('Klassisch', 'Classic'), price: 0 },
    { name: t('Dinkel-Vollkorn', 'Wholegrain spelt'), price: 100 },
  ],
};

function pizza(p: Omit<SeedProduct, 'sizes' | 'variants' | 'extras'> & { small: number }): SeedProduct {
  const { small, ...rest } = p;
  return { ...rest, sizes: pizzaSizes(small), variants: [dough], extras: pizzaExtras };
}

export const pizzaCategory: SeedCategory = {
  key: 'pizza',
  name: t('Pizza', 'Pizza'),
  description: t(
    'Steinofenpizza aus 48 Stunden gereiftem Teig, in drei Größen und mit Belag nach Wunsch.',
    'Stone-baked pizza from dough rested for 48 hours, in three sizes and with toppings of your choice.',
  ),
  image: 'categories/pizza.svg',
  gallery: [
    'gallery/pizza-1.svg',
    'gallery/pizza-2.svg',
    'gallery/pizza-3.svg',
    'gallery/pizza-4.svg',
    'gallery/pizza-5.svg',
    'gallery/pizza-6.svg',
    'gallery/pizza-7.svg',
    'gallery/pizza-8.svg',
  ],
  tax: 'food',
  products: [
    pizza({
      key: 'pizza-margherita',
      name: t('Pizza Margherita', 'Pizza Margherita'),
      description: t(
        'Der Klassiker: San-Marzano-Tomaten, Fior di Latte und frisches Basilikum.',
        'The classic: San Marzano tomatoes, fior di latte and fresh basil.',
      ),
      image: 'products/pizza-margherita.svg',
      small: 890,
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-salami',
      name: t('Pizza Salami', 'Pizza salami'),
      description: t(
        'Tomatensoße, Mozzarella und würzige Rindersalami, mit Oregano gebacken.',
        'Tomato sauce, mozzarella and spicy beef salami, baked with oregano.',
      ),
      image: 'products/pizza-salami.svg',
      small: 1050,
      additives: ['2', '3'],
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-funghi',
      name: t('Pizza Funghi', 'Pizza funghi'),
      description: t(
        'Tomatensoße, Mozzarella, frische Champignons und Petersilie.',
        'Tomato sauce, mozzarella, fresh mushrooms and parsley.',
      ),
      image: 'products/pizza-funghi.svg',
      small: 990,
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-prosciutto',
      name: t('Pizza Prosciutto e Rucola', 'Pizza prosciutto e rucola'),
      description: t(
        'Nach dem Backen belegt mit luftgetrocknetem Schinken, Rucola und gehobeltem Parmesan.',
        'Topped after baking with air-dried ham, rocket and shaved parmesan.',
      ),
      image: 'products/pizza-prosciutto.svg',
      small: 1290,
      additives: ['2'],
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-quattro-formaggi',
      name: t('Pizza Quattro Formaggi', 'Pizza quattro formaggi'),
      description: t(
        'Mozzarella, Gorgonzola, Bergkäse und Parmesan auf Sahnesoße – für Käseliebhaber.',
        'Mozzarella, gorgonzola, mountain cheese and parmesan on a cream base – for cheese lovers.',
      ),
      image: 'products/pizza-quattro-formaggi.svg',
      small: 1190,
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-diavola',
      name: t('Pizza Diavola', 'Pizza diavola'),
      description: t(
        'Scharfe Spianata-Salami, Jalapeños, rote Zwiebeln und ein Hauch Chiliöl.',
        'Hot spianata salami, jalapeños, red onions and a drizzle of chilli oil.',
      ),
      image: 'products/pizza-diavola.svg',
      small: 1150,
      additives: ['2', '3'],
      allergens: ['A', 'G'],
    }),
    pizza({
      key: 'pizza-vegetaria',
      name: t('Pizza Vegetaria', 'Pizza vegetaria'),
      description: t(
        'Gegrillte Zucchini, Paprika, Aubergine, Kirschtomaten und schwarze Oliven.',
        'Grilled courgette, peppers, aubergine, cherry tomatoes and black olives.',
      ),
      image: 'products/pizza-vegetaria.svg',
      small: 1090,
      additives: ['6'],
      allergens: ['A', 'G'],
    }),
  ],
};
