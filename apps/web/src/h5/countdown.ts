import { useEffect, useState } from 'react';

/** Seconds left until `until` (ms epoch), ticking every 500 ms (spec §9 clock tick); 0 when passed. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [n, setN] = useState(left);
  useEffect(() => {
    setN(left());
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const v = left();
      setN(v);
      if (v === 0) window.clearInterval(timer);
    }, 500);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return n;
}

/** Spec: a new code may be asked for 60 s after the last one. */
export const RESEND_SECONDS = 60;
