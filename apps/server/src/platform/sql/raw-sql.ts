import fs from 'node:fs';
import path from 'node:path';

/** Comments may name tables freely; only code counts. Strings keep their text (`//` inside a URL stays). */
function stripComments(src: string): string {
  return src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/[^\n]*/g, '$1');
}

/**
 * The tenant-owned tables a source file names in hand-written SQL: after FROM, JOIN, INTO, UPDATE (the
 * words only SQL text puts before a table name). Kysely calls name tables as bare strings
 * (`selectFrom('blade_user')`), so they are not counted here; the types keep them in `scoped()`.
 */
export function rawTablesIn(src: string, tables: readonly string[]): string[] {
  const code = stripComments(src);
  const found = new Set<string>();
  for (const t of tables) {
    if (new RegExp(`\\b(from|join|into|update|exists)\\s+${t}\\b`, 'i').test(code)) found.add(t);
  }
  return [...found].sort();
}

/** Every non-test TypeScript file under dir, as a path relative to it. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') && !e.name.endsWith('.d.ts'))
        out.push(p);
    }
  };
  walk(dir);
  return out.map((p) => path.relative(dir, p).split(path.sep).join('/')).sort();
}
