import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * True in the server's render and while the browser hydrates it (decision 045), false from the
 * browser's own renders on: React renders the server's answer first, then the browser's. For what
 * only the first paint needs, such as a dialog shown open before its script can open it.
 */
export function useServerPass(): boolean {
  return useSyncExternalStore(
    never,
    () => false,
    () => true,
  );
}
