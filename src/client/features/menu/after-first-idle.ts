import { useEffect, useState } from 'react';

/** Long enough for the first screen's images and scripts; short enough that a quick scroll finds the rest. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the browser's first idle moment after the first commit, then true. The menu asks for
 * the other categories' dishes then (for the search and for offline use), without rendering them:
 * a section renders when it comes near the viewport (decision 044).
 */
export function useAfterFirstIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(done, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 200);
    return () => clearTimeout(id);
  }, [idle]);
  return idle;
}
