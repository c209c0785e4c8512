import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Draws `children` once its place comes within `margin` of the viewport, and keeps them from then on.
 * Until then the place is an empty box of the same height, carrying the same role and name, so the page
 * does not jump and assistive technology finds the same thing. What is below the fold (the workbench's
 * charts, with ECharts behind them) then loads when the user scrolls to it, not with the page. Without
 * IntersectionObserver (old browsers, jsdom) the children are drawn at once.
 */
export function WhenVisible(props: {
  children: ReactNode;
  height: number;
  role?: string;
  label?: string;
  margin?: string;
}) {
  const { children, height, role, label, margin = '200px' } = props;
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !place.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(place.current);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return children;
  return <div ref={place} style={{ height }} role={role} aria-label={label} />;
}
