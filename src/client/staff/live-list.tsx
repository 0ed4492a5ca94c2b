import { useLingui } from '@lingui/react/macro';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { followLive, type LiveStatus } from '../lib/live';
import { staffHeaders } from './api';

/**
 * A staff list that follows one topic of the live stream: on every (re)connect and every event of
 * that topic (a new one, or one changed on another screen) the list is read again.
 */
export function useLiveRefresh(topic: string, queryKey: QueryKey): LiveStatus {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveStatus>('connecting');
  // The latest key, without reconnecting the stream when a screen passes a new array.
  const key = useRef(queryKey);
  key.current = queryKey;
  useEffect(
    () =>
      followLive({
        path: '/staff/events',
        headers: staffHeaders,
        onStatus: setLive,
        onEvent: (type) => {
          if (type === 'hello' || type === topic) void queryClient.invalidateQueries({ queryKey: key.current });
        },
      }),
    [queryClient, topic],
  );
  return live;
}

/** Whether the screen is following the restaurant live: a cook must see at once when it is not. */
export function LiveBadge({ live }: { live: LiveStatus }) {
  const { t } = useLingui();
  return (
    <span className={`staff-health__item staff-health__item--${live === 'open' ? 'ok' : 'bad'}`} data-testid="live-status" data-status={live}>
      {live === 'open' ? t`Live` : t`Reconnecting…`}
    </span>
  );
}
