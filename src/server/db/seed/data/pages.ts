import type { SeedPage } from '../types';
import { t } from './i18n';
import { imprintText, privacyText, termsText } from './legal';

export const pages: SeedPage[] = [
  {
    name: t('Über uns', 'About us'),
    text: t(
      `<h2>Willkommen im Lindenhof</h2>
<p>Seit 2009 kochen wir unter den alten Linden in Eimsbüttel ehrliche deutsche Küche mit Zutaten aus Hamburg und dem Umland: Kartoffeln aus den Vierlanden, Äpfel aus dem Alten Land und Fisch vom Hamburger Fischmarkt.</p>
<p>Unser Team um Küchenchefin Friederike Lindemann verbindet Klassiker wie Rinderroulade und Labskaus mit frischer Steinofenpizza und Burgern für die ganze Familie.</p>
<h2>Was uns wichtig ist</h2>
<ul>
<li>Alles frisch und hausgemacht – von der Brühe bis zur Roten Grütze.</li>
<li>Regionale Erzeuger und faire Partnerschaften.</li>
<li>Ein Ort zum Wohlfühlen, ob im Gastraum, im Biergarten oder zu Hause.</li>
</ul>`,
      `<h2>Welcome to the Lindenhof</h2>
<p>Since 2009 we have been cooking honest German food under the old linden trees in Eimsbüttel, with ingredients from Hamburg and the surrounding countryside: potatoes from the Vierlande, apples from the Altes Land and fish from the Hamburg fish market.</p>
<p>Our team around head chef Friederike Lindemann combines classics such as beef roulade and labskaus with fresh stone-baked pizza and burgers for the whole family.</p>
<h2>What matters to us</h2>
<ul>
<li>Everything fresh and homemade – from the stock to the red berry compote.</li>
<li>Regional producers and fair partnerships.</li>
<li>A place to feel at home, whether in the dining room, the beer garden or on your sofa.</li>
</ul>`,
    ),
    isPopup: false,
    onHeader: true,
    onFooter: false,
  },
  {
    name: t('Impressum', 'Imprint'),
    text: imprintText,
    isPopup: false,
    onHeader: false,
    onFooter: true,
  },
  {
    name: t('Datenschutzerklärung', 'Privacy policy'),
    text: privacyText,
    isPopup: false,
    onHeader: false,
    onFooter: true,
    settingKey: 'PRIVACY_POLICY',
  },
  {
    name: t('AGB', 'Terms and conditions'),
    text: termsText,
    isPopup: false,
    onHeader: false,
    onFooter: true,
    settingKey: 'TERMS_AND_CONDITIONS',
  },
  {
    name: t('Neu: Jetzt am Tisch bestellen', 'New: order right from your table'),
    text: t(
      `<h2>Scannen, bestellen, genießen</h2>
<p>Auf jedem Tisch finden Sie jetzt einen QR-Code. Einfach mit dem Handy scannen, Gerichte auswählen und bestellen – wir bringen alles direkt an Ihren Platz.</p>
<h2>Sonntagsbraten</h2>
<p>Jeden Sonntag ab 12 Uhr: Schweinekrustenbraten mit Dunkelbiersoße, Rotkohl und Semmelknödeln. Solange der Vorrat reicht!</p>`,
      `<h2>Scan, order, enjoy</h2>
<p>You will now find a QR code on every table. Just scan it with your phone, choose your dishes and order – we bring everything straight to your seat.</p>
<h2>Sunday roast</h2>
<p>Every Sunday from 12 noon: crackling pork roast with dark beer gravy, red cabbage and bread dumplings. While stocks last!</p>`,
    ),
    isPopup: true,
    onHeader: false,
    onFooter: false,
  },
];
