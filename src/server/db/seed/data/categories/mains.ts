import type { SeedCategory, SeedVariant } from '../../types';
import { single, t } from '../i18n';
import { dip } from './sides';

/** Side dish choice with nested follow-up questions (spec §3: options with a child menu). */
const schnitzelSide: SeedVariant = {
  name: t('Beilage', 'Side'),
  type: 'select',
  required: true,
  options: [
    {
      name: t('Pommes frites', 'French fries'),
      price: 0,
      children: [dip],
    },
    {
      name: t('Bratkartoffeln', 'Fried potatoes'),
      price: 0,
      children: [
        {
          name: t('Speck dazu?', 'Add bacon?'),
          type: 'checkbox',
          required: false,
          options: [{ name: t('mit Speck', 'with bacon'), price: 120, additives: ['2', '3'] }],
        },
      ],
    },
    { name: t('Kartoffelsalat', 'Potato salad'), price: 0, allergens: ['C', 'M'] },
  ],
};

export const mains: SeedCategory = {
  key: 'hauptgerichte',
  name: t('Hauptgerichte', 'Main courses'),
  description: t(
    'Deutsche Küche mit Herz: vom Schnitzel über die Roulade bis zum Hamburger Pannfisch.',
    'German cooking with heart: from schnitzel and beef roulade to Hamburg pan-fried fish.',
  ),
  image: 'categories/hauptgerichte.svg',
  gallery: [
    'gallery/kueche-1.svg',
    'gallery/kueche-2.svg',
    'gallery/kueche-3.svg',
    'gallery/kueche-4.svg',
    'gallery/kueche-5.svg',
    'gallery/kueche-6.svg',
    'gallery/kueche-7.svg',
    'gallery/kueche-8.svg',
  ],
  tax: 'food',
  products: [
    {
      key: 'schnitzel',
      name: t('Schnitzel Wiener Art', 'Viennese-style schnitzel'),
      description: t(
        'Dünn geklopftes Schweineschnitzel, goldbraun in Butterschmalz gebraten, mit Zitrone und Preiselbeeren.',
        'Thinly pounded pork escalope, fried golden in clarified butter, with lemon and lingonberries.',
      ),
      image: 'products/schnitzel.svg',
      sizes: single(1890),
      variants: [schnitzelSide],
      allergens: ['A', 'C', 'G'],
    },
    {
      key: 'rinderroulade',
      name: t('Rinderroulade', 'Beef roulade'),
      description: t(
        'Geschmort nach Hausfrauenart, gefüllt mit Speck, Gurke und Senf, mit Apfelrotkohl und Kartoffelklößen.',
        'Braised the traditional way, filled with bacon, gherkin and mustard, with apple red cabbage and potato dumplings.',
      ),
      image: 'products/rinderroulade.svg',
      sizes: single(2290),
      additives: ['2', '3'],
      allergens: ['A', 'L', 'M', 'O'],
    },
    {
      key: 'maultaschen',
      name: t('Schwäbische Maultaschen', 'Swabian Maultaschen'),
      description: t(
        'Hausgemachte Teigtaschen mit Fleisch- und Spinatfüllung, wahlweise geschmälzt oder in der Brühe.',
        'Homemade pasta pockets filled with meat and spinach, either pan-fried with onions or served in broth.',
      ),
      image: 'products/maultaschen.svg',
      sizes: single(1590),
      variants: [
        {
          name: t('Zubereitung', 'Preparation'),
          type: 'select',
          required: true,
          options: [
            { name: t('Geschmälzt mit Zwiebeln und Kartoffelsalat', 'Pan-fried with onions and potato salad'), price: 0 },
            { name: t('In kräftiger Rinderbrühe', 'In a rich beef broth'), price: 0 },
          ],
        },
      ],
      allergens: ['A', 'C', 'G', 'L'],
    },
    {
      key: 'labskaus',
      name: t('Hamburger Labskaus', 'Hamburg labskaus'),
      description: t(
        'Das Hamburger Original mit Corned Beef, Rote Bete, Spiegelei, Rollmops und Gewürzgurke.',
        'The Hamburg original with corned beef, beetroot, fried egg, rollmops and gherkin.',
      ),
      image: 'products/labskaus.svg',
      sizes: single(1690),
      additives: ['2', '8'],
      allergens: ['C', 'D', 'M'],
    },
    {
      key: 'pannfisch',
      name: t('Hamburger Pannfisch', 'Hamburg pan-fried fish'),
      description: t(
        'Gebratenes Seelachs- und Lachsfilet mit Senfsoße, Bratkartoffeln und Gurkensalat.',
        'Pan-fried pollock and salmon fillets with mustard sauce, fried potatoes and cucumber salad.',
      ),
      image: 'products/pannfisch.svg',
      sizes: single(2090),
      allergens: ['A', 'D', 'G', 'M'],
    },
    {
      key: 'kaesespaetzle',
      name: t('Allgäuer Käsespätzle', 'Allgäu cheese spätzle'),
      description: t(
        'Handgeschabte Spätzle mit würzigem Bergkäse und Röstzwiebeln, dazu ein kleiner Salat.',
        'Hand-scraped spätzle with spicy mountain cheese and crispy onions, with a small salad.',
      ),
      image: 'products/kaesespaetzle.svg',
      sizes: single(1490),
      allergens: ['A', 'C', 'G'],
    },
    {
      key: 'currywurst',
      name: t('Currywurst mit Pommes', 'Currywurst with fries'),
      description: t(
        'Bratwurst vom Schlachter, hausgemachte Currysoße und knusprige Pommes frites.',
        'Butcher’s bratwurst, homemade curry sauce and crispy fries.',
      ),
      image: 'products/currywurst.svg',
      sizes: single(1190),
      // A drink offered with a dish keeps the drink rate (19 %), the dish its own (7 %).
      extras: [{ name: t('Dazu ein Pils vom Fass (0,3 l)', 'With a draught pilsner (0.3 l)'), prices: [390], tax: 'drinks' }],
      variants: [
        {
          name: t('Schärfe', 'Heat'),
          type: 'select',
          required: true,
          options: [
            { name: t('Mild', 'Mild'), price: 0 },
            { name: t('Scharf', 'Hot'), price: 0 },
            { name: t('Höllisch scharf', 'Fiery'), price: 0 },
          ],
        },
      ],
      additives: ['2', '3', '8'],
      allergens: ['L', 'M'],
    },
    {
      key: 'sonntagsbraten',
      name: t('Sonntagsbraten', 'Sunday roast'),
      description: t(
        'Nur sonntags: Schweinekrustenbraten mit Dunkelbiersoße, Rotkohl und Semmelknödeln.',
        'Sundays only: crackling pork roast with dark beer gravy, red cabbage and bread dumplings.',
      ),
      image: 'products/sonntagsbraten.svg',
      sizes: single(2190),
      allergens: ['A', 'C', 'G', 'L'],
    },
  ],
};
