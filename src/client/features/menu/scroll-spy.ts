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

/**
 * The section being read (the last one whose top has passed under the sticky bar), and a jump
 * that scrolls a section to just below the bar. While a jump's smooth scroll runs, the sections it
 * passes do not light up one after another.
 */
export function useScrollSpy(sectionIds: readonly string[], bar: RefObject<HTMLElement | null>) {
  const [active, setActive] = useState<string | null>(null);
  const lockedUntil = useRef(0);
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
    update();
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
      const top = el.getBoundingClientRect().top + window.scrollY - stuckLine(bar.current) - 8;
      // Released by `scrollend`; the timeout covers browsers without it.
      lockedUntil.current = performance.now() + (smooth ? 1200 : 150);
      setActive(id);
      window.scrollTo({ top: Math.max(0, top), behavior: smooth ? 'smooth' : 'auto' });
      // Keyboard and screen-reader users continue reading at the section they chose.
      if (how.focus !== false) el.querySelector<HTMLElement>('[tabindex="-1"]')?.focus({ preventScroll: true });
    },
    [bar],
  );

  return { active, jump };
}
