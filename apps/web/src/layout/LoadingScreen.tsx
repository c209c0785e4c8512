import { useEffect, useState } from 'react';
import { Spin } from 'antd';

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
  return shown ? <Spin fullscreen /> : null;
}
