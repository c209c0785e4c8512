/**
 * Which of the web build's entry pages a path of the app gets. They are the same app; they differ only in
 * what their head asks the browser to fetch at once (apps/web/vite/routePreloads.ts):
 * - `wel.html`: the shell and the workbench (the root and the workbench, where a signed-in day starts);
 * - `app.html`: the shell (every other page of the signed-in app);
 * - `index.html`: nothing more (the sign-in page and the pages outside the workspace, which a signed-out
 *   visitor sees and which must stay light);
 * - `h5.html`: the customers' mobile chat, a separate entry.
 */
export type WebPage = 'index.html' | 'app.html' | 'wel.html' | 'h5.html';

/** Routes of the web app drawn outside the workspace (apps/web/src/app/router.tsx). */
const OUTSIDE = new Set(['/login', '/lock', '/403', '/404', '/500']);
const WORKBENCH = new Set(['/', '/wel', '/wel/index']);

export function webPageFor(url: string): WebPage {
  const raw = url.split(/[?#]/)[0] ?? '/';
  const pathname = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
  if (pathname.startsWith('/h5/')) return 'h5.html';
  if (OUTSIDE.has(pathname)) return 'index.html';
  if (WORKBENCH.has(pathname || '/')) return 'wel.html';
  return 'app.html';
}
