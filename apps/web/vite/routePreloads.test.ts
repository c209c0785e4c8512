import { describe, expect, it } from 'vitest';
import { groupFiles, withPreloads, type ChunkInfo } from './routePreloads';

const chunk = (fileName: string, imports: string[], more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  fileName,
  isEntry: false,
  facadeModuleId: null,
  moduleIds: [],
  imports,
  css: [],
  ...more,
});

// main (the entry) → react; shell → antd → react; workspace (holding two modules) → antd, icons.
const chunks = [
  chunk('assets/main.js', ['assets/react.js'], {
    isEntry: true,
    facadeModuleId: '/w/index.html',
    moduleIds: ['/w/src/main.tsx'],
    css: ['assets/main.css'],
  }),
  chunk('assets/react.js', []),
  chunk('assets/shell.js', ['assets/antd.js'], { moduleIds: ['/w/src/Shell.tsx'] }),
  chunk('assets/antd.js', ['assets/react.js'], { css: ['assets/antd.css', 'assets/main.css'] }),
  chunk('assets/workspace.js', ['assets/antd.js', 'assets/icons.js'], {
    moduleIds: ['/w/src/Workspace.tsx', '/w/src/Chrome.tsx'],
    css: ['assets/workspace.css'],
  }),
  chunk('assets/icons.js', ['assets/antd.js']),
  chunk('assets/other.js', ['assets/antd.js'], { moduleIds: ['/w/src/Other.tsx'] }),
];

describe('the chunks a route preloads', () => {
  it("is the static closure of its modules' chunks, each once, less what the entry loads", () => {
    const files = groupFiles(chunks, '/w/index.html', [
      '/w/src/Shell.tsx',
      '/w/src/Workspace.tsx',
      '/w/src/Chrome.tsx',
    ]);
    expect(files.js).toEqual(['assets/shell.js', 'assets/antd.js', 'assets/workspace.js', 'assets/icons.js']);
    // The entry's own sheet is already applied; the others are preloaded once each.
    expect(files.css).toEqual(['assets/antd.css', 'assets/workspace.css']);
  });

  it('fails the build for a module in no chunk, or an entry not in the build', () => {
    expect(() => groupFiles(chunks, '/w/index.html', ['/w/src/Gone.tsx'])).toThrow(
      /Gone\.tsx is in no chunk/,
    );
    expect(() => groupFiles(chunks, '/w/other.html', [])).toThrow(/no entry chunk/);
  });

  it('writes the links the preload helper looks for, at the end of the head, nothing applied', () => {
    const html =
      '<html><head><script type="module" src="/assets/main.js"></script>\n  </head><body></body></html>';
    const out = withPreloads(html, '/', { js: ['assets/shell.js'], css: ['assets/antd.css'] });
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/shell.js">');
    expect(out).toContain('<link rel="preload" as="style" crossorigin href="/assets/antd.css">');
    expect(out).not.toContain('rel="stylesheet"');
    expect(out.indexOf('/assets/shell.js')).toBeGreaterThan(out.indexOf('/assets/main.js'));
    expect(out.indexOf('/assets/antd.css')).toBeLessThan(out.indexOf('</head>'));
    expect(() => withPreloads('<html><body></body></html>', '/', { js: [], css: [] })).toThrow(/no <\/head>/);
  });

  it("runs the group's script first in the head, before any style sheet, and refuses one that would end its own element", () => {
    const html =
      '<html><head><meta charset="UTF-8" /><link rel="stylesheet" href="/assets/main.css">' +
      '<script type="module" src="/assets/main.js"></script></head><body></body></html>';
    const out = withPreloads(html, '/', { js: ['assets/shell.js'], css: [] }, 'window.early = 1;');
    expect(out).toContain('<script>window.early = 1;</script>');
    expect(out.indexOf('window.early')).toBeGreaterThan(out.indexOf('<meta charset'));
    expect(out.indexOf('window.early')).toBeLessThan(out.indexOf('/assets/main.css'));
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/assets/shell.js">');
    expect(withPreloads(html, '/', { js: [], css: [] })).not.toContain('<script>');
    expect(() => withPreloads(html, '/', { js: [], css: [] }, 'x = "</script><script>y()";')).toThrow(
      /end its own element/,
    );
  });
});
