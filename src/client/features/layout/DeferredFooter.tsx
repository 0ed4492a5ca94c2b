import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

/**
 * The footer loads when the diner scrolls near it: below a long menu, it is no part of the first
 * screen a phone has to download. A short page is near it at once.
 */
export function DeferredFooter() {
  const [near, setNear] = useState(false);
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = spot.current;
    if (!el || near) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setNear(true);
    }, { rootMargin: '800px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  const placeholder = <div ref={spot} className="footer-spot" />;
  return near ? <Suspense fallback={placeholder}><Footer /></Suspense> : placeholder;
}
