import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from './db.js';
import type { Snapshot } from './snapshot.js';

export type { Db, Row } from './db.js';
export { migrate, type Migration, type ModuleMigrations } from './migrate.js';
export { fingerprintOf, SNAPSHOT_FILE, writeSnapshot, type Snapshot } from './snapshot.js';

/**
 * PostgreSQL server when DATABASE_URL is set, else embedded PGlite under DATA_DIR/db (a new one made from
 * `snapshot` when it fits, see snapshot.ts).
 */
export async function openDb(
  config: Pick<Config, 'DATABASE_URL' | 'dataDir'>,
  opts: { snapshot?: Snapshot; log?: (msg: string) => void } = {},
): Promise<Db> {
  if (config.DATABASE_URL) {
    const { PostgresDb } = await import('./postgres.js');
    return PostgresDb.open(config.DATABASE_URL);
  }
  const { PgliteDb } = await import('./pglite.js');
  return PgliteDb.open(path.join(config.dataDir, 'db'), opts);
}
