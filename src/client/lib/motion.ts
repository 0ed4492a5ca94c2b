/** Whether the diner asked the system for less motion (WCAG 2.3.3); read at the moment of moving. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/** The `behavior` for scrollTo/scrollBy/scrollIntoView: smooth, unless the diner asked for less motion. */
export function scrollBehavior(): ScrollBehavior {
  return prefersReducedMotion() ? 'auto' : 'smooth';
}
