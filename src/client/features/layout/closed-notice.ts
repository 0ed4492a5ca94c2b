/**
 * Spec §2: "We are closed" once per session when the restaurant is out of its working hours (a
 * future order is still possible).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Setting, WorkingHoursMeta } from '../../../shared/contract/catalog';
import { settingsMap, timeZoneOf } from '../../../shared/contract/settings';
import { CLOSED_NOTICE_TEXTS } from '../../../shared/i18n/closed-notice-texts';
import { formatNextOpening } from '../../../shared/i18n/next-opening';
import { i18n } from '../../lib/i18n';
import { pushToast } from '../../ui/toasts';
import { answeredThisVisit } from '../../lib/answered-this-visit';
import { catalogQueries, useSettings } from '../catalog';

const CLOSED_NOTICE_KEY = 'closed-notice-seen';

/**
 * Shows the closed notice if the restaurant is closed and the notice was not shown in this
 * session. Says whether it showed it now.
 */
function showClosedNotice(meta: WorkingHoursMeta | undefined, timeZone: string): boolean {
  if (!meta || !meta.isActive || meta.isOpenNow) return false;
  if (sessionStorage.getItem(CLOSED_NOTICE_KEY)) return false;
  sessionStorage.setItem(CLOSED_NOTICE_KEY, '1');
  // Worded by the server in the page's language when it can be: a date formatter built here was
  // the longest part of the first render's task on a slow phone (decision 044). Worded again in the
  // diner's language if they switch while the notice is up.
  const withNext = CLOSED_NOTICE_TEXTS.bodyWithNext;
  pushToast(
    {
      tone: 'info',
      // At a table it shares the welcome's card and keeps its own words: the welcome's "we bring
      // everything to your table" is not true while the kitchen is closed.
      slot: { name: 'arrival', rank: 1 },
      title: () => i18n._(CLOSED_NOTICE_TEXTS.title),
      body: () => {
        const next = !meta.nextOpen ? '' : meta.nextOpenText?.lang === i18n.locale ? meta.nextOpenText.text : formatNextOpening(i18n.locale, meta.nextOpen, timeZone);
        return next ? i18n._(withNext.id, { next }, { message: withNext.message }) : i18n._(CLOSED_NOTICE_TEXTS.body);
      },
    },
    8000,
  );
  return true;
}

/** This tab's session has seen the notice already (the server knows only its cookie). */
export function closedNoticeSeen(): boolean {
  try {
    return sessionStorage.getItem(CLOSED_NOTICE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * A page the server rendered (decision 045) decided the notice by the session's cookie: the
 * browser's first render follows that decision, so it hydrates the same markup.
 */
export function followServerNotice(state: 'shown' | 'seen' | ''): void {
  try {
    if (state === 'shown') sessionStorage.removeItem(CLOSED_NOTICE_KEY);
    else if (state === 'seen') sessionStorage.setItem(CLOSED_NOTICE_KEY, '1');
  } catch {
    // Storage blocked: the notice shows as the browser decides.
  }
}

/** The loader showed the notice before the first render; the hook takes that over once. */
let shownByLoader = false;

/**
 * The loader decides the notice when it holds this visit's hours (the page brings them, decision
 * 028), so the notice is in the first render's frame: shown after it, it came about 0.5 s later
 * at a 4× slower CPU, as the page's largest paint (decision 042). In a module of its own: the router splits the
 * route's component from its loader, and each part would keep its own copy of the flag.
 */
export function closedNoticeBeforeRender(queryClient: QueryClient): void {
  const hours = queryClient.getQueryState(catalogQueries.workingHours().queryKey);
  if (!hours?.data || hours.dataUpdatedAt < performance.timeOrigin) return;
  const settings = queryClient.getQueryData<Setting[]>(['settings', i18n.locale]);
  if (showClosedNotice(hours.data.meta, timeZoneOf(settingsMap(settings ?? [])))) shownByLoader = true;
}

/**
 * Shows the closed notice once per session. The ref tells whether it was shown on this visit; a
 * ref, not state, so the popup's effect after this one in the same commit already sees it.
 */
export function useClosedNotice(): { readonly current: boolean } {
  const query = useQuery(catalogQueries.workingHours());
  // The copy kept from the last visit may be out of date: decide on this visit's answer (or once the server has failed to give one).
  const hours = answeredThisVisit(query) ? query.data : undefined;
  const timeZone = timeZoneOf(useSettings());
  const shown = useRef(false);
  useEffect(() => {
    if (shownByLoader) {
      shownByLoader = false;
      shown.current = true;
      return;
    }
    if (showClosedNotice(hours?.meta, timeZone)) shown.current = true;
  }, [hours, timeZone]);
  return shown;
}
