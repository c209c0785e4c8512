import type { Db } from './db/index.js';

/**
 * Generated secrets (token signing key, SM2 key pair) live in the database, so every node of a
 * cluster shares them and a restart keeps sessions valid. An environment value always wins.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.query('INSERT INTO sys_secret (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    generate(),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM sys_secret WHERE name = $1', [name]);
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
