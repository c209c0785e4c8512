import { Suspense, lazy, useEffect, useState } from 'react';

// The spinner loads only when one is shown: most loads are quicker than `delay`, and the sign-in page
// would otherwise carry antd's Spin (with its styles and motion) without ever drawing it.
const Spin = lazy(() => import('antd/es/spin'));

/**
 * The full-screen spinner for a page still loading, shown only when loading takes longer than `delay`
 * ms: a quick load paints its page directly, with no spinner flashing first. (A spinner painted for a
 * moment also makes all the work that follows count as blocking the page, in Lighthouse's eyes.)
 */
export function LoadingScreen({ delay = 500 }: { delay?: number }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return shown ? (
    <Suspense>
      <Spin fullscreen />
    </Suspense>
  ) : null;
}
