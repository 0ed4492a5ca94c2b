/**
 * Spec §2: "We are closed" once per session when the restaurant is out of its working hours (a
 * future order is still possible).
 */
import { msg } from '@lingui/core/macro';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Setting, WorkingHoursMeta } from '../../../shared/contract/catalog';
import { settingsMap, timeZoneOf } from '../../../shared/contract/settings';
import { intlLocale } from '../../../shared/i18n/locales';
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
  const next = meta.nextOpen
    ? new Intl.DateTimeFormat(intlLocale(i18n.locale), { weekday: 'long', hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(meta.nextOpen))
    : '';
  pushToast(
    {
      tone: 'info',
      title: i18n._(msg`We are closed`),
      body: next
        ? i18n._(msg`The restaurant is out of working hours. Only a future order is possible; the earliest date is ${next}.`)
        : i18n._(msg`The restaurant is out of working hours. Only a future order is possible.`),
    },
    8000,
  );
  return true;
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
