/**
 * Spec §2's "We are closed" notice, worded once: the home page's first paint shows it from the
 * server's HTML (decision 044), then the client's toast takes its place with the same words.
 * Explicit ids, so the server can use them without the Lingui macro.
 */
export const CLOSED_NOTICE_TEXTS = {
  title: /*i18n*/ { id: 'closed.title', message: 'We are closed' },
  bodyWithNext: /*i18n*/ {
    id: 'closed.bodyWithNext',
    message: 'The restaurant is out of working hours. Only a future order is possible; the earliest date is {next}.',
  },
  body: /*i18n*/ { id: 'closed.body', message: 'The restaurant is out of working hours. Only a future order is possible.' },
} as const;
