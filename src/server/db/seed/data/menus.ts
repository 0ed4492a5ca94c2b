import type { SeedMenu } from '../types';
import { t } from './i18n';

const softDrinks = ['cola', 'cola-zero', 'orangenlimonade', 'apfelschorle', 'limonade'];

export const menus: SeedMenu[] = [
  {
    key: 'burger-menue',
    name: t('Burger-Menü', 'Burger meal'),
    description: t(
      'Ein Burger Ihrer Wahl mit knuspriger Beilage und einem kalten Softdrink (0,33 l).',
      'A burger of your choice with a crispy side and a cold soft drink (0.33 l).',
    ),
    image: 'menus/burger-menue.svg',
    price: 2190,
    discount: 10,
    slots: [
      {
        name: t('Burger', 'Burger'),
        candidates: [
          { product: 'classic-burger' },
          { product: 'cheeseburger' },
          { product: 'bacon-burger' },
          { product: 'chicken-burger' },
          { product: 'veggie-burger' },
        ],
      },
      {
        name: t('Beilage', 'Side'),
        candidates: [{ product: 'pommes' }, { product: 'suesskartoffel-pommes' }, { product: 'onion-rings' }],
      },
      {
        name: t('Getränk', 'Drink'),
        candidates: softDrinks.map((product) => ({ product, sizeIndex: 0 })),
      },
    ],
  },
  {
    key: 'mittagsmenue',
    name: t('Mittagsmenü', 'Lunch menu'),
    description: t(
      'Dienstag bis Samstag mittags: Suppe, Hauptgericht und Dessert zum Vorteilspreis.',
      'Tuesday to Saturday at lunchtime: soup, main course and dessert at a special price.',
    ),
    image: 'menus/mittagsmenue.svg',
    price: 2690,
    discount: 15,
    slots: [
      {
        name: t('Suppe', 'Soup'),
        candidates: [{ product: 'tomatensuppe' }, { product: 'kartoffelsuppe' }, { product: 'gulaschsuppe' }],
      },
      {
        name: t('Hauptgericht', 'Main course'),
        candidates: [
          { product: 'schnitzel' },
          { product: 'maultaschen' },
          { product: 'kaesespaetzle' },
          { product: 'currywurst' },
        ],
      },
      {
        name: t('Dessert', 'Dessert'),
        candidates: [{ product: 'rote-gruetze' }, { product: 'apfelstrudel' }, { product: 'eis' }],
      },
    ],
  },
  {
    key: 'pizza-abend',
    name: t('Familien-Pizzaabend', 'Family pizza night'),
    description: t(
      'Zwei Familienpizzen (40 cm) nach Wahl, ein Salat des Hauses und zwei große Getränke (0,5 l).',
      'Two family pizzas (40 cm) of your choice, a house salad and two large drinks (0.5 l).',
    ),
    image: 'menus/pizza-abend.svg',
    price: 5490,
    discount: 10,
    slots: [
      {
        name: t('Erste Pizza', 'First pizza'),
        candidates: [
          { product: 'pizza-margherita', sizeIndex: 2 },
          { product: 'pizza-salami', sizeIndex: 2 },
          { product: 'pizza-funghi', sizeIndex: 2 },
          { product: 'pizza-vegetaria', sizeIndex: 2 },
        ],
      },
      {
        name: t('Zweite Pizza', 'Second pizza'),
        candidates: [
          { product: 'pizza-margherita', sizeIndex: 2 },
          { product: 'pizza-salami', sizeIndex: 2 },
          { product: 'pizza-diavola', sizeIndex: 2 },
          { product: 'pizza-quattro-formaggi', sizeIndex: 2 },
          { product: 'pizza-prosciutto', sizeIndex: 2 },
        ],
      },
      {
        name: t('Salat', 'Salad'),
        candidates: [{ product: 'salat-des-hauses' }],
      },
      {
        name: t('Erstes Getränk', 'First drink'),
        candidates: softDrinks.map((product) => ({ product, sizeIndex: 1 })),
      },
      {
        name: t('Zweites Getränk', 'Second drink'),
        candidates: softDrinks.map((product) => ({ product, sizeIndex: 1 })),
      },
    ],
  },
];
