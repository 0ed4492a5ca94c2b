import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The screen's <h1>. It takes focus when the screen opens, so a screen reader starts reading the new
 * screen after a link, a save or a removal instead of from a button that is gone.
 */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="address-page__title">
      {children}
    </h1>
  );
}
