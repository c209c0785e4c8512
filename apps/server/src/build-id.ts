import fs from 'node:fs';
import path from 'node:path';

/**
 * The build's id, a hash of the bundle that tsup.config.ts writes beside it in `dir`; none when run from
 * the sources. The server skips the seeds this build already ran and keeps its OpenAPI document by it
 * (server.ts); the launcher names its code cache by it (launch.ts).
 */
export function readBuildId(dir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(dir, 'build-id'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
