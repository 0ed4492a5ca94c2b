import type { SeedCategory } from '../../types';
import { single, t } from '../i18n';

export const soupsSalads: SeedCategory = {
  key: 'suppen-salate',
  name: t('Suppen & Salate', 'Soups & salads'),
  description: t(
    'Hausgemachte Suppen nach Omas Rezept und knackige Salate mit Dressings aus eigener Herstellung.',
    'Homemade soups from grandma’s recipes and crisp salads with our own dressings.',
  ),
  image: 'categories/suppen-salate.svg',
  tax: 'food',
  products: [
    {
      key: 'kartoffelsuppe',
      name: t('Kartoffelsuppe mit Würstchen', 'Potato soup with sausage'),
      description: t(
        'Sämige Kartoffelsuppe mit Lauch, Möhren und Majoran, dazu Wiener Würstchen und Croûtons.',
        'Velvety potato soup with leek, carrots and marjoram, with Vienna sausage and croutons.',
      ),
      image: 'products/kartoffelsuppe.svg',
      sizes: single(790),
      additives: ['2', '3', '8'],
      allergens: ['A', 'G', 'L'],
    },
    {
      key: 'gulaschsuppe',
      name: t('Ungarische Gulaschsuppe', 'Hungarian goulash soup'),
      description: t(
        'Kräftige Suppe mit Rindfleisch, Paprika und Kartoffeln, mit einem Klecks Schmand und Brot.',
        'Hearty soup with beef, peppers and potatoes, topped with sour cream and served with bread.',
      ),
      image: 'products/gulaschsuppe.svg',
      sizes: single(890),
      allergens: ['A', 'G', 'L'],
    },
    {
      key: 'tomatensuppe',
      name: t('Tomatencremesuppe', 'Cream of tomato soup'),
      description: t(
        'Aus sonnengereiften Tomaten, verfeinert mit Sahne, Basilikumöl und gerösteten Kernen.',
        'Made with sun-ripened tomatoes, finished with cream, basil oil and toasted seeds.',
      ),
      image: 'products/tomatensuppe.svg',
      sizes: single(690),
      allergens: ['G', 'L'],
    },
    {
      key: 'salat-des-hauses',
      name: t('Salat des Hauses', 'House salad'),
      description: t(
        'Bunte Blattsalate mit Gurke, Kirschtomaten, Radieschen und gerösteten Kernen – mit dem Dressing Ihrer Wahl.',
        'Mixed leaves with cucumber, cherry tomatoes, radishes and toasted seeds – with the dressing of your choice.',
      ),
      image: 'products/salat-des-hauses.svg',
      sizes: single(890),
      variants: [
        {
          name: t('Dressing', 'Dressing'),
          type: 'select',
          required: true,
          options: [
            { name: t('Balsamico-Vinaigrette', 'Balsamic vinaigrette'), price: 0, allergens: ['O'] },
            { name: t('Joghurt-Kräuter', 'Herb yoghurt'), price: 0, allergens: ['G'] },
            { name: t('Honig-Senf', 'Honey mustard'), price: 0, allergens: ['M'] },
          ],
        },
      ],
      // The leaves and seeds declare nothing; each dressing declares its own.
    },
    {
      key: 'caesar-salad',
      name: t('Caesar Salad', 'Caesar salad'),
      description: t(
        'Römersalat mit Parmesan, Knoblauch-Croûtons und cremigem Caesar-Dressing, auf Wunsch mit Topping.',
        'Romaine lettuce with parmesan, garlic croutons and creamy Caesar dressing, with an optional topping.',
      ),
      image: 'products/caesar-salad.svg',
      sizes: single(1190),
      variants: [
        {
          name: t('Topping', 'Topping'),
          type: 'checkbox',
          required: false,
          options: [
            { name: t('Gegrillte Hähnchenbrust', 'Grilled chicken breast'), price: 390 },
            { name: t('Gebratene Riesengarnelen', 'Pan-fried king prawns'), price: 490, allergens: ['B'] },
            { name: t('Ziegenkäse-Taler', 'Goat’s cheese rounds'), price: 350, allergens: ['G'] },
          ],
        },
      ],
      allergens: ['A', 'C', 'D', 'G', 'M'],
    },
  ],
};
