import { useEffect, useRef } from 'react';

/**
 * Follows an SSE stream of the API while the component is mounted and `path` is set. The stream's
 * code (`live.ts`) loads on first use, after `delayMs`: it is no part of a page's first paint.
 */
export function useLive(path: string | null, onEvent: (type: string) => void, options: { headers?: Record<string, string>; delayMs?: number } = {}): void {
  // The latest handler and headers, without reopening the stream when they change identity.
  const latest = useRef({ onEvent, headers: options.headers });
  latest.current = { onEvent, headers: options.headers };
  const delayMs = options.delayMs ?? 0;
  useEffect(() => {
    if (!path) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const timer = setTimeout(() => {
      void import('./live').then(({ followLive }) => {
        if (cancelled) return;
        stop = followLive({ path, headers: () => latest.current.headers ?? {}, onEvent: (type) => latest.current.onEvent(type) });
      });
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      stop?.();
    };
  }, [path, delayMs]);
}
