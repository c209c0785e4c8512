import { createHash } from 'node:crypto';
import type { Db } from './db.js';

export interface Migration {
  /** Unique within its module, applied in array order: '0001_init'. */
  id: string;
  sql: string;
}

export interface ModuleMigrations {
  module: string;
  migrations: Migration[];
}

const checksum = (sql: string) => createHash('sha256').update(sql).digest('hex');

/**
 * Applies pending migrations, module by module in registry order, each in its own transaction.
 * An applied migration whose text changed stops the start: history is never rewritten silently.
 * An advisory lock keeps two nodes starting together from racing.
 */
export async function migrate(db: Db, modules: ModuleMigrations[], log: (msg: string) => void = () => {}) {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    module text NOT NULL, id text NOT NULL, checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (module, id))`);
  await db.tx(async (t) => {
    await t.query('SELECT pg_advisory_xact_lock(727274)');
    const rows = await t.query<{ module: string; id: string; checksum: string }>(
      'SELECT module, id, checksum FROM schema_migrations',
    );
    const applied = new Map(rows.map((r) => [`${r.module}/${r.id}`, r.checksum]));
    for (const m of modules) {
      for (const mig of m.migrations) {
        const key = `${m.module}/${mig.id}`;
        const sum = checksum(mig.sql);
        const have = applied.get(key);
        if (have) {
          if (have !== sum)
            throw new Error(`Migration ${key} was changed after it was applied; add a new one instead.`);
          continue;
        }
        await t.exec(mig.sql);
        await t.query('INSERT INTO schema_migrations (module, id, checksum) VALUES ($1, $2, $3)', [
          m.module,
          mig.id,
          sum,
        ]);
        log(`migration applied: ${key}`);
      }
    }
  });
}
