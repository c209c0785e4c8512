import { useSyncExternalStore } from 'react';

/** Spec §9 screen tiers: ≥1200 → 3, ≥992 → 2, ≥768 → 1, else 0. */
export const screenTier = (width: number) => (width >= 1200 ? 3 : width >= 992 ? 2 : width >= 768 ? 1 : 0);

const subscribe = (cb: () => void) => {
  window.addEventListener('resize', cb);
  return () => window.removeEventListener('resize', cb);
};

export const useScreen = () => useSyncExternalStore(subscribe, () => screenTier(window.innerWidth));
