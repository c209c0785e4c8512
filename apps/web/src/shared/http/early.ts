/**
 * Early answers: a signed-in page's head asks for the data its first screen waits on while the app's
 * code is still on its way, and the HTTP client takes those answers instead of asking again.
 *
 * Why: the workspace shows nothing before the user, their buttons and the menus are in, and it could ask
 * for them only once its ~80 chunks had arrived and run. On a phone's network each of those round trips
 * came after the code, not beside it (docs/bench.md, "early answers").
 *
 * What it guarantees:
 * - **The same request the client would send.** The page's script sends each GET with the headers
 *   `send()` sets (client, language, token), read from the same storage entries (shared/storage); an
 *   answer is taken only for the same path, token and language, and only once.
 * - **Nothing the client would not do.** Only the paths named here, only with a token, never while the
 *   screen is locked; the page's script is inline, allowed by its hash in the Content Security Policy
 *   (apps/server/src/web-pages.ts).
 * - **Nothing lost on a failure.** An early answer that is not a 200 (an expired token, a server error,
 *   no network) is dropped and the client sends its own request, which the spec §8 rules then judge as
 *   they always did.
 *
 * This module is read by the build (vite/routePreloads.ts writes the script into app.html and wel.html),
 * so it imports nothing of the app.
 */

/** What every signed-in page's first screen waits on: the user, their buttons, the menus. */
export const EARLY_SHELL = [
  '/api/blade-auth/oauth/user-info',
  '/api/blade-system/menu/buttons',
  '/api/blade-system/menu/routes',
  '/api/blade-system/menu/top-menu',
];
/** The workbench's own data (features/desk/api.ts). */
export const EARLY_WORKBENCH = ['/api/blade-desk/workbench'];

/** Where the page's script leaves its answers for the client. */
export const EARLY_GLOBAL = '__forecourtEarly';

export interface EarlyRaw {
  status: number;
  text: string;
}

export interface EarlyEntry {
  token: string;
  lang: string;
  answer: Promise<EarlyRaw | undefined>;
}

/**
 * The page's script, run in the browser as it parses the head: stringified into the page by the build,
 * so it may use nothing outside itself. `site` is shared/storage's SITE_KEY, `basic` the client's
 * Authorization, `timeoutMs` the client's time-out, `global` where it leaves the answers (EARLY_GLOBAL).
 */
export function sendEarly(
  w: Window,
  urls: string[],
  site: string,
  basic: string,
  timeoutMs: number,
  global: string,
): void {
  try {
    const read = (name: string, areas: Storage[]): unknown => {
      for (const area of areas) {
        const raw = area.getItem(`${site}-${name}`);
        if (raw === null) continue;
        return (JSON.parse(raw) as { content?: unknown }).content;
      }
      return undefined;
    };
    const token = read('token', [w.sessionStorage, w.localStorage]);
    if (typeof token !== 'string' || !token || read('isLock', [w.sessionStorage]) === true) return;
    const lang = read('language', [w.localStorage]) === 'en' ? 'en' : 'zh-CN';
    const headers = {
      Accept: 'application/json, text/plain, */*',
      Authorization: basic,
      'Accept-Language': lang,
      'Blade-Auth': `bearer ${token}`,
    };
    const entries: Record<string, EarlyEntry> = {};
    for (const url of urls) {
      entries[url] = {
        token,
        lang,
        answer: w
          .fetch(url, {
            headers,
            credentials: 'same-origin',
            priority: 'high',
            signal: AbortSignal.timeout(timeoutMs),
          })
          .then((r) => r.text().then((text) => ({ status: r.status, text })))
          .catch(() => undefined),
      };
    }
    (w as unknown as Record<string, unknown>)[global] = entries;
  } catch {
    // Storage refused or unreadable: the client asks for everything itself, as without this script.
  }
}

/** The script text of a page that asks early for `urls`. */
export function earlyScript(urls: string[], site: string, basic: string, timeoutMs: number): string {
  const args = [urls, site, basic, timeoutMs, EARLY_GLOBAL].map((a) => JSON.stringify(a)).join(', ');
  return `(${sendEarly.toString()})(window, ${args});`;
}

/**
 * The early answer for a GET of `url` sent with this token and language, once; undefined when the page
 * asked for none (or another token's, or another language's: then it is dropped).
 */
export function takeEarly(
  url: string,
  token: string,
  lang: string,
): Promise<EarlyRaw | undefined> | undefined {
  const entries = (window as unknown as Record<string, Record<string, EarlyEntry> | undefined>)[EARLY_GLOBAL];
  const entry = entries?.[url];
  if (!entry) return undefined;
  delete entries[url];
  return entry.token === token && entry.lang === lang ? entry.answer : undefined;
}
