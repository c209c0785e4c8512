import type { FieldProps } from '@/shared/crud';
import { MapAddressPicker } from '@/shared/pickers/MapAddressPicker';
import type { MapAddress } from '@/shared/pickers/map';

/** The store's address and its place on the map, as one field. */
export function PlaceField({ value, onChange, disabled }: FieldProps) {
  return (
    <MapAddressPicker
      value={value as MapAddress | undefined}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
    />
  );
}
