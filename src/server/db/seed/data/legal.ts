import type { I18n } from '../types';
import { t } from './i18n';

/** Fictional legal texts; trusted HTML written by the operator. */

export const imprintText: I18n = t(
  `<h2>Angaben gemäß § 5 DDG</h2>
<p>Gasthaus Lindenhof GmbH<br>Lindenallee 12<br>20259 Hamburg</p>
<p>Vertreten durch die Geschäftsführerin Friederike Lindemann</p>
<h2>Kontakt</h2>
<p>Telefon: +49 40 1234567<br>E-Mail: hallo@lindenhof.example</p>
<h2>Registereintrag</h2>
<p>Eintragung im Handelsregister.<br>Registergericht: Amtsgericht Hamburg<br>Registernummer: HRB 123456</p>
<h2>Umsatzsteuer-ID</h2>
<p>Umsatzsteuer-Identifikationsnummer gemäß § 27 a Umsatzsteuergesetz: DE123456789</p>
<h2>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV</h2>
<p>Friederike Lindemann, Lindenallee 12, 20259 Hamburg</p>
<h2>Verbraucherstreitbeilegung</h2>
<p>Wir sind nicht bereit oder verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>`,
  `<h2>Information according to § 5 DDG (German Digital Services Act)</h2>
<p>Gasthaus Lindenhof GmbH<br>Lindenallee 12<br>20259 Hamburg, Germany</p>
<p>Represented by the managing director Friederike Lindemann</p>
<h2>Contact</h2>
<p>Phone: +49 40 1234567<br>Email: hallo@lindenhof.example</p>
<h2>Commercial register</h2>
<p>Registered in the commercial register.<br>Court of registration: Amtsgericht Hamburg<br>Registration number: HRB 123456</p>
<h2>VAT ID</h2>
<p>VAT identification number according to § 27 a of the German VAT Act: DE123456789</p>
<h2>Responsible for the content according to § 18 (2) MStV</h2>
<p>Friederike Lindemann, Lindenallee 12, 20259 Hamburg, Germany</p>
<h2>Consumer dispute resolution</h2>
<p>We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.</p>`,
);

export const privacyText: I18n = t(
  `<h2>1. Verantwortliche Stelle</h2>
<p>Gasthaus Lindenhof GmbH, Lindenallee 12, 20259 Hamburg, E-Mail: hallo@lindenhof.example</p>
<h2>2. Welche Daten wir verarbeiten</h2>
<ul>
<li>Bestelldaten: Name, E-Mail-Adresse, Telefonnummer, Lieferadresse, bestellte Speisen und Anmerkungen.</li>
<li>Kundenkonto: Zugangsdaten, gespeicherte Adressen, Bestellhistorie und Treuepunkte.</li>
<li>Technische Daten: IP-Adresse und Zeitpunkt des Zugriffs in Server-Protokollen, die nach 14 Tagen gelöscht werden.</li>
</ul>
<h2>3. Zwecke und Rechtsgrundlagen</h2>
<p>Wir verarbeiten Ihre Daten, um Bestellungen und Reservierungen abzuwickeln (Art. 6 Abs. 1 lit. b DSGVO), um gesetzliche Aufbewahrungspflichten zu erfüllen (Art. 6 Abs. 1 lit. c DSGVO) und um unsere Website sicher zu betreiben (Art. 6 Abs. 1 lit. f DSGVO).</p>
<h2>4. Speicherung im Browser</h2>
<p>Ihr Warenkorb, die gewählte Sprache und Ihr Anmelde-Token werden im lokalen Speicher Ihres Browsers abgelegt. Diese Daten sind für die Funktion des Shops erforderlich und verlassen Ihr Gerät nur beim Absenden einer Bestellung. Tracking- oder Werbe-Cookies setzen wir nicht ein.</p>
<h2>5. Kartendarstellung</h2>
<p>Zur Anfahrtsbeschreibung binden wir eine Karte von OpenStreetMap ein. Dabei wird Ihre IP-Adresse an die OpenStreetMap Foundation übermittelt.</p>
<h2>6. Ihre Rechte</h2>
<p>Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch. Außerdem können Sie sich bei der Hamburgischen Beauftragten für Datenschutz und Informationsfreiheit beschweren.</p>`,
  `<h2>1. Controller</h2>
<p>Gasthaus Lindenhof GmbH, Lindenallee 12, 20259 Hamburg, Germany, email: hallo@lindenhof.example</p>
<h2>2. What data we process</h2>
<ul>
<li>Order data: name, email address, phone number, delivery address, the dishes ordered and any notes.</li>
<li>Customer account: login details, saved addresses, order history and loyalty points.</li>
<li>Technical data: IP address and time of access in server logs, which are deleted after 14 days.</li>
</ul>
<h2>3. Purposes and legal bases</h2>
<p>We process your data to handle orders and reservations (Art. 6(1)(b) GDPR), to meet statutory retention obligations (Art. 6(1)(c) GDPR) and to operate our website securely (Art. 6(1)(f) GDPR).</p>
<h2>4. Storage in your browser</h2>
<p>Your cart, your chosen language and your login token are kept in your browser’s local storage. They are needed for the shop to work and only leave your device when you place an order. We do not use tracking or advertising cookies.</p>
<h2>5. Maps</h2>
<p>To show you the way to us we embed a map from OpenStreetMap. Your IP address is transmitted to the OpenStreetMap Foundation when it loads.</p>
<h2>6. Your rights</h2>
<p>You have the right of access, rectification, erasure, restriction of processing, data portability and objection. You may also lodge a complaint with the Hamburg Commissioner for Data Protection and Freedom of Information.</p>`,
);

export const termsText: I18n = t(
  `<h2>§ 1 Geltungsbereich</h2>
<p>Diese Allgemeinen Geschäftsbedingungen gelten für alle Bestellungen, die Sie über den Online-Shop der Gasthaus Lindenhof GmbH aufgeben.</p>
<h2>§ 2 Vertragsschluss</h2>
<p>Die Darstellung der Speisen im Shop ist kein bindendes Angebot. Mit dem Absenden der Bestellung geben Sie ein verbindliches Angebot ab; der Vertrag kommt zustande, sobald wir Ihre Bestellung per E-Mail oder im Bestellstatus bestätigen.</p>
<h2>§ 3 Preise und Zahlung</h2>
<p>Alle Preise sind Endpreise in Euro und enthalten die gesetzliche Mehrwertsteuer. Liefergebühren und Mindestbestellwerte richten sich nach dem Liefergebiet und werden vor Abschluss der Bestellung angezeigt.</p>
<h2>§ 4 Lieferung und Abholung</h2>
<ul>
<li>Wir liefern in die im Shop angegebenen Hamburger Stadtteile.</li>
<li>Angegebene Lieferzeiten sind Richtwerte, die an besonders vollen Tagen abweichen können.</li>
<li>Abholbestellungen halten wir bis 30 Minuten nach der gewählten Zeit für Sie bereit.</li>
</ul>
<h2>§ 5 Kein Widerrufsrecht</h2>
<p>Für Speisen und Getränke, die schnell verderben können, besteht gemäß § 312g Abs. 2 Nr. 2 BGB kein Widerrufsrecht.</p>
<h2>§ 6 Alkohol</h2>
<p>Alkoholische Getränke geben wir nur an Personen ab 16 Jahren aus; wir behalten uns vor, bei der Übergabe einen Ausweis zu verlangen.</p>
<h2>§ 7 Allergene</h2>
<p>Angaben zu Allergenen und Zusatzstoffen finden Sie bei jedem Gericht. Spuren weiterer Allergene können wir trotz größter Sorgfalt nicht ausschließen.</p>`,
  `<h2>§ 1 Scope</h2>
<p>These general terms and conditions apply to all orders you place through the online shop of Gasthaus Lindenhof GmbH.</p>
<h2>§ 2 Conclusion of contract</h2>
<p>The dishes shown in the shop are not a binding offer. By submitting your order you make a binding offer; the contract is concluded as soon as we confirm your order by email or in the order status.</p>
<h2>§ 3 Prices and payment</h2>
<p>All prices are final prices in euros and include statutory VAT. Delivery fees and minimum order values depend on the delivery area and are shown before you complete your order.</p>
<h2>§ 4 Delivery and collection</h2>
<ul>
<li>We deliver to the Hamburg districts listed in the shop.</li>
<li>Delivery times are estimates and may vary on particularly busy days.</li>
<li>We keep takeaway orders ready for you for up to 30 minutes after the chosen time.</li>
</ul>
<h2>§ 5 No right of withdrawal</h2>
<p>Under § 312g (2) no. 2 of the German Civil Code there is no right of withdrawal for food and drinks that spoil quickly.</p>
<h2>§ 6 Alcohol</h2>
<p>We only sell alcoholic drinks to persons aged 16 or over and may ask for ID on handover.</p>
<h2>§ 7 Allergens</h2>
<p>Information on allergens and additives is given for every dish. Despite the greatest care we cannot rule out traces of other allergens.</p>`,
);
