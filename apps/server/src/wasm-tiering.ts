import { setFlagsFromString } from 'node:v8';

/** 500× V8's default (1,800,000): see below. */
const WASM_TIERING_BUDGET = 900_000_000;

/**
 * PGlite's WebAssembly: V8 optimises a function once it has run ~1.8 MB of code (its tiering budget), and
 * PostgreSQL's start runs enough functions that far to keep both cores optimising code it then seldom
 * runs again, while the main thread loads the modules and builds the app: a restart took 0.3–0.5 s longer
 * on two cores than with no optimising at all. With 500× the budget what stays hot under real queries is
 * still optimised; the sign-in and /menu/routes benches on PGlite did not slow (docs/bench.md). Read when
 * the module is instantiated, so it is set before the database opens.
 *
 * Set by the launcher (src/launch.ts) before it compiles the server, as well as by the server: V8 takes a
 * code cache only under the flags it was made with, and the server's cache is made after this was set.
 * `databaseUrl` as the environment gives it: an empty value is no value (config.ts).
 */
export function tuneWasmTiering(databaseUrl: string | undefined): void {
  if (!databaseUrl) setFlagsFromString(`--wasm-tiering-budget=${WASM_TIERING_BUDGET}`);
}
