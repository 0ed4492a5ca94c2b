/**
 * Texts the API itself says to diners: field errors and status labels, in the request's language.
 * The client's own texts live in its Lingui catalogs; these are the few the server has to word,
 * because the spec's 422 body carries finished messages.
 */
import type { OrderStatus } from '../../shared/contract/checkout';
import { formatMoney } from '../../shared/pricing';

type Text = { de: string; en: string };

const MESSAGES = {
  'validation.required': { de: 'Dieses Feld ist erforderlich.', en: 'This field is required.' },
  'validation.email': { de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.', en: 'Please enter a valid e-mail address.' },
  'validation.phone': { de: 'Bitte geben Sie eine gültige Telefonnummer ein.', en: 'Please enter a valid phone number.' },
  'validation.tooLong': { de: 'Dieser Text ist zu lang.', en: 'This text is too long.' },
  'validation.number': { de: 'Bitte geben Sie eine gültige Zahl ein.', en: 'Please enter a valid number.' },
  'validation.quantity': {
    de: 'Die Menge muss eine ganze Zahl im erlaubten Bereich sein.',
    en: 'The quantity must be a whole number within the allowed range.',
  },
  'validation.terms': {
    de: 'Bitte akzeptieren Sie die AGB und die Datenschutzerklärung.',
    en: 'Please accept the terms and the privacy policy.',
  },
  'validation.dateFormat': { de: 'Bitte wählen Sie Datum und Uhrzeit.', en: 'Please choose a date and time.' },
  'validation.choice': { de: 'Diese Auswahl ist nicht gültig.', en: 'This choice is not valid.' },
  'validation.tip': {
    de: 'Das Trinkgeld muss zwischen 0 und 500 € liegen.',
    en: 'The tip must be between 0 and 500 €.',
  },
  'validation.tooDeep': { de: 'Diese Anfrage ist zu tief verschachtelt.', en: 'This request is nested too deeply.' },
  'validation.nul': { de: 'Dieser Text enthält ein Zeichen, das nicht erlaubt ist.', en: 'This text contains a character that is not allowed.' },
  'validation.price': {
    de: 'Bitte geben Sie einen Preis zwischen 0 und 10.000 € mit höchstens zwei Nachkommastellen ein, zum Beispiel 9,50.',
    en: 'Please enter a price between 0 and 10,000 € with at most two decimals, for example 9.50.',
  },
  'validation.options': { de: 'Eine Auswahl braucht mindestens eine Option.', en: 'A choice needs at least one option.' },
  'validation.tooMany': { de: 'Das sind zu viele Einträge.', en: 'There are too many entries.' },
  'validation.items': { de: 'Ihr Warenkorb ist leer oder ungültig.', en: 'Your cart is empty or not valid.' },
  'checkout.unavailableItem': {
    de: '„{name}“ ist gerade nicht erhältlich. Bitte entfernen Sie es aus dem Warenkorb.',
    en: '"{name}" is not available right now. Please remove it from your cart.',
  },
  'checkout.unknownItem': {
    de: 'Ein Artikel in Ihrem Warenkorb gibt es nicht mehr. Bitte entfernen Sie ihn.',
    en: 'An item in your cart no longer exists. Please remove it.',
  },
  'checkout.invalidChoice': {
    de: 'Die Auswahl für „{name}“ ist nicht mehr gültig. Bitte stellen Sie den Artikel neu zusammen.',
    en: 'The choices for "{name}" are no longer valid. Please customise the item again.',
  },
  'checkout.deliverTypeOff': {
    de: 'Diese Bestellart bieten wir gerade nicht an.',
    en: 'We do not offer this kind of order right now.',
  },
  'checkout.unknownArea': { de: 'Bitte wählen Sie ein Liefergebiet.', en: 'Please choose a delivery area.' },
  // Worded as the checkout says it: what to add comes first, since that is what the diner can do.
  'checkout.minimumOrder': {
    de: 'Fügen Sie noch {missing} hinzu, um den Mindestbestellwert von {minimum} für {area} zu erreichen.',
    en: 'Add {missing} to reach the minimum order of {minimum} for {area}.',
  },
  'checkout.closedNow': {
    de: 'Wir haben gerade geschlossen. Bitte wählen Sie eine Lieferzeit ab {next}.',
    en: 'We are closed right now. Please choose a delivery time from {next}.',
  },
  'checkout.closedNowNoNext': { de: 'Wir haben gerade geschlossen.', en: 'We are closed right now.' },
  'checkout.timeTooSoon': {
    de: 'Bitte wählen Sie eine Zeit mindestens {minutes} Minuten ab jetzt.',
    en: 'Please choose a time at least {minutes} minutes from now.',
  },
  'checkout.timeTooLate': {
    de: 'Bitte wählen Sie eine Zeit innerhalb der nächsten {days} Tage.',
    en: 'Please choose a time within the next {days} days.',
  },
  'checkout.timeClosed': {
    de: 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb der Öffnungszeiten.',
    en: 'We are closed at that time. Please choose a time within our opening hours.',
  },
  'checkout.inactive': {
    de: 'Das Restaurant nimmt gerade keine Bestellungen an.',
    en: 'The restaurant is not taking orders right now.',
  },
  'checkout.unknownProvider': { de: 'Diese Zahlungsart gibt es nicht.', en: 'This payment method does not exist.' },
  'checkout.providerNotForType': {
    de: 'Diese Zahlungsart passt nicht zu Ihrer Bestellart.',
    en: 'This payment method is not available for this kind of order.',
  },
  'checkout.pointsNeedAccount': {
    de: 'Punkte können Sie einlösen, wenn Sie angemeldet sind.',
    en: 'Log in to spend your points.',
  },
  'checkout.savedAddressNeedsAccount': {
    de: 'Gespeicherte Adressen gibt es nur mit einem Konto.',
    en: 'Saved addresses need an account.',
  },
  'checkout.loginRequired': { de: 'Bitte melden Sie sich an, um zu bestellen.', en: 'Please log in to order.' },
  'checkout.tableRequired': {
    de: 'Bitte scannen Sie den QR-Code auf Ihrem Tisch, um am Tisch zu bestellen.',
    en: 'Please scan the QR code on your table to order at the table.',
  },
  'checkout.tableSessionEnded': {
    de: 'Ihre Tisch-Sitzung ist abgelaufen. Bitte scannen Sie den QR-Code auf Ihrem Tisch erneut.',
    en: 'Your table session has ended. Please scan the QR code on your table again.',
  },
  'checkout.keyMissing': {
    de: 'Jede Bestellung braucht einen Idempotency-Key-Header (16–100 Zeichen).',
    en: 'Every order needs an Idempotency-Key header (16–100 characters).',
  },
  'checkout.keyReused': {
    de: 'Dieser Idempotency-Key gehört zu einer anderen Bestellung.',
    en: 'This Idempotency-Key belongs to a different order.',
  },
  'table.unknown': {
    de: 'Diesen Tisch-Code kennen wir nicht. Bitte fragen Sie unser Team.',
    en: 'We do not know this table code. Please ask our staff.',
  },
  'payment.unknown': { de: 'Diese Zahlung kennen wir nicht.', en: 'We do not know this payment.' },
  'payment.cash': { de: 'Vor Ort bezahlen', en: 'Pay on site' },
  // Says "test" wherever it shows (buttons, order pages, mails): the sandbox moves no money.
  'payment.sandbox': { de: 'Testzahlung (Karte)', en: 'Test payment (card)' },
  'payment.stripe': { de: 'Karte', en: 'Card' },
  'payment.stripeItem': { de: 'Ihre Bestellung bei {name}', en: 'Your order at {name}' },
  'staff.refundFailed': {
    de: 'Die Rückerstattung an den Kartenanbieter ist fehlgeschlagen; die Bestellung ist nicht abgelehnt. Bitte versuchen Sie es gleich noch einmal.',
    en: 'The refund to the card provider failed, so the order is not rejected. Please try again shortly.',
  },
  'payment.providerDown': {
    de: 'Die Kartenzahlung ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal oder bezahlen Sie vor Ort.',
    en: 'Card payment cannot be reached right now. Please try again shortly or pay on site.',
  },
  'payment.badSignature': { de: 'Ungültige Webhook-Signatur.', en: 'Invalid webhook signature.' },
  'checkout.amountTooSmall': {
    de: 'Diesen Betrag können wir nicht mit dieser Zahlungsart annehmen. Bitte wählen Sie eine andere Zahlungsart.',
    en: 'This amount cannot be paid with this payment method. Please choose another one.',
  },
  'order.notFound': { de: 'Diese Bestellung gibt es nicht.', en: 'This order does not exist.' },
  'translation.unknownLanguage': { de: 'Diese Sprache bietet die Seite nicht an.', en: 'The site does not offer this language.' },
  'arrival.notCurbside': {
    de: '„Ich bin da“ gibt es nur für Bestellungen mit Abholung am Auto.',
    en: '"I\'m here" is only for curbside orders.',
  },
  'arrival.notAccepted': {
    de: 'Das Restaurant hat Ihre Bestellung noch nicht angenommen. Bitte rufen Sie uns an.',
    en: 'The restaurant has not accepted your order yet. Please give us a call.',
  },
  'arrival.orderDone': { de: 'Diese Bestellung ist schon abgeschlossen.', en: 'This order is already finished.' },
  'order.arrivalRateLimited': {
    de: 'Wir wissen schon Bescheid. Bitte warten Sie {minutes} Minuten oder rufen Sie uns an.',
    en: 'We already know. Please wait {minutes} minutes or give us a call.',
  },
  'validation.passwordShort': {
    de: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    en: 'The password must be at least 8 characters long.',
  },
  'validation.passwordMatch': { de: 'Die Passwörter stimmen nicht überein.', en: 'The passwords do not match.' },
  'validation.passwordTrivial': {
    de: 'Das Passwort darf nicht nur aus Leerzeichen oder einem einzigen, wiederholten Zeichen bestehen.',
    en: 'The password cannot be only spaces or one character repeated.',
  },
  'validation.passwordIsEmail': {
    de: 'Das Passwort darf nicht die E-Mail-Adresse des Kontos sein.',
    en: "The password cannot be the account's e-mail address.",
  },
  'validation.passwordCommon': {
    de: 'Dieses Passwort ist sehr verbreitet oder tauchte in Datenlecks auf. Bitte wählen Sie ein anderes.',
    en: 'This password is very common or has appeared in data breaches. Please choose another one.',
  },
  'admin.notFound': { de: 'Dieser Eintrag existiert nicht (mehr).', en: 'This entry does not exist (any more).' },
  'pages.usedAsTerms': {
    de: 'Diese Seite ist als Ihre AGB hinterlegt und kann nicht gelöscht werden. Wählen Sie zuerst in den Einstellungen eine andere Seite für die AGB.',
    en: 'This page is set as your terms and conditions and cannot be deleted. First choose another page for the terms in the settings.',
  },
  'pages.usedAsPrivacy': {
    de: 'Diese Seite ist als Ihre Datenschutzerklärung hinterlegt und kann nicht gelöscht werden. Wählen Sie zuerst in den Einstellungen eine andere Seite dafür.',
    en: 'This page is set as your privacy policy and cannot be deleted. First choose another page for it in the settings.',
  },
  'validation.time': { de: 'Bitte geben Sie eine Uhrzeit als HH:MM ein, zum Beispiel 11:30.', en: 'Please enter a time as HH:MM, for example 11:30.' },
  'validation.overlap': {
    de: 'Diese Zeiten überschneiden sich. Jeder Zeitraum eines Tages muss enden, bevor der nächste beginnt.',
    en: 'These times overlap. Each time range of a day must end before the next one starts.',
  },
  'validation.date': { de: 'Bitte wählen Sie ein Datum.', en: 'Please choose a date.' },
  'validation.currentPassword': {
    de: 'Das aktuelle Passwort ist nicht richtig.',
    en: 'The current password is not correct.',
  },
  'auth.required': { de: 'Bitte melden Sie sich an.', en: 'Please log in.' },
  'auth.xsrf': {
    de: 'Ihre Sitzung ist abgelaufen. Bitte laden Sie die Seite neu und versuchen Sie es noch einmal.',
    en: 'Your session has expired. Please reload the page and try again.',
  },
  'auth.rateLimited': {
    de: 'Zu viele Versuche. Bitte warten Sie {minutes} Minuten und versuchen Sie es dann noch einmal.',
    en: 'Too many attempts. Please wait {minutes} minutes and try again.',
  },
  'auth.badCredentials': {
    de: 'E-Mail-Adresse oder Passwort sind nicht richtig.',
    en: 'These credentials do not match our records.',
  },
  'auth.registrationClosed': {
    de: 'Die Registrierung ist gerade geschlossen.',
    en: 'Registration is closed at the moment.',
  },
  'auth.emailTaken': {
    de: 'Mit dieser E-Mail-Adresse gibt es schon ein Konto. Bitte melden Sie sich an.',
    en: 'An account with this e-mail address already exists. Please log in.',
  },
  'auth.socialTicketExpired': {
    de: 'Die Anmeldung beim Anbieter ist abgelaufen. Bitte melden Sie sich dort noch einmal an.',
    en: 'The sign-in with the provider has expired. Please sign in there again.',
  },
  'auth.socialEmailMismatch': {
    de: 'Bitte verwenden Sie die E-Mail-Adresse Ihres Kontos beim Anbieter: {email}.',
    en: 'Please use the e-mail address of your account with the provider: {email}.',
  },
  'auth.resetSent': {
    de: 'Wenn es zu dieser E-Mail-Adresse ein Konto gibt, haben wir einen Link zum Zurücksetzen des Passworts geschickt. Er ist {minutes} Minuten gültig. Bitte sehen Sie in Ihrem Posteingang nach.',
    en: 'If an account exists for this e-mail address, we have sent a link to reset the password. It is valid for {minutes} minutes. Please check your inbox.',
  },
  'auth.resetExpired': {
    de: 'Dieser Link ist abgelaufen oder wurde schon benutzt. Bitte fordern Sie einen neuen an.',
    en: 'This link has expired or has already been used. Please ask for a new one.',
  },
  'auth.passwordChanged': {
    de: 'Ihr Passwort wurde geändert. Sie können sich jetzt anmelden.',
    en: 'Your password has been changed. You can log in now.',
  },
  'auth.noPasswordYet': {
    de: 'Ihr Konto hat noch kein Passwort. Legen Sie eines über „Passwort vergessen?“ auf der Anmeldeseite an, dann können Sie auch die E-Mail-Adresse ändern.',
    en: 'Your account has no password yet. Set one through "Forgot your password?" on the login page, then you can change the e-mail address too.',
  },
  'auth.socialProviderNotFound': { de: 'Anmeldeanbieter nicht gefunden.', en: 'Login provider not found' },
  'auth.socialInvalid': {
    de: 'Die Anmeldung beim Anbieter konnte nicht bestätigt werden. Bitte versuchen Sie es noch einmal.',
    en: 'The sign-in with the provider could not be confirmed. Please try again.',
  },
  'auth.socialUnavailable': {
    de: 'Der Anmeldeanbieter ist gerade nicht erreichbar. Bitte versuchen Sie es später noch einmal.',
    en: 'The login provider cannot be reached right now. Please try again later.',
  },
  'address.notFound': { de: 'Diese Adresse gibt es nicht.', en: 'This address does not exist.' },
  'address.placeNotFound': { de: 'Diesen Ort haben wir nicht gefunden.', en: 'We could not find this place.' },
  'address.outOfRange': {
    de: 'Der markierte Ort liegt außerhalb unseres Liefergebiets.',
    en: 'The location that you have marked is out of our delivery range',
  },
  'address.unknownAddress': {
    de: 'Diese Adresse haben wir nicht gefunden. Bitte prüfen Sie Straße und Hausnummer.',
    en: 'We could not find this address. Please check the street and house number.',
  },
  'address.pinTooFar': {
    de: 'Der markierte Ort liegt zu weit von dieser Adresse entfernt. Bitte markieren Sie den Ort der Adresse.',
    en: 'The marked location is too far from this address. Please mark where the address is.',
  },
  'address.otherArea': {
    de: 'Diese Adresse liegt im Liefergebiet {area}. Bitte wählen Sie dieses Gebiet.',
    en: 'This address is in the {area} delivery area. Please choose that area.',
  },
  'address.markLocation': {
    de: 'Bitte suchen Sie die Adresse oder markieren Sie Ihren Standort.',
    en: 'Please search for the address or mark your location.',
  },
  'address.tooMany': {
    de: 'Sie können höchstens {max} Adressen speichern. Bitte entfernen Sie zuerst eine.',
    en: 'You can save at most {max} addresses. Please remove one first.',
  },
  'address.rateLimited': {
    de: 'Von hier kamen gerade sehr viele Adresssuchen. Bitte versuchen Sie es in {minutes} Minuten noch einmal.',
    en: 'Very many address searches just came from here. Please try again in {minutes} minutes.',
  },
  'address.guestSearchOff': {
    de: 'Die Adresssuche für Gäste ist nicht eingeschaltet.',
    en: 'The address search for guests is not switched on.',
  },
  'address.geocoderDown': {
    de: 'Die Adresssuche ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    en: 'The address search cannot be reached right now. Please try again shortly.',
  },
  'checkout.unknownAddress': {
    de: 'Bitte wählen Sie eine Ihrer gespeicherten Adressen.',
    en: 'Please choose one of your saved addresses.',
  },
  'checkout.loyaltyOff': {
    de: 'Treuepunkte können gerade nicht eingelöst werden.',
    en: 'Loyalty points cannot be used at the moment.',
  },
  'checkout.pointsChanged': {
    de: 'Ihr Punktestand hat sich gerade geändert. Bitte prüfen Sie Ihre Bestellung und senden Sie sie noch einmal.',
    en: 'Your points balance has just changed. Please review your order and send it again.',
  },
  'combo.notFound': { de: 'Dieses Menü gibt es nicht (mehr).', en: 'This combo menu does not exist (any more).' },
  'combo.sizeNotOfProduct': {
    de: 'Diese Größe gehört nicht zu dem gewählten Gericht. Bitte wählen Sie die Größe erneut.',
    en: 'This size does not belong to the chosen dish. Please choose the size again.',
  },
  'combo.productHidden': {
    de: 'Dieses Gericht ist ausgeblendet oder archiviert und kann nicht neu in ein Menü aufgenommen werden.',
    en: 'This dish is hidden or archived and cannot be added to a menu.',
  },
  'checkout.priceChanged': {
    de: 'Die Preise haben sich geändert, seit Sie die Speisekarte geöffnet haben. Neuer Gesamtbetrag: {total}. Bitte prüfen Sie Ihre Bestellung und bestellen Sie noch einmal.',
    en: 'Prices have changed since you opened the menu. New total: {total}. Please check and order again.',
  },
  'checkout.rateLimited': {
    de: 'Von hier kamen gerade sehr viele Bestellungen. Bitte versuchen Sie es in {minutes} Minuten noch einmal oder rufen Sie uns an.',
    en: 'Very many orders just came from here. Please try again in {minutes} minutes, or give us a call.',
  },
  'checkout.totalTooHigh': {
    de: 'Online nehmen wir Bestellungen bis {max} an. Für eine größere Bestellung rufen Sie uns bitte an.',
    en: 'We take online orders of up to {max}. For a larger order, please give us a call.',
  },
  'checkout.tipOff': { de: 'Das Restaurant nimmt online kein Trinkgeld an.', en: 'The restaurant does not take tips online.' },
  'checkout.paused': {
    de: 'Wir nehmen für diese Bestellart gerade keine Online-Bestellungen an, bis {until}. Bitte wählen Sie eine spätere Zeit oder eine andere Bestellart.',
    en: 'We are not taking online orders of this kind right now, until {until}. Please choose a later time or another kind of order.',
  },
  'checkout.pausedTable': {
    de: 'Bestellungen am Tisch sind gerade pausiert, bis {until}. Bitte wenden Sie sich an unser Team.',
    en: 'Ordering at the table is paused until {until}. Please ask our staff.',
  },
  'checkout.soldOut': {
    de: 'Ausverkauft: {name}. Bitte entfernen Sie es aus dem Warenkorb oder wählen Sie etwas anderes.',
    en: 'Sold out: {name}. Please remove it from your cart or choose something else.',
  },
  'reject.busy': { de: 'Wir sind gerade zu ausgelastet, um Ihre Bestellung rechtzeitig zuzubereiten.', en: 'We are too busy to prepare your order in time.' },
  'reject.sold_out': { de: 'Etwas aus Ihrer Bestellung ist leider ausverkauft.', en: 'Something in your order has sold out.' },
  'reject.closing': { de: 'Wir schließen gleich und können Ihre Bestellung nicht mehr zubereiten.', en: 'We are closing soon and cannot prepare your order any more.' },
  'reject.address': { de: 'Wir können an diese Adresse nicht liefern.', en: 'We cannot deliver to this address.' },
  'reject.other': { de: 'Das Restaurant konnte Ihre Bestellung nicht annehmen.', en: 'The restaurant could not accept your order.' },
  'photos.empty': { de: 'Es ist kein Foto angekommen. Bitte wählen Sie es noch einmal aus.', en: 'No photo arrived. Please choose it again.' },
  'photos.notImage': {
    de: 'Diese Datei ist kein Foto, das wir lesen können. Bitte wählen Sie ein JPEG-, PNG-, WebP- oder HEIF-Foto.',
    en: 'This file is not a photo we can read. Please choose a JPEG, PNG, WebP or HEIF photo.',
  },
  'photos.format': {
    de: 'Dieses Dateiformat nehmen wir nicht an. Bitte wählen Sie ein JPEG-, PNG-, WebP- oder HEIF-Foto.',
    en: 'We do not accept this file type. Please choose a JPEG, PNG, WebP or HEIF photo.',
  },
  'photos.tooManyPixels': {
    de: 'Dieses Bild ist zu groß (mehr als 60 Megapixel). Bitte wählen Sie ein kleineres Foto.',
    en: 'This picture is too large (more than 60 megapixels). Please choose a smaller photo.',
  },
  'photos.tooLarge': {
    de: 'Diese Datei ist größer als 20 MB. Bitte wählen Sie ein kleineres Foto.',
    en: 'This file is larger than 20 MB. Please choose a smaller photo.',
  },
  'photos.notFound': { de: 'Diesen Eintrag gibt es nicht mehr.', en: 'This item no longer exists.' },
  'photos.noPhoto': { de: 'Hier ist noch kein Foto, das man beschreiben könnte.', en: 'There is no photo here to describe yet.' },
  'staff.signInRequired': { de: 'Bitte melden Sie sich als Mitarbeiter an.', en: 'Please sign in as staff.' },
  'staff.forbidden': { de: 'Ihre Rolle erlaubt das nicht.', en: 'Your role does not allow this.' },
  'staff.transition': {
    de: 'Eine Bestellung im Status „{from}“ kann nicht „{to}“ werden.',
    en: 'An order that is "{from}" cannot become "{to}".',
  },
  'staff.orderChanged': {
    de: 'Die Bestellung wurde inzwischen geändert. Bitte laden Sie sie neu.',
    en: 'The order changed meanwhile; load it again.',
  },
  'staff.emailTaken': { de: 'Mit dieser E-Mail-Adresse gibt es schon ein Mitarbeiterkonto.', en: 'A staff account with this e-mail address already exists.' },
  'staff.lastOwner': {
    de: 'Es muss mindestens ein aktiver Inhaber bleiben.',
    en: 'At least one active owner must remain.',
  },
  'staff.unknownItem': { de: 'Diesen Artikel gibt es nicht.', en: 'This item does not exist.' },
  'contact.received': {
    de: 'Ihre Nachricht ist angekommen. Wir melden uns in Kürze bei Ihnen.',
    en: 'Your message has been received. We will contact you shortly.',
  },
  'contact.rateLimited': {
    de: 'Von hier kamen gerade sehr viele Nachrichten. Bitte versuchen Sie es in {minutes} Minuten noch einmal oder rufen Sie uns an.',
    en: 'Very many messages just came from here. Please try again in {minutes} minutes, or give us a call.',
  },
  'contact.notFound': { de: 'Diese Nachricht gibt es nicht.', en: 'This message does not exist.' },
  'setting.fontFamily': {
    de: 'Bitte wählen Sie eine der mitgelieferten Schriften ({fonts}) oder „system“.',
    en: 'Please choose one of the shipped fonts ({fonts}) or "system".',
  },
  'setting.fontSize': { de: 'Die Schriftgröße muss zwischen {min} und {max} px liegen.', en: 'The font size must be between {min} and {max} px.' },
  'setting.image': {
    de: 'Bitte geben Sie einen Pfad auf dieser Website an, der mit / beginnt (etwa /media/brand/logo.svg).',
    en: 'Please give a path on this site starting with / (such as /media/brand/logo.svg).',
  },
  'setting.headerCode': {
    de: 'Dieser Kopfbereich-Code ist nicht erlaubt: nur script, noscript, style, meta und link, Skripte von https-Adressen, jedes Element geschlossen, ohne nonce, on…-Attribute und http-equiv.',
    en: 'This header code is not allowed: only script, noscript, style, meta and link, scripts from https addresses, every element closed, without nonce, on… attributes or http-equiv.',
  },
  'settings.url': { de: 'Bitte geben Sie eine vollständige Adresse an, die mit https:// beginnt.', en: 'Please give a full address starting with https://.' },
  'settings.image': {
    de: 'Bitte geben Sie einen Pfad auf dieser Website an, der mit / beginnt (etwa /media/brand/logo.svg).',
    en: 'Please give a path on this site starting with / (such as /media/brand/logo.svg).',
  },
  'settings.color': { de: 'Bitte wählen Sie eine Farbe im Format #1f5c4a.', en: 'Please choose a colour written as #1f5c4a.' },
  'settings.font': { de: 'Bitte wählen Sie eine der angebotenen Schriften.', en: 'Please choose one of the offered fonts.' },
  'settings.fontSize': { de: 'Die Schriftgröße muss zwischen 12 und 24 px liegen.', en: 'The font size must be between 12 and 24 px.' },
  'settings.percents': {
    de: 'Bitte geben Sie Prozentwerte von 0 bis 100 an, getrennt durch Kommas (etwa 5, 10, 15).',
    en: 'Please give percentages from 0 to 100, separated by commas (such as 5, 10, 15).',
  },
  'settings.percent': { de: 'Bitte geben Sie einen Prozentwert von 0 bis 100 an.', en: 'Please give a percentage from 0 to 100.' },
  'settings.wholeNumber': { de: 'Bitte geben Sie eine ganze Zahl im erlaubten Bereich an.', en: 'Please give a whole number within the allowed range.' },
  'settings.timezone': { de: 'Diese Zeitzone kennen wir nicht (etwa Europe/Berlin).', en: 'This time zone is unknown (such as Europe/Berlin).' },
  'settings.country': { de: 'Bitte geben Sie den zweistelligen Ländercode an (etwa de).', en: 'Please give the two-letter country code (such as de).' },
  'settings.latitude': { de: 'Die geografische Breite liegt zwischen -90 und 90.', en: 'The latitude lies between -90 and 90.' },
  'settings.longitude': { de: 'Die geografische Länge liegt zwischen -180 und 180.', en: 'The longitude lies between -180 and 180.' },
  'settings.page': { de: 'Bitte wählen Sie eine vorhandene Seite.', en: 'Please choose an existing page.' },
  'settings.unknownKey': { de: 'Diese Angabe gibt es hier nicht.', en: 'This field does not exist here.' },
  'area.name': { de: 'Bitte geben Sie dem Liefergebiet einen Namen.', en: 'Please give the delivery area a name.' },
  'area.postcodes': {
    de: 'Bitte geben Sie Postleitzahlen an, getrennt durch Kommas (etwa 20259, 20257).',
    en: 'Please give postcodes separated by commas (such as 20259, 20257).',
  },
  'area.amount': { de: 'Bitte geben Sie einen Betrag in Euro an, etwa 2,50.', en: 'Please give an amount in euros, such as 2.50.' },
  'area.zone': {
    de: 'Diese Zone können wir nicht lesen: Erwartet wird ein GeoJSON-Polygon mit geschlossenem Umriss, gültigen Koordinaten und höchstens 2.000 Punkten.',
    en: 'This zone cannot be read: we expect a GeoJSON polygon with a closed outline, valid coordinates and at most 2,000 points.',
  },
  'area.notFound': { de: 'Dieses Liefergebiet gibt es nicht.', en: 'This delivery area does not exist.' },
  'area.inUse': {
    de: 'In diesem Gebiet liegen {n} gespeicherte Kundenadressen. Damit sie nicht verloren gehen, lässt es sich nicht löschen: Ändern Sie stattdessen Zone, Postleitzahlen oder Preise.',
    en: '{n} saved customer addresses lie in this area. So that they are not lost, it cannot be deleted: change its zone, postcodes or prices instead.',
  },
  'reservation.received': {
    de: 'Ihre Reservierungsanfrage wurde gesendet. Wir informieren Sie über den Status Ihrer Reservierung.',
    en: 'Your reservation request has been submitted. We will notify you about your reservation status.',
  },
  'reservation.rateLimited': {
    de: 'Von hier kamen gerade sehr viele Reservierungsanfragen. Bitte versuchen Sie es in {minutes} Minuten noch einmal oder rufen Sie uns an.',
    en: 'Very many reservation requests just came from here. Please try again in {minutes} minutes, or give us a call.',
  },
  'reservation.disabled': { de: 'Reservierungen nehmen wir derzeit nicht online an.', en: 'We are not taking reservations online at the moment.' },
  'reservation.inPast': { de: 'Dieser Zeitpunkt liegt in der Vergangenheit.', en: 'This time has already passed.' },
  'reservation.tooSoon': {
    de: 'Bitte reservieren Sie mindestens {notice} im Voraus. Für kurzfristige Tische rufen Sie uns bitte an.',
    en: 'Please reserve at least {notice} ahead. For a table at short notice, please give us a call.',
  },
  'reservation.tooFar': {
    de: 'Reservierungen nehmen wir bis zu {days} Tage im Voraus an.',
    en: 'We take reservations up to {days} days ahead.',
  },
  'reservation.closed': { de: 'Zu dieser Zeit haben wir geschlossen. Bitte wählen Sie eine Zeit innerhalb unserer Öffnungszeiten.', en: 'We are closed at this time. Please choose a time within our opening hours.' },
  'reservation.tooManyGuests': {
    de: 'Online reservieren wir für bis zu {max} Personen. Für größere Gruppen rufen Sie uns bitte an.',
    en: 'We take online reservations for up to {max} guests. For a larger party, please give us a call.',
  },
  'reservation.notFound': { de: 'Diese Reservierung gibt es nicht.', en: 'This reservation does not exist.' },
  'reservation.alreadyDecided': {
    de: 'Über diese Reservierung wurde bereits entschieden.',
    en: 'This reservation has already been decided.',
  },
  'duration.minutes': { de: '{n} Minuten', en: '{n} minutes' },
  'duration.hours': { de: '{n} Stunden', en: '{n} hours' },
  'duration.hour': { de: 'eine Stunde', en: 'one hour' },
  'staff.notFound': { de: 'Dieses Konto gibt es nicht.', en: 'This account does not exist.' },
  'mail.deliverNow': { de: 'Zeitpunkt: so bald wie möglich', en: 'Time: as soon as possible' },
  'mail.deliverAt': { de: 'Zeitpunkt: {time}', en: 'Time: {time}' },
  'mail.subtotal': { de: 'Zwischensumme', en: 'Subtotal' },
  'mail.discount': { de: 'Rabatt', en: 'Discount' },
  'mail.delivery': { de: 'Lieferung', en: 'Delivery' },
  'mail.deliveryFree': { de: 'Kostenlos', en: 'Free' },
  'mail.tip': { de: 'Trinkgeld', en: 'Tip' },
  'mail.taxAdded': { de: 'zzgl. {name}', en: 'plus {name}' },
  'mail.taxAddedOn': { de: 'zzgl. {name} auf {base}', en: 'plus {name} on {base}' },
  'mail.taxIncluded': { de: 'inkl. {name}', en: 'incl. {name}' },
  'mail.taxIncludedOn': { de: 'inkl. {name} auf {base}', en: 'incl. {name} on {base}' },
  'mail.paymentMethod': { de: 'Zahlungsart', en: 'Payment method' },
  'loyalty.spent': { de: 'Punkte eingelöst für Bestellung #{code}', en: 'Points used for order #{code}' },
  'loyalty.earned': { de: 'Punkte gesammelt mit Bestellung #{code}', en: 'Points earned with order #{code}' },
  'loyalty.refunded': { de: 'Punkte zurück für Bestellung #{code}', en: 'Points returned for order #{code}' },
} as const satisfies Record<string, Text>;

export type MessageKey = keyof typeof MESSAGES;

const STATUS_TEXT: Record<OrderStatus, Text> = {
  awaiting_payment: { de: 'Wartet auf Zahlung', en: 'Awaiting payment' },
  pending_approval: { de: 'Wartet auf Bestätigung', en: 'Pending approval' },
  approved: { de: 'Bestätigt', en: 'Approved' },
  ready: { de: 'Fertig zur Abholung', en: 'Ready' },
  rejected: { de: 'Abgelehnt', en: 'Rejected' },
  completed: { de: 'Abgeschlossen', en: 'Completed' },
  payment_failed: { de: 'Zahlung fehlgeschlagen', en: 'Payment failed' },
  cancelled: { de: 'Abgebrochen', en: 'Cancelled' },
};

function pick(text: Text, lang: string): string {
  return lang === 'en' ? text.en : text.de;
}

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

export function say(lang: string, key: MessageKey, params: Record<string, string | number> = {}): string {
  return pick(MESSAGES[key], lang).replace(/\{(\w+)\}/g, (whole, name: string) => String(params[name] ?? whole));
}

export function statusText(status: OrderStatus, lang: string): string {
  return pick(STATUS_TEXT[status], lang);
}

export function formatMoneyFor(lang: string, cents: number, currency = 'EUR'): string {
  return formatMoney(cents, lang === 'en' ? 'en-GB' : 'de-DE', currency);
}

export function formatDateTimeFor(lang: string, date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'de-DE', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(date);
}
