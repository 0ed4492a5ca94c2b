import type { SeedDeclaration } from '../types';
import { t } from './i18n';

/** The 14 EU allergens with the letter codes customary on German menus. */
export const allergens: SeedDeclaration[] = [
  {
    code: 'A',
    name: t('Glutenhaltiges Getreide', 'Cereals containing gluten'),
    description: t(
      'Weizen, Roggen, Gerste, Hafer, Dinkel und daraus hergestellte Erzeugnisse.',
      'Wheat, rye, barley, oats, spelt and products made from them.',
    ),
  },
  {
    code: 'B',
    name: t('Krebstiere', 'Crustaceans'),
    description: t(
      'Garnelen, Krabben, Hummer, Krebse und daraus hergestellte Erzeugnisse.',
      'Prawns, shrimps, lobster, crabs and products made from them.',
    ),
  },
  {
    code: 'C',
    name: t('Eier', 'Eggs'),
    description: t(
      'Eier und Erzeugnisse aus Eiern, zum Beispiel in Panade, Teigwaren oder Mayonnaise.',
      'Eggs and egg products, for example in breadcrumbs, pasta or mayonnaise.',
    ),
  },
  {
    code: 'D',
    name: t('Fisch', 'Fish'),
    description: t(
      'Fisch und daraus hergestellte Erzeugnisse, auch in Soßen und Brühen.',
      'Fish and fish products, including in sauces and stocks.',
    ),
  },
  {
    code: 'E',
    name: t('Erdnüsse', 'Peanuts'),
    description: t(
      'Erdnüsse und daraus hergestellte Erzeugnisse wie Erdnussöl oder Erdnussbutter.',
      'Peanuts and peanut products such as peanut oil or peanut butter.',
    ),
  },
  {
    code: 'F',
    name: t('Soja', 'Soy'),
    description: t(
      'Sojabohnen und daraus hergestellte Erzeugnisse wie Sojasoße oder Tofu.',
      'Soybeans and soy products such as soy sauce or tofu.',
    ),
  },
  {
    code: 'G',
    name: t('Milch/Laktose', 'Milk/lactose'),
    description: t(
      'Milch und Milcherzeugnisse einschließlich Laktose, etwa Butter, Sahne und Käse.',
      'Milk and dairy products including lactose, such as butter, cream and cheese.',
    ),
  },
  {
    code: 'H',
    name: t('Schalenfrüchte', 'Tree nuts'),
    description: t(
      'Mandeln, Haselnüsse, Walnüsse, Cashewnüsse, Pekannüsse, Paranüsse, Pistazien und Macadamianüsse.',
      'Almonds, hazelnuts, walnuts, cashews, pecans, Brazil nuts, pistachios and macadamia nuts.',
    ),
  },
  {
    code: 'L',
    name: t('Sellerie', 'Celery'),
    description: t(
      'Sellerie und daraus hergestellte Erzeugnisse, häufig in Brühen, Suppen und Gewürzmischungen.',
      'Celery and celery products, often found in stocks, soups and spice blends.',
    ),
  },
  {
    code: 'M',
    name: t('Senf', 'Mustard'),
    description: t(
      'Senf und daraus hergestellte Erzeugnisse, auch in Dressings, Marinaden und Soßen.',
      'Mustard and mustard products, also in dressings, marinades and sauces.',
    ),
  },
  {
    code: 'N',
    name: t('Sesam', 'Sesame'),
    description: t(
      'Sesamsamen und daraus hergestellte Erzeugnisse, zum Beispiel auf Burgerbrötchen.',
      'Sesame seeds and sesame products, for example on burger buns.',
    ),
  },
  {
    code: 'O',
    name: t('Sulfite', 'Sulphites'),
    description: t(
      'Schwefeldioxid und Sulfite in einer Konzentration von mehr als 10 mg/kg oder 10 mg/l, etwa in Wein.',
      'Sulphur dioxide and sulphites at more than 10 mg/kg or 10 mg/l, for example in wine.',
    ),
  },
  {
    code: 'P',
    name: t('Lupinen', 'Lupin'),
    description: t(
      'Lupinen und daraus hergestellte Erzeugnisse, etwa Lupinenmehl in Backwaren.',
      'Lupin and lupin products, for example lupin flour in baked goods.',
    ),
  },
  {
    code: 'R',
    name: t('Weichtiere', 'Molluscs'),
    description: t(
      'Muscheln, Schnecken, Tintenfische und daraus hergestellte Erzeugnisse.',
      'Mussels, snails, squid and products made from them.',
    ),
  },
];

/** The additives that German food law requires on menus, numbered as usual. */
export const additives: SeedDeclaration[] = [
  {
    code: '1',
    name: t('mit Farbstoff', 'with colouring'),
    description: t('Enthält einen zugelassenen Lebensmittelfarbstoff.', 'Contains an approved food colouring.'),
  },
  {
    code: '2',
    name: t('mit Konservierungsstoff', 'with preservative'),
    description: t('Enthält einen Konservierungsstoff zur längeren Haltbarkeit.', 'Contains a preservative for a longer shelf life.'),
  },
  {
    code: '3',
    name: t('mit Antioxidationsmittel', 'with antioxidant'),
    description: t('Enthält ein Antioxidationsmittel, das Farbe und Geschmack schützt.', 'Contains an antioxidant that protects colour and flavour.'),
  },
  {
    code: '4',
    name: t('mit Geschmacksverstärker', 'with flavour enhancer'),
    description: t('Enthält einen Geschmacksverstärker wie Glutamat.', 'Contains a flavour enhancer such as glutamate.'),
  },
  {
    code: '5',
    name: t('geschwefelt', 'sulphurised'),
    description: t('Mit Schwefeldioxid oder Sulfiten behandelt, etwa bei Trockenobst.', 'Treated with sulphur dioxide or sulphites, as with dried fruit.'),
  },
  {
    code: '6',
    name: t('geschwärzt', 'blackened'),
    description: t('Mit Eisensalzen geschwärzt, zum Beispiel bei schwarzen Oliven.', 'Blackened with iron salts, for example black olives.'),
  },
  {
    code: '7',
    name: t('gewachst', 'waxed'),
    description: t('Die Oberfläche ist mit einem Überzugsmittel gewachst, etwa bei Zitrusfrüchten.', 'The surface is coated with wax, as with citrus fruit.'),
  },
  {
    code: '8',
    name: t('mit Phosphat', 'with phosphate'),
    description: t('Enthält Phosphat, häufig in Wurst- und Fleischwaren.', 'Contains phosphate, common in sausages and cured meats.'),
  },
  {
    code: '9',
    name: t('mit Süßungsmittel', 'with sweetener'),
    description: t('Enthält ein Süßungsmittel anstelle von oder zusätzlich zu Zucker.', 'Contains a sweetener instead of or in addition to sugar.'),
  },
  {
    code: '10',
    name: t('enthält eine Phenylalaninquelle', 'contains a source of phenylalanine'),
    description: t('Enthält Aspartam, eine Phenylalaninquelle.', 'Contains aspartame, a source of phenylalanine.'),
  },
  {
    code: '11',
    name: t('koffeinhaltig', 'contains caffeine'),
    description: t('Enthält Koffein; für Kinder und Schwangere nicht empfohlen.', 'Contains caffeine; not recommended for children or pregnant women.'),
  },
  {
    code: '12',
    name: t('chininhaltig', 'contains quinine'),
    description: t('Enthält Chinin, das für den typisch bitteren Geschmack sorgt.', 'Contains quinine, which gives the typical bitter taste.'),
  },
];
