import type { Config } from './config.js';
import { migrate, type Db } from './platform/db/index.js';
import { modules } from './modules/index.js';

/** Brings a database to the current schema and fills what the first start needs. Returns sign-in lines to print. */
export async function prepareDatabase(
  db: Db,
  config: Config,
  log: (msg: string) => void = () => {},
): Promise<string[]> {
  await migrate(
    db,
    modules.filter((m) => m.migrations?.length).map((m) => ({ module: m.name, migrations: m.migrations! })),
    log,
  );
  const credentials: string[] = [];
  for (const m of modules) await m.seed?.({ db, config, log, credentials });
  return credentials;
}
