/**
 * Browser storage with the spec's shape: keys prefixed by the site key, entries
 * { dataType, content, type, datetime }. `type` says local or session.
 */
export const SITE_KEY = 'forecourt';

export interface StoreEntry<T = unknown> {
  dataType: string;
  content: T;
  type: 'local' | 'session';
  datetime: number;
}

const areaOf = (session?: boolean) => (session ? window.sessionStorage : window.localStorage);
const keyOf = (name: string) => `${SITE_KEY}-${name}`;

export function setStore<T>(name: string, content: T, session = false): void {
  const entry: StoreEntry<T> = {
    dataType: Array.isArray(content) ? 'array' : content === null ? 'null' : typeof content,
    content,
    type: session ? 'session' : 'local',
    datetime: Date.now(),
  };
  areaOf(session).setItem(keyOf(name), JSON.stringify(entry));
}

export function getStore<T>(name: string, session?: boolean): T | undefined {
  for (const area of session === undefined
    ? [window.sessionStorage, window.localStorage]
    : [areaOf(session)]) {
    const raw = area.getItem(keyOf(name));
    if (raw === null) continue;
    try {
      return (JSON.parse(raw) as StoreEntry<T>).content;
    } catch {
      area.removeItem(keyOf(name));
    }
  }
  return undefined;
}

export function removeStore(name: string): void {
  window.localStorage.removeItem(keyOf(name));
  window.sessionStorage.removeItem(keyOf(name));
}

/** Removes every entry of ours except the ones named (preferences such as theme and language survive sign-out). */
export function clearStore(keep: string[] = []): void {
  for (const area of [window.localStorage, window.sessionStorage]) {
    for (const k of Object.keys(area)) {
      if (k.startsWith(`${SITE_KEY}-`) && !keep.includes(k.slice(SITE_KEY.length + 1))) area.removeItem(k);
    }
  }
}
