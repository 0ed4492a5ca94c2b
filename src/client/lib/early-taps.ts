import { useEffect, useRef, type RefObject } from 'react';

declare global {
  interface Window {
    /** The buttons tapped on the server's render before the app's first commit, in order (`server/ssr/early-taps.ts`). */
    __earlyTaps?: HTMLElement[];
    /** Set once the app's first render is committed: taps reach its handlers directly from then on. */
    __tapsLive?: boolean;
  }
}

/** How long a tap on the server's page waits for its button to come alive: past it, the diner has moved on. */
const KEPT_MS = 5_000;

/**
 * Takes the early tap of this button, if there was one: the same element when the app hydrated
 * the server's HTML; when it rendered afresh, the tapped button with the same `data-tap` (the
 * menu's "+", by dish).
 */
function takeEarlyTap(button: HTMLElement): boolean {
  const taps = window.__earlyTaps ?? [];
  const key = button.dataset.tap;
  const at = taps.findIndex((tapped) => tapped === button || (key !== undefined && !tapped.isConnected && tapped.dataset.tap === key));
  if (at < 0) return false;
  taps.splice(at, 1);
  return true;
}

/**
 * For a button a diner may tap before the app has started: once it is live (its component's
 * effect has run, so React has attached its handler), a tap kept for it is tapped again. Part of
 * the component, because a root's first commit can come before a lazy part of it is hydrated.
 */
export function useEarlyTap<T extends HTMLElement>(): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const button = ref.current;
    if (button && takeEarlyTap(button)) button.click();
  }, []);
  return ref;
}

/**
 * Rendered beside the app (it renders nothing, on the server too): after the first commit, taps
 * reach the page directly, and a kept tap of a button without `data-tap` that is still on the
 * page is tapped again. Those with one wait for their button's own `useEarlyTap`, a few seconds.
 */
export function EarlyTapsReplay(): null {
  useEffect(() => {
    window.__tapsLive = true;
    const taps = window.__earlyTaps ?? [];
    for (const tapped of taps.filter((button) => button.dataset.tap === undefined)) if (takeEarlyTap(tapped) && tapped.isConnected) tapped.click();
    const timer = setTimeout(() => (window.__earlyTaps = []), KEPT_MS);
    return () => clearTimeout(timer);
  }, []);
  return null;
}
