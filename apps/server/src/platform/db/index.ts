import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from './db.js';

export type { Db, Row } from './db.js';
export { migrate, type Migration, type ModuleMigrations } from './migrate.js';

/** PostgreSQL server when DATABASE_URL is set, else embedded PGlite under DATA_DIR/db. */
export async function openDb(config: Pick<Config, 'DATABASE_URL' | 'dataDir'>): Promise<Db> {
  if (config.DATABASE_URL) {
    const { PostgresDb } = await import('./postgres.js');
    return PostgresDb.open(config.DATABASE_URL);
  }
  const { PgliteDb } = await import('./pglite.js');
  return PgliteDb.open(path.join(config.dataDir, 'db'));
}
