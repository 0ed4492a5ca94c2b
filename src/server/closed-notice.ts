import type { WorkingHoursMeta } from '../shared/contract/catalog';
import { CLOSED_NOTICE_TEXTS } from '../shared/i18n/closed-notice-texts';
import { i18nFor } from './i18n/catalogs';
import { escapeHtml } from './mail/templates';

/** The session cookie that says the notice was in a page already (like the splash's: nothing stored about the diner). */
export const CLOSED_NOTICE_COOKIE = 'closed-notice-seen';

export interface ShellNotice {
  title: string;
  body: string;
}

function metaOf(hoursAnswer: unknown): WorkingHoursMeta | null {
  if (typeof hoursAnswer !== 'object' || hoursAnswer === null || !('meta' in hoursAnswer)) return null;
  const meta = hoursAnswer.meta;
  return typeof meta === 'object' && meta !== null && 'isOpenNow' in meta ? (meta as WorkingHoursMeta) : null;
}

/**
 * Spec §2's closed notice for the home page's HTML (decision 044), from the hours answer the page
 * carries: the diner sees it with the first paint, before any script. The client's toast then
 * takes its place with the same words (`features/layout/closed-notice.ts`), so a slow phone's
 * largest paint is the server's HTML, not the first render's. Null when the restaurant is open or
 * switched off (the client sends the diner to `/unavailable` then).
 */
export function closedNoticeOf(lang: string, hoursAnswer: unknown): ShellNotice | null {
  const meta = metaOf(hoursAnswer);
  if (!meta || !meta.isActive || meta.isOpenNow) return null;
  const i18n = i18nFor(lang);
  const next = meta.nextOpenText?.lang === lang ? meta.nextOpenText.text : '';
  const { title, bodyWithNext, body } = CLOSED_NOTICE_TEXTS;
  return {
    title: i18n._(title.id, {}, { message: title.message }),
    body: next ? i18n._(bodyWithNext.id, { next }, { message: bodyWithNext.message }) : i18n._(body.id, {}, { message: body.message }),
  };
}

/**
 * The notice as `ui/Toasts.tsx` renders it (the same classes, icon and close button's room), so
 * the client's copy replaces it without a shift. Hidden from assistive technology: the client's
 * live region announces it once.
 */
export function closedNoticeHtml(notice: ShellNotice): string {
  const icon =
    '<svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="9"/><path d="M12 11v6M12 7.5v.5"/></svg>';
  return (
    '<div class="toasts" aria-hidden="true"><div class="toasts__live"></div><div class="toasts__live">' +
    `<div class="toast toast--info">${icon}<div class="toast__text"><strong>${escapeHtml(notice.title)}</strong><p>${escapeHtml(notice.body)}</p></div>` +
    '<span class="icon-button">×</span></div></div></div>'
  );
}
