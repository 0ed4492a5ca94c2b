import { useEffect, type RefObject } from 'react';

/**
 * Follows the scroll of `scroller` once per frame: `--sheet-scroll` (px) lets CSS shrink the
 * picture (only when the diner has not asked for reduced motion), and `data-collapsed` is set
 * once `heading` has gone under the sticky bar, so the bar shows the name instead.
 */
export function useCollapsingHeader(scroller: RefObject<HTMLElement | null>, heading: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const el = scroller.current;
    const title = heading.current;
    if (!el || !title) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const bar = el.firstElementChild instanceof HTMLElement ? el.firstElementChild.offsetHeight : 0;
      const headingEnd = title.offsetTop + title.offsetHeight;
      // Past the heading the picture is gone: no need to restyle on every frame of a long list.
      el.style.setProperty('--sheet-scroll', `${Math.min(el.scrollTop, headingEnd)}px`);
      el.toggleAttribute('data-collapsed', el.scrollTop > headingEnd - bar);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      el.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [scroller, heading]);
}
