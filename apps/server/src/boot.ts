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

/** Brings a database to the current schema and fills what the first start needs. Returns sign-in lines to print. */
export async function prepareDatabase(
  db: Db,
  config: Config,
  log: (msg: string) => void = () => {},
  /** Filled with the milliseconds of each step (migrate, seed:<module>), for the start's breakdown. */
  timings: Record<string, number> = {},
): Promise<string[]> {
  let t = performance.now();
  const lap = (step: string) => {
    const now = performance.now();
    timings[step] = Math.round(now - t);
    t = now;
  };
  await migrate(db, allMigrations(), log);
  lap('migrate');
  const credentials: string[] = [];
  for (const m of modules) {
    if (!m.seed) continue;
    await m.seed({ db, config, log, credentials });
    lap(`seed:${m.name}`);
  }
  return credentials;
}
