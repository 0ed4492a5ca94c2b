import type { I18n, SeedCategory } from '../../types';
import { single, t } from '../i18n';

function bottle(small: number, large: number): { name: I18n; price: number }[] {
  return [
    { name: t('0,33 l', '0.33 l'), price: small },
    { name: t('0,5 l', '0.5 l'), price: large },
  ];
}

export const drinks: SeedCategory = {
  key: 'getraenke',
  name: t('Getränke', 'Drinks'),
  description: t(
    'Erfrischungen, hausgemachte Limonade, Bier vom Fass und ausgewählte Weine.',
    'Soft drinks, homemade lemonade, draught beer and selected wines.',
  ),
  image: 'categories/getraenke.svg',
  tax: 'drinks',
  station: 'bar',
  products: [
    {
      key: 'limonade',
      name: t('Hausgemachte Zitronenlimonade', 'Homemade lemonade'),
      description: t(
        'Frisch gepresste Zitronen, Minze und ein Hauch Holunderblüte.',
        'Freshly squeezed lemons, mint and a hint of elderflower.',
      ),
      image: 'products/limonade.svg',
      sizes: bottle(450, 590),
    },
    {
      key: 'cola',
      name: t('Cola', 'Cola'),
      description: t('Eiskalt serviert mit Zitrone.', 'Served ice-cold with lemon.'),
      sizes: bottle(390, 520),
      additives: ['1', '11'],
    },
    {
      key: 'cola-zero',
      name: t('Cola Zero', 'Cola Zero'),
      description: t('Ohne Zucker, eiskalt serviert.', 'Sugar-free, served ice-cold.'),
      sizes: bottle(390, 520),
      additives: ['1', '9', '10', '11'],
    },
    {
      key: 'orangenlimonade',
      name: t('Orangenlimonade', 'Orange soda'),
      description: t('Spritzige Limonade mit Orangengeschmack.', 'Fizzy orange-flavoured soda.'),
      sizes: bottle(390, 520),
      additives: ['1'],
    },
    {
      key: 'apfelschorle',
      name: t('Apfelschorle', 'Apple spritzer'),
      description: t(
        'Naturtrüber Apfelsaft aus dem Alten Land, mit Mineralwasser gemischt.',
        'Cloudy apple juice from the Altes Land orchards, mixed with sparkling water.',
      ),
      sizes: bottle(390, 490),
    },
    {
      key: 'mineralwasser',
      name: t('Mineralwasser', 'Mineral water'),
      description: t('Still oder mit Kohlensäure.', 'Still or sparkling.'),
      sizes: [
        { name: t('0,25 l', '0.25 l'), price: 320 },
        { name: t('0,75 l', '0.75 l'), price: 690 },
      ],
      variants: [
        {
          name: t('Sorte', 'Type'),
          type: 'select',
          required: true,
          options: [
            { name: t('Mit Kohlensäure', 'Sparkling'), price: 0 },
            { name: t('Still', 'Still'), price: 0 },
          ],
        },
      ],
    },
    {
      key: 'tonic',
      name: t('Tonic Water', 'Tonic water'),
      description: t('Herb und spritzig, 0,2 l.', 'Bitter and fizzy, 0.2 l.'),
      sizes: single(350),
      additives: ['12'],
    },
    {
      key: 'pils',
      name: t('Pils vom Fass', 'Draught pilsner'),
      description: t('Frisch gezapftes Hamburger Pilsener.', 'Freshly tapped Hamburg pilsner.'),
      sizes: [
        { name: t('0,3 l', '0.3 l'), price: 390 },
        { name: t('0,5 l', '0.5 l'), price: 520 },
      ],
      allergens: ['A'],
    },
    {
      key: 'alster',
      name: t('Alsterwasser', 'Alster shandy'),
      description: t('Pils und Zitronenlimonade, halb und halb – der Hamburger Klassiker.', 'Half pilsner, half lemonade – the Hamburg classic.'),
      sizes: [
        { name: t('0,3 l', '0.3 l'), price: 390 },
        { name: t('0,5 l', '0.5 l'), price: 520 },
      ],
      allergens: ['A'],
    },
    {
      key: 'riesling',
      name: t('Riesling, Pfalz', 'Riesling, Palatinate'),
      description: t('Trocken, mit Noten von Pfirsich und Limette, 0,2 l.', 'Dry, with notes of peach and lime, 0.2 l.'),
      sizes: single(690),
      allergens: ['O'],
    },
  ],
};
