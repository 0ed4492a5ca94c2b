import type { SeedCategory } from '../../types';
import { single, t } from '../i18n';

export const starters: SeedCategory = {
  key: 'vorspeisen',
  name: t('Vorspeisen', 'Starters'),
  description: t(
    'Kleine Leckereien zum Teilen oder als Auftakt – von Nordseekrabben bis Obazda.',
    'Small bites to share or to begin with – from North Sea shrimps to Obazda.',
  ),
  image: 'categories/vorspeisen.svg',
  tax: 'food',
  products: [
    {
      key: 'krabbenbrot',
      name: t('Nordseekrabben-Brot', 'North Sea shrimp toast'),
      description: t(
        'Handgepulte Nordseekrabben auf geröstetem Bauernbrot mit Rührei, Dill und einem Spritzer Zitrone.',
        'Hand-peeled North Sea shrimps on toasted farmhouse bread with scrambled egg, dill and a squeeze of lemon.',
      ),
      image: 'products/krabbenbrot.svg',
      sizes: single(1490),
      allergens: ['A', 'B', 'C', 'G'],
    },
    {
      key: 'matjes',
      name: t('Matjesfilet „Hausfrauenart“', 'Matjes herring “home style”'),
      description: t(
        'Zarte Matjesfilets in Sahnesoße mit Apfel, Gurke und roten Zwiebeln, dazu Schwarzbrot.',
        'Tender matjes herring fillets in a cream sauce with apple, gherkin and red onion, served with rye bread.',
      ),
      image: 'products/matjes.svg',
      sizes: single(1290),
      allergens: ['A', 'D', 'G', 'M'],
    },
    {
      key: 'obazda',
      name: t('Obazda mit Laugenbrezel', 'Obazda with a pretzel'),
      description: t(
        'Cremiger Camembert-Aufstrich mit Paprika und Schnittlauch, dazu eine warme Laugenbrezel und Radieschen.',
        'Creamy camembert spread with paprika and chives, served with a warm pretzel and radishes.',
      ),
      image: 'products/obazda.svg',
      sizes: single(990),
      allergens: ['A', 'G'],
    },
    {
      key: 'bruschetta',
      name: t('Bruschetta', 'Bruschetta'),
      description: t(
        'Geröstetes Ciabatta mit Tomaten, Knoblauch, Basilikum und kaltgepresstem Olivenöl.',
        'Toasted ciabatta topped with tomatoes, garlic, basil and cold-pressed olive oil.',
      ),
      image: 'products/bruschetta.svg',
      sizes: single(790),
      allergens: ['A'],
    },
    {
      key: 'brotkorb',
      name: t('Brotkorb mit Kräuterbutter', 'Bread basket with herb butter'),
      description: t(
        'Frisches Bauernbrot und Baguette mit hausgemachter Kräuterbutter.',
        'Fresh farmhouse bread and baguette with homemade herb butter.',
      ),
      sizes: single(450),
      allergens: ['A', 'G'],
    },
  ],
};
