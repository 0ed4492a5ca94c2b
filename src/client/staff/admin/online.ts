import { useSyncExternalStore } from 'react';

/**
 * Whether this device has a connection. The diner's `features/pwa/online` says the same; the
 * staff side keeps its own few lines because importing that module from here splits it out of the
 * diner's first page into a chunk of its own (decision 014: every chunk costs a diner a request).
 */
function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine);
}
