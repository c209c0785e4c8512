import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Entry pages for the signed-in app's routes that name, in their head, every chunk the route's first
 * screen runs: `app.html` for any page of the shell, `wel.html` for the workbench (the server picks one by
 * path; `index.html` stays what `/login` and everything else gets).
 *
 * Why: without them the browser learns of the shell's ~70 chunks only when `main` runs and asks for the
 * shell, and Vite's preload helper then adds a `<link rel="modulepreload">` to the document for each, one
 * DOM insertion at a time inside the task that evaluates the modules. At a phone's CPU that was 100–150 ms
 * of the workbench's blocking time (Chromium traces, docs/bench.md). Named in the HTML, the same links are
 * read by the parser before the first paint (the preload scanner asks for them at once), and the helper,
 * finding each link already there, adds none.
 *
 * What it guarantees:
 * - **The same chunks Vite would preload, no more.** A group's files are the static-import closure of the
 *   chunks holding its modules, with their CSS, less what `index.html` already loads; CSS is preloaded
 *   (`rel="preload" as="style"`), not applied, so nothing blocks the first paint that did not before.
 * - **Links the helper recognises.** Each href is the one the helper builds (`base` + file), with
 *   `crossorigin` as its own, so it is found by its selector and the cached response is used.
 * - **Nothing missed.** A module of a group that is in no chunk fails the build (renamed or moved).
 */

export interface PreloadGroup {
  /** The page written beside index.html. */
  html: string;
  /** Source files (relative to the Vite root) whose chunks, and their static imports, the page names. */
  modules: string[];
  /**
   * An inline script the page runs as its head is read, before the links (src/shared/http/early.ts: the
   * first screen's data asked for beside the code). The server allows it by its hash.
   */
  script?: string;
}

/** What the plugin reads of a chunk (Rollup's OutputChunk, with Vite's CSS metadata). */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  moduleIds: string[];
  imports: string[];
  css: string[];
}

/** The static-import closure of some chunks, in the order a depth-first walk meets them. */
function closure(chunks: Map<string, ChunkInfo>, starts: string[]): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const i of chunks.get(file)?.imports ?? []) walk(i);
  };
  for (const s of starts) walk(s);
  return [...seen];
}

/** The JS and CSS files a group's page names beyond those the entry page already loads. */
export function groupFiles(
  chunks: ChunkInfo[],
  entryModule: string,
  modules: string[],
): { js: string[]; css: string[] } {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === entryModule);
  if (!entry) throw new Error(`routePreloads: no entry chunk for ${entryModule}`);
  const loaded = new Set(closure(byFile, [entry.fileName]));
  const loadedCss = new Set([...loaded].flatMap((f) => byFile.get(f)?.css ?? []));
  const starts = modules.map((m) => {
    const holder = chunks.find((c) => c.moduleIds.includes(m));
    if (!holder) throw new Error(`routePreloads: ${m} is in no chunk of the build`);
    return holder.fileName;
  });
  const js = closure(byFile, starts).filter((f) => !loaded.has(f));
  const css = [...new Set(js.flatMap((f) => byFile.get(f)?.css ?? []))].filter((f) => !loadedCss.has(f));
  return { js, css };
}

/**
 * The entry page with the group's links at the end of its head and its script at the head's start, right
 * after the character set: an inline script waits for the style sheets named before it, and this one needs
 * none of them.
 */
export function withPreloads(
  html: string,
  base: string,
  files: { js: string[]; css: string[] },
  script?: string,
): string {
  if (!html.includes('</head>')) throw new Error('routePreloads: the entry page has no </head>');
  const links = [
    ...files.js.map((f) => `<link rel="modulepreload" crossorigin href="${base}${f}">`),
    ...files.css.map((f) => `<link rel="preload" as="style" crossorigin href="${base}${f}">`),
  ];
  let out = html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
  if (script) {
    if (script.includes('</script')) throw new Error('routePreloads: the script would end its own element');
    const start = /<meta charset[^>]*>/i.exec(out) ?? /<head[^>]*>/i.exec(out);
    if (!start) throw new Error('routePreloads: the entry page has no <head>');
    const at = start.index + start[0].length;
    out = `${out.slice(0, at)}\n    <script>${script}</script>${out.slice(at)}`;
  }
  return out;
}

export function routePreloads(entryHtml: string, groups: PreloadGroup[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'forecourt:route-preloads',
    apply: 'build',
    // After Vite's own HTML plugin has written index.html into the bundle.
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const page = bundle[entryHtml];
      if (!page || page.type !== 'asset') return;
      const chunks: ChunkInfo[] = Object.values(bundle).flatMap((o) =>
        o.type === 'chunk'
          ? [
              {
                fileName: o.fileName,
                isEntry: o.isEntry,
                facadeModuleId: o.facadeModuleId,
                moduleIds: o.moduleIds,
                imports: o.imports,
                css: [...(o.viteMetadata?.importedCss ?? [])],
              },
            ]
          : [],
      );
      const html = String(page.source);
      const entryModule = path.join(root, entryHtml);
      for (const g of groups) {
        const files = groupFiles(
          chunks,
          entryModule,
          g.modules.map((m) => path.join(root, m)),
        );
        this.emitFile({
          type: 'asset',
          fileName: g.html,
          source: withPreloads(html, base, files, g.script),
        });
      }
    },
  };
}
