import { useCallback, useRef, useState } from 'react';

/**
 * A value that is either the parent's (value + onChange, as antd Form items pass) or kept here. The ref
 * always holds the latest value, so uploads finishing in the same tick append to each other's result.
 */
export function useControlled<T>(value: T | undefined, onChange: ((v: T) => void) | undefined, initial: T) {
  const [own, setOwn] = useState<T>(initial);
  const current = value !== undefined ? value : own;
  const ref = useRef(current);
  ref.current = current;
  const set = useCallback(
    (next: T | ((prev: T) => T)) => {
      const v = typeof next === 'function' ? (next as (p: T) => T)(ref.current) : next;
      ref.current = v;
      setOwn(v);
      onChange?.(v);
    },
    [onChange],
  );
  return [current, set, ref] as const;
}
