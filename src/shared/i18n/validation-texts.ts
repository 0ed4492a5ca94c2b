/**
 * Validation messages, worded once for the client's forms and the server's 422 bodies. Explicit
 * ids (the contract's `V` keys) because the server runs without the Lingui macro; the English
 * source is here, every other language in the Lingui catalogs that include this file.
 */
export const VALIDATION_TEXTS = [
  /*i18n*/ { id: 'validation.required', message: 'This field is required.' },
  /*i18n*/ { id: 'validation.email', message: 'Please enter a valid e-mail address.' },
  /*i18n*/ { id: 'validation.phone', message: 'Please enter a valid phone number.' },
  /*i18n*/ { id: 'validation.tooLong', message: 'This text is too long.' },
  /*i18n*/ { id: 'validation.number', message: 'Please enter a valid number.' },
  /*i18n*/ { id: 'validation.quantity', message: 'The quantity must be a whole number within the allowed range.' },
  /*i18n*/ { id: 'validation.terms', message: 'Please accept the terms and the privacy policy.' },
  /*i18n*/ { id: 'validation.dateFormat', message: 'Please choose a date and time.' },
  /*i18n*/ { id: 'validation.choice', message: 'This choice is not valid.' },
  /*i18n*/ { id: 'validation.tip', message: 'The tip must be between 0 and 500.' },
  /*i18n*/ { id: 'validation.tooDeep', message: 'This request is nested too deeply.' },
  /*i18n*/ { id: 'validation.nul', message: 'This text contains a character that is not allowed.' },
  /*i18n*/ { id: 'validation.price', message: 'Please enter a price between 0 and 10,000 with at most two decimals, for example 9.50.' },
  /*i18n*/ { id: 'validation.options', message: 'A choice needs at least one option.' },
  /*i18n*/ { id: 'validation.tooMany', message: 'There are too many entries.' },
  /*i18n*/ { id: 'validation.items', message: 'Your cart is empty or not valid.' },
  /*i18n*/ { id: 'validation.passwordShort', message: 'The password must be at least 8 characters long.' },
  /*i18n*/ { id: 'validation.passwordMatch', message: 'The passwords do not match.' },
  /*i18n*/ { id: 'validation.passwordTrivial', message: 'The password cannot be only spaces or one character repeated.' },
  /*i18n*/ { id: 'validation.passwordIsEmail', message: "The password cannot be the account's e-mail address." },
  /*i18n*/ { id: 'validation.passwordCommon', message: 'This password is very common or has appeared in data breaches. Please choose another one.' },
  /*i18n*/ { id: 'validation.time', message: 'Please enter a time as HH:MM, for example 11:30.' },
  /*i18n*/ { id: 'validation.overlap', message: 'These times overlap. Each time range of a day must end before the next one starts.' },
  /*i18n*/ { id: 'validation.date', message: 'Please choose a date.' },
  /*i18n*/ { id: 'validation.currentPassword', message: 'The current password is not correct.' },
] as const;
