import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Payload = ConstructorParameters<typeof SourceMap>[0];

/**
 * Stack traces with the frames of `bundle` (a script compiled with `vm`, which Node does not map) at their
 * TypeScript lines: `at fn (src/x.ts:12:5)` where V8 wrote `at fn (dist/server.cjs:3:40500)`, as
 * `--enable-source-maps` writes them. Other frames stay as V8 writes them. The map beside the bundle is read
 * with the first frame that needs it, not before: a start does not pay for it.
 */
export function mapStackTraces(bundle: string): void {
  const mapFile = `${bundle}.map`;
  let map: SourceMap | null | undefined;
  const load = () => {
    try {
      return new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as Payload);
    } catch {
      return null; // no map, or not one: the frames as V8 writes them
    }
  };
  const mapped = (frame: NodeJS.CallSite): string => {
    const text = String(frame);
    const line = frame.getLineNumber();
    const column = frame.getColumnNumber();
    if (frame.getFileName() !== bundle || !line || !column) return text;
    try {
      map ??= load();
      const entry = map?.findEntry(line - 1, column - 1);
      if (!entry || !('originalSource' in entry)) return text;
      const source = fileURLToPath(new URL(entry.originalSource, pathToFileURL(mapFile)));
      return text.replace(
        `${bundle}:${line}:${column}`,
        `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
      );
    } catch {
      return text;
    }
  };
  Error.prepareStackTrace = (error: unknown, frames: NodeJS.CallSite[]) =>
    [headOf(error), ...frames.map((f) => `    at ${mapped(f)}`)].join('\n');
}

/**
 * The first line of a trace as Node writes it (its internal/errors.js): a Node error's code in brackets,
 * which Error.prototype.toString leaves out. Node marks its errors with a symbol it does not export.
 */
function headOf(error: unknown): string {
  try {
    for (let o = error; o && typeof o === 'object'; o = Object.getPrototypeOf(o) as unknown)
      if (Object.getOwnPropertySymbols(o).some((s) => s.description === 'kIsNodeError')) {
        const e = error as { name: unknown; code: unknown; message: unknown };
        return `${String(e.name)} [${String(e.code)}]: ${String(e.message)}`;
      }
    return Error.prototype.toString.call(error);
  } catch {
    return 'Error';
  }
}
