import { startTransition, useEffect, useState } from 'react';

/** Long enough for the first screen's images and scripts; short enough that a quick scroll finds the rest. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * How many of `total` sections to show beyond those the first screen needs: none for the first
 * render, then `perSlice` more each time the browser is idle (decision 037). One commit of the whole
 * menu blocked a slow phone's main thread for half a second; a slice at a time keeps each commit
 * short, and each is a transition, so rendering it yields to taps and paints.
 */
export function useRevealedCount(total: number, perSlice: number): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (count >= total) return;
    const more = () => startTransition(() => setCount((c) => Math.min(total, c + perSlice)));
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(more, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(more, 200);
    return () => clearTimeout(id);
  }, [count, total, perSlice]);
  return count;
}
