import { performance } from 'node:perf_hooks';
import type { Config } from './config.js';
import { migrate, type Db, type ModuleMigrations } from './platform/db/index.js';
import { modules } from './modules/index.js';

/** Every module's migrations, in the order they run. */
export function allMigrations(): ModuleMigrations[] {
  return modules
    .filter((m) => m.migrations?.length)
    .map((m) => ({ module: m.name, migrations: m.migrations! }));
}

/**
 * What a database's seeds ran with: the build (its id, written by the build beside the bundle) and the
 * settings the seeds read to decide what to write. Undefined when run from the sources, which have no
 * build id: there every start runs the seeds.
 */
export const seedFingerprint = (build: string | undefined, config: Pick<Config, 'SEED_DEMO'>) =>
  build === undefined ? undefined : `${build} demo=${config.SEED_DEMO ? 1 : 0}`;

/**
 * Brings a database to the current schema and fills what the first start needs. Returns sign-in lines to
 * print.
 *
 * Every seed is idempotent: it checks that its rows are there and writes what is missing. A restart of the
 * same build with the same settings finds everything there, so it skips the checks (~0.1 s of a 1 s
 * restart on PGlite, docs/bench.md) when the database says the seeds ran to the end with this fingerprint.
 * Another build (new demo data, a new module) or another SEED_DEMO runs them again; so does a start after
 * one whose seeds failed part way, because the fingerprint is written only after the last seed. A restart
 * no longer brings back demo rows a user deleted (a seed that found its table empty wrote them again).
 */
export async function prepareDatabase(
  db: Db,
  config: Config,
  log: (msg: string) => void = () => {},
  /** Filled with the milliseconds of each step (migrate, seed:<module>), for the start's breakdown. */
  timings: Record<string, number> = {},
  /** This build's id (server.ts reads it); undefined: the seeds always run. */
  build?: string,
): Promise<string[]> {
  let t = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    timings[step] = Math.round(now - t);
    t = now;
  };
  await migrate(db, allMigrations(), log);
  lap('migrate');
  const fingerprint = seedFingerprint(build, config);
  if (fingerprint !== undefined) {
    const seeded = await db.one<{ fingerprint: string }>(
      'SELECT fingerprint FROM sys_seed_state WHERE id = 1',
    );
    if (seeded?.fingerprint === fingerprint) {
      lap('seeds:skipped');
      return [];
    }
  }
  const credentials: string[] = [];
  for (const m of modules) {
    if (!m.seed) continue;
    await m.seed({ db, config, log, credentials });
    lap(`seed:${m.name}`);
  }
  if (fingerprint !== undefined)
    await db.query(
      `INSERT INTO sys_seed_state (id, fingerprint) VALUES (1, $1)
       ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, seeded_at = now()`,
      [fingerprint],
    );
  return credentials;
}
