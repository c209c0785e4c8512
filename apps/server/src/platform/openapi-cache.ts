import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * The OpenAPI document, kept in the data folder once a node has built it, so that a restart of the same
 * build answers `/api/docs/json` without building it again.
 *
 * Why: @fastify/swagger builds the document on its first request, every route's schemas cloned and
 * converted: ~0.1 s of CPU, a tenth of a restart on PGlite, and the start benchmark (like any readiness
 * check pointed at the docs) waits for that answer (docs/bench.md).
 *
 * Guarantees:
 * - A kept document is used only by a node of the same build (`dist/build-id`, a hash of the bundle) with
 *   the very routes it was made from (every method and path); anything else builds it afresh and keeps
 *   that one. The schemas and the plugin's options are the bundle's and read no setting, so build and
 *   routes decide the document (`openapi-cache.test.ts` builds it under other settings).
 * - Written to a file of its own and renamed into place: a reader never sees half a document, and the
 *   processes of one node may write it at the same moment.
 * - A file that cannot be read or written costs only the building of the document; the answer is the
 *   same either way.
 * - A new install's first start builds nothing either: the build starts the server once itself and keeps
 *   the document beside the bundle (`shipped`, dist/openapi.json; tsup.config.ts), under the same rule.
 */
export class OpenApiCache {
  private kept: Promise<string | undefined> | undefined;
  private text: Promise<string> | undefined;
  /** Settles when the document this node made is written (or could not be). */
  saved: Promise<void> = Promise.resolve();

  constructor(
    private readonly file: string,
    private readonly build: string,
    private readonly shipped?: string,
  ) {}

  /** Starts reading the kept document, while the rest of the start goes on. */
  load(): void {
    this.kept ??= fs.readFile(this.file, 'utf8').catch(() => undefined);
  }

  /** The document as JSON: the kept one when it was made for these routes, else `make()`'s, then kept. */
  json(routes: readonly string[], make: () => unknown): Promise<string> {
    if (!this.text) {
      const text = this.resolve(routes, make);
      // A document that could not be made is tried again by the next request, not answered as a failure.
      text.catch(() => {
        if (this.text === text) this.text = undefined;
      });
      this.text = text;
    }
    return this.text;
  }

  private async resolve(routes: readonly string[], make: () => unknown): Promise<string> {
    const key = openApiKey(this.build, routes);
    this.load();
    const found =
      documentFor(key, await this.kept) ??
      (this.shipped
        ? documentFor(key, await fs.readFile(this.shipped, 'utf8').catch(() => undefined))
        : undefined);
    if (found !== undefined) return found;
    const text = JSON.stringify(make());
    this.saved = this.save(`${key}\n${text}`);
    return text;
  }

  private async save(content: string): Promise<void> {
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      await fs.writeFile(tmp, content);
      await fs.rename(tmp, this.file);
    } catch {
      await fs.rm(tmp, { force: true }).catch(() => {});
    }
  }
}

/** The document a kept file holds, if it was made for `key`. */
function documentFor(key: string, kept: string | undefined): string | undefined {
  const end = kept?.indexOf('\n') ?? -1;
  return kept && end > 0 && kept.slice(0, end) === key ? kept.slice(end + 1) : undefined;
}

/** What a kept document must have been made for: this build and these routes, in any order. */
export const openApiKey = (build: string, routes: readonly string[]): string =>
  createHash('sha256')
    .update(`${build}\n`)
    .update([...routes].sort().join('\n'))
    .digest('hex');
