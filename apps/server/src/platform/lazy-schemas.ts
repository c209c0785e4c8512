/**
 * Route schemas compiled on first use, not at start.
 *
 * Guarantees: a route validates and serializes exactly as with Fastify's own compilers (the same Ajv
 * options, the same fast-json-stringify; these wrappers only defer the call); a schema that cannot compile
 * is still found by a test (`compileAll`, platform.test.ts), not by a user.
 *
 * Why: Fastify compiles every route's request and response schemas while it gets ready. With some
 * 300 routes that was the largest single part of a start (about a quarter of it, docs/architecture.md
 * "Start"), spent on routes most starts never serve. Each compiled function is kept, so only a route's
 * first request pays (a few milliseconds).
 */
import type { FastifyServerOptions } from 'fastify';
// Fastify's own defaults (its dependencies, pinned in this package too), as fastify/lib/schema-controller.js
// builds them. Imported, not required at run time, so the build bundles them with Ajv (tsup.config.ts).
import ajvCompiler from '@fastify/ajv-compiler';
import fjsCompiler from '@fastify/fast-json-stringify-compiler';

const ValidatorSelector = ajvCompiler as unknown as () => Builder;
const SerializerSelector = fjsCompiler as unknown as () => Builder;

type Compiled = ((data: unknown) => unknown) & { errors?: unknown };
type Compile = (route: { schema: unknown; httpPart?: string; method?: string; url?: string }) => Compiled;
type Builder = (externalSchemas: unknown, options: unknown) => Compile;

export interface LazyCompilers {
  compilersFactory: NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];
  /** Compiles every schema not compiled yet (tests: every route's schemas must compile). Returns how many. */
  compileAll(): number;
}

export function lazyCompilers(): LazyCompilers {
  const pending = new Set<() => Compiled>();
  const defer = (build: () => Builder): Builder => {
    const defaults = build();
    return (externalSchemas, options) => {
      const compile = defaults(externalSchemas, options);
      return (route) => {
        // Fastify lowercases a headers schema's keys only for its own compiler; no route declares one,
        // and one declared later must not silently stop matching.
        if (route.httpPart === 'headers')
          throw new Error(
            `${route.method} ${route.url}: headers schemas are not supported (lazy-schemas.ts)`,
          );
        let fn: Compiled | undefined;
        const get = (): Compiled => {
          if (!fn) {
            fn = compile(route);
            pending.delete(get);
          }
          return fn;
        };
        pending.add(get);
        const lazy: Compiled = (data) => {
          const f = get();
          const result = f(data);
          lazy.errors = f.errors; // Ajv reports a failure's reasons on the function; Fastify reads them there
          return result;
        };
        return lazy;
      };
    };
  };
  return {
    compilersFactory: {
      buildValidator: defer(ValidatorSelector),
      buildSerializer: defer(SerializerSelector),
    },
    compileAll() {
      const all = [...pending];
      for (const get of all) get();
      return all.length;
    },
  } as LazyCompilers;
}
