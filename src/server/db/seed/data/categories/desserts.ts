import type { SeedCategory } from '../../types';
import { single, t } from '../i18n';

export const desserts: SeedCategory = {
  key: 'desserts',
  name: t('Desserts', 'Desserts'),
  description: t(
    'Süße Klassiker aus der eigenen Patisserie – Platz ist immer noch.',
    'Sweet classics from our own pastry kitchen – there is always room.',
  ),
  image: 'categories/desserts.svg',
  tax: 'food',
  products: [
    {
      key: 'apfelstrudel',
      name: t('Apfelstrudel', 'Apple strudel'),
      description: t(
        'Warm serviert mit Vanillesoße und einer Kugel Vanilleeis, mit Rosinen und Mandeln.',
        'Served warm with vanilla sauce and a scoop of vanilla ice cream, with raisins and almonds.',
      ),
      image: 'products/apfelstrudel.svg',
      sizes: single(790),
      additives: ['5'],
      allergens: ['A', 'C', 'G', 'H'],
    },
    {
      key: 'rote-gruetze',
      name: t('Rote Grütze', 'Red berry compote'),
      description: t(
        'Norddeutsche Beerengrütze mit Kirschen und Johannisbeeren, dazu kalte Vanillesoße.',
        'North German berry compote with cherries and redcurrants, served with cold vanilla sauce.',
      ),
      image: 'products/rote-gruetze.svg',
      sizes: single(690),
      allergens: ['G'],
    },
    {
      key: 'franzbroetchen',
      name: t('Warmes Franzbrötchen mit Eis', 'Warm Franzbrötchen with ice cream'),
      description: t(
        'Hamburgs Zimtgebäck, frisch aufgebacken, mit Vanilleeis und Karamellsoße.',
        'Hamburg’s cinnamon pastry, freshly warmed, with vanilla ice cream and caramel sauce.',
      ),
      image: 'products/franzbroetchen.svg',
      sizes: single(750),
      allergens: ['A', 'C', 'G'],
    },
    {
      key: 'kaiserschmarrn',
      name: t('Kaiserschmarrn', 'Kaiserschmarrn'),
      description: t(
        'Fluffig zerrupfter Pfannkuchen mit Puderzucker und hausgemachtem Zwetschgenröster.',
        'Fluffy torn pancake dusted with icing sugar, with homemade plum compote.',
      ),
      image: 'products/kaiserschmarrn.svg',
      sizes: single(950),
      allergens: ['A', 'C', 'G'],
    },
    {
      key: 'eis',
      name: t('Drei Kugeln Eis', 'Three scoops of ice cream'),
      description: t(
        'Vanille, Schokolade und Erdbeere von der Eismanufaktur aus Ottensen, mit Sahne.',
        'Vanilla, chocolate and strawberry from an Ottensen ice cream maker, with whipped cream.',
      ),
      sizes: single(590),
      allergens: ['C', 'G'],
    },
  ],
};
