import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

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
export const WEB_PAGES: readonly WebPage[] = ['index.html', 'app.html', 'wel.html', 'h5.html'];

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

/** A `<script>` element without `src`: what the page runs inline. */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * The Content Security Policy sources that allow the entry pages' inline scripts, each by the SHA-256 of
 * its text (`'sha256-…'`): app.html and wel.html ask for their first screen's data from their head
 * (apps/web/src/shared/http/early.ts). Read from the build at start, so a new build's scripts are allowed
 * and nothing else inline is; a page that is not there adds none.
 */
export function inlineScriptSources(dist: string): string[] {
  const sources = new Set<string>();
  for (const page of WEB_PAGES) {
    let html: string;
    try {
      html = fs.readFileSync(path.join(dist, page), 'utf8');
    } catch {
      continue;
    }
    for (const [, text] of html.matchAll(INLINE_SCRIPT))
      sources.add(`'sha256-${createHash('sha256').update(text!, 'utf8').digest('base64')}'`);
  }
  return [...sources];
}
