import { useEffect } from 'react';

/**
 * Ctrl+K (⌘K) asks for the search overlay. Listened for by the layout from its first frame, so a press made
 * before the chrome's chunk is in opens the overlay as soon as it is.
 */
export function useSearchKey(onPress: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        onPress();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPress]);
}
