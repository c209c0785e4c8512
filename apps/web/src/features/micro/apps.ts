/**
 * The micro-apps the shell can host (spec §1, §2 /qiankun/micro), from the build setting
 * VITE_MICRO_APPS: `name=entry` pairs separated by commas, merged over the defaults below. An entry
 * is the micro-app's HTML page: a same-origin path ending in .html (the server answers other paths
 * with the shell itself), or an http(s) address.
 */

/** The product's sub-applications (spec §1), plus the sample this repository ships (apps/micro-demo). */
export const MICRO_APP_NAMES = [
  'demo',
  'comments',
  'product',
  'finance',
  'customer',
  'transaction',
  'cms',
  'scrm',
  'insurance',
  'carsource',
  'user',
] as const;

/** Deployed by convention beside the shell at /micro/<name>/index.html unless the setting says otherwise. */
const DEFAULTS: Record<string, string> = Object.fromEntries(
  MICRO_APP_NAMES.map((n) => [n, `/micro/${n}/index.html`]),
);

const NAME = /^[a-z][a-z0-9_-]*$/;
const validEntry = (entry: string) => /^https?:\/\/\S+$/i.test(entry) || /^\/\S*\.html$/.test(entry);

/** Parses the setting; pairs with a bad name or entry are left out (and named in `rejected`). */
export function parseMicroApps(setting: string | undefined): {
  apps: Record<string, string>;
  rejected: string[];
} {
  const apps = { ...DEFAULTS };
  const rejected: string[] = [];
  for (const pair of (setting ?? '').split(',')) {
    const text = pair.trim();
    if (!text) continue;
    const at = text.indexOf('=');
    const name = text.slice(0, at).trim();
    const entry = text.slice(at + 1).trim();
    if (at < 1 || !NAME.test(name) || !validEntry(entry)) rejected.push(text);
    else apps[name] = entry;
  }
  return { apps, rejected };
}

export const MICRO_APPS = parseMicroApps(import.meta.env.VITE_MICRO_APPS).apps;

/** Spec §9: a micro-app's files must arrive within this time. */
export const CHUNK_TIMEOUT_MS = 120_000;
