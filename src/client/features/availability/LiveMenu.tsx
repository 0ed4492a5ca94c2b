import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { availabilityQuery } from './queries';

/**
 * Open menus hear of sold-out dishes and pauses within a second: the stream says something
 * changed, the availability is read again. The stream's code loads after the first page.
 */
export function LiveMenu() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Once the first page is up and the browser has a quiet moment: the stream is no part of the first paint.
    const timer = setTimeout(() => {
      void import('../../lib/live').then(({ followLive }) => {
        if (cancelled) return;
        stop = followLive({
          path: '/live',
          onEvent: () => void queryClient.invalidateQueries({ queryKey: availabilityQuery().queryKey }),
        });
      });
    }, 2_500);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [queryClient]);
  return null;
}
