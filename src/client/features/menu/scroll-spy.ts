import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Where a section's top sits once the sticky bar is stuck: the bar's sticky offset plus its height. */
function stuckLine(bar: HTMLElement | null): number {
  if (!bar) return 0;
  const top = Number.parseFloat(getComputedStyle(bar).top);
  return (Number.isFinite(top) ? top : 0) + bar.offsetHeight;
}

function reducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** How long a jump keeps its section under the bar after the page above it last changed, and at most. */
const HOLD_MS = 3000;
const HOLD_MAX_MS = 15_000;
/** What a diner does to scroll by themselves, which ends the hold at once. */
const OWN_SCROLL = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Sections above the one jumped to may still change height while the page scrolls there (their
 * skeletons fill in, decision 037), which would leave it under the bar or a screen below: until the
 * diner scrolls by themselves, or a few seconds pass without such a change, every change of the
 * page's height scrolls it back to just under the bar. Returns what ends the hold.
 */
function holdInPlace(targetTop: () => number, behavior: ScrollBehavior, onMove: () => void): () => void {
  let aimed = targetTop();
  const until = performance.now() + HOLD_MAX_MS;
  const observer = new ResizeObserver(() => {
    const top = targetTop();
    if (Math.abs(top - aimed) < 1) return;
    aimed = top;
    onMove();
    window.scrollTo({ top, behavior });
    clearTimeout(timer);
    timer = setTimeout(stop, Math.min(HOLD_MS, until - performance.now()));
  });
  observer.observe(document.body);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of OWN_SCROLL) window.removeEventListener(type, stop, true);
  };
  let timer = setTimeout(stop, HOLD_MS);
  for (const type of OWN_SCROLL) window.addEventListener(type, stop, { capture: true, passive: true });
  return stop;
}

/**
 * The section being read (the last one whose top has passed under the sticky bar), and a jump
 * that scrolls a section to just below the bar. While a jump's smooth scroll runs, the sections it
 * passes do not light up one after another.
 */
export function useScrollSpy(sectionIds: readonly string[], bar: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState<string | null>(null);
  const lockedUntil = useRef(0);
  const endHold = useRef<() => void>(() => undefined);
  const key = sectionIds.join('|');

  useEffect(() => {
    const ids = key ? key.split('|') : [];
    let frame = 0;
    const update = () => {
      frame = 0;
      if (performance.now() < lockedUntil.current) return;
      const line = stuckLine(bar.current) + 24;
      let current: string | null = ids[0] ?? null;
      for (const id of ids) {
        const el = document.getElementById(id);
        if (el && el.getBoundingClientRect().top <= line) current = id;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    const unlock = () => {
      lockedUntil.current = 0;
      onScroll();
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    window.addEventListener('scrollend', unlock);
    // In the next frame, not in React's commit: measuring here would lay out the whole new page
    // inside the commit's task, a slow phone's longest (decision 037).
    onScroll();
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      window.removeEventListener('scrollend', unlock);
    };
  }, [key, bar]);

  const jump = useCallback(
    (id: string, how: { instant?: boolean; focus?: boolean } = {}) => {
      const el = document.getElementById(id);
      if (!el) return;
      const smooth = !how.instant && !reducedMotion();
      const behavior: ScrollBehavior = smooth ? 'smooth' : 'auto';
      const targetTop = () => Math.max(0, el.getBoundingClientRect().top + window.scrollY - stuckLine(bar.current) - 8);
      // Released by `scrollend`; the timeout covers browsers without it.
      const lock = () => (lockedUntil.current = performance.now() + (smooth ? 1200 : 150));
      lock();
      setActive(id);
      window.scrollTo({ top: targetTop(), behavior });
      endHold.current();
      endHold.current = holdInPlace(targetTop, behavior, lock);
      // Keyboard and screen-reader users continue reading at the section they chose.
      if (how.focus !== false) el.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
    },
    [bar],
  );

  useEffect(() => () => endHold.current(), []);

  return { active, jump };
}
