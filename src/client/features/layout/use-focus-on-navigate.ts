import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * After an in-app navigation the focus would stay on a button the old page took with it (the
 * body, for a keyboard or screen-reader user: "where am I?"), or go back to the opener of a
 * dialog the navigation closed. Once the new page has loaded, its heading takes the focus, so
 * reading and tabbing start at the top of what changed. The first page load keeps the browser's
 * own start (the skip link first).
 */
export function useFocusOnNavigate(): void {
  const path = useRouterState({ select: (s) => s.resolvedLocation?.pathname ?? null });
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    previous.current = path;
    if (path === null || from === null || from === path) return;
    // A frame later: dialogs closed by the navigation hand the focus back first, and lose.
    const frame = requestAnimationFrame(() => {
      if (document.querySelector('dialog[open]')) return;
      const main = document.getElementById('main');
      if (!main) return;
      // Something on the new page took the focus on purpose (an autofocus field): leave it there.
      if (main.contains(document.activeElement) && document.activeElement !== main) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      (heading ?? main).focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [path]);
}
