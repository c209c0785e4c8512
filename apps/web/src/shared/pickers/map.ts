/** Spec §3 map address model and the §5 rules of the address picker. */

export interface MapAddress {
  address: string;
  longitude?: number;
  latitude?: number;
  /** Region code of the address (district level by default). */
  areaCode?: string;
  departureLatitude?: number;
  departureLongitude?: number;
  arrivalLatitude?: number;
  arrivalLongitude?: number;
}

/** Which end of a trip the location also stands for, when the form has one. */
export type TripPoint = 'departure' | 'arrival';

export const MAP_DEFAULT_ZOOM = 12;

const env = import.meta.env as Record<string, string | undefined>;

/** Tiles come from a configurable server; an empty VITE_MAP_TILE_URL leaves the map without tiles. */
export const MAP_TILE_URL =
  env.VITE_MAP_TILE_URL !== undefined
    ? env.VITE_MAP_TILE_URL
    : 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
export const MAP_ATTRIBUTION = env.VITE_MAP_ATTRIBUTION ?? '&copy; OpenStreetMap contributors';

/** "lat,lng" of VITE_MAP_CENTER, else Shanghai (the seeded head office). */
export function mapCenter(raw = env.VITE_MAP_CENTER): [number, number] {
  const [lat, lng] = (raw ?? '').split(',').map(Number);
  return Number.isFinite(lat) && Number.isFinite(lng) && raw ? [lat!, lng!] : [31.2304, 121.4737];
}

export const emptyAddress = (): MapAddress => ({ address: '' });

export const isLocated = (v: MapAddress | undefined) =>
  v?.latitude !== undefined &&
  v.longitude !== undefined &&
  Number.isFinite(v.latitude) &&
  Number.isFinite(v.longitude);

const round = (n: number) => Math.round(n * 1e6) / 1e6;

/** Locking the location at a clicked point (6 decimals, about 0.1 m), also as the trip point if any. */
export function lockLocation(v: MapAddress, lat: number, lng: number, point?: TripPoint): MapAddress {
  const latitude = round(lat);
  const longitude = round(((((lng + 180) % 360) + 360) % 360) - 180);
  return {
    ...v,
    latitude,
    longitude,
    ...(point === 'departure' ? { departureLatitude: latitude, departureLongitude: longitude } : {}),
    ...(point === 'arrival' ? { arrivalLatitude: latitude, arrivalLongitude: longitude } : {}),
  };
}

export type MapProblem = 'pickers.addressMissing' | 'pickers.locationMissing';

/** Confirming the dialog: an address, and a location locked on the map. */
export function checkMapAddress(v: MapAddress | undefined): MapProblem | null {
  if (!v?.address?.trim()) return 'pickers.addressMissing';
  if (!isLocated(v)) return 'pickers.locationMissing';
  return null;
}

/** Form-level check (antd rule): 'please enter the address' / the location message, or null. */
export function mapFieldProblem(
  v: MapAddress | undefined,
): 'pickers.addressRequired' | 'pickers.locationMissing' | null {
  if (!v?.address?.trim()) return 'pickers.addressRequired';
  if (!isLocated(v)) return 'pickers.locationMissing';
  return null;
}

export const formatLatLng = (v: MapAddress) =>
  isLocated(v) ? `${v.latitude!.toFixed(6)}, ${v.longitude!.toFixed(6)}` : '';
