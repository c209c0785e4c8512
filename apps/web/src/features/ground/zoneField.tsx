import type { FieldProps } from '@/shared/crud';
import { ZoneCascader } from '@/shared/pickers/ZoneCascader';

/** The store's zone on the zone cascader: the form holds the path of zone ids from the top. */
export function ZoneField({ value, onChange, disabled }: FieldProps) {
  return (
    <ZoneCascader
      value={value as string[] | undefined}
      onChange={(path) => onChange?.(path)}
      disabled={disabled}
    />
  );
}
