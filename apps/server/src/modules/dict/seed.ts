import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';
import { BIZ_DICTS, SYSTEM_DICTS, type DictSeed } from './catalog.js';

/** Adds the dictionaries whose root code is missing (an existing dictionary is the operator's to change). */
async function seedDicts(
  db: Db,
  table: 'blade_dict' | 'blade_dict_biz',
  dicts: DictSeed,
  tenantId?: string,
): Promise<number> {
  const tenantCol = tenantId ? ', tenant_id' : '';
  const have = new Set(
    (
      await db.query<{ code: string }>(
        `SELECT code FROM ${table} WHERE parent_id = 0 AND is_deleted = 0${tenantId ? ' AND tenant_id = $1' : ''}`,
        tenantId ? [tenantId] : [],
      )
    ).map((r) => r.code),
  );
  const rows: unknown[][] = [];
  for (const [code, [zh, en, entries]] of Object.entries(dicts)) {
    if (have.has(code)) continue;
    const rootId = newId();
    rows.push([rootId, '0', code, '-1', zh, en, 0, null]);
    entries.forEach(([key, vzh, ven, remark], i) =>
      rows.push([newId(), rootId, code, key, vzh, ven, i + 1, remark ?? null]),
    );
  }
  if (!rows.length) return 0;
  const col = (i: number) => rows.map((r) => r[i]);
  await db.query(
    `INSERT INTO ${table} (id, parent_id, code, dict_key, dict_value, dict_value_en, sort, remark${tenantCol})
     SELECT *${tenantId ? ', $9' : ''} FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::int[], $8::text[])`,
    [col(0), col(1), col(2), col(3), col(4), col(5), col(6), col(7), ...(tenantId ? [tenantId] : [])],
  );
  return rows.length;
}

export async function seedDictionaries(ctx: SeedContext): Promise<void> {
  const n = await ctx.db.tx(
    async (t) =>
      (await seedDicts(t, 'blade_dict', SYSTEM_DICTS)) +
      (await seedDicts(t, 'blade_dict_biz', BIZ_DICTS, PLATFORM_TENANT)),
  );
  if (n) ctx.log(`seeded ${n} dictionary rows`);
}

/** A new tenant starts with the business dictionaries of the demo tenant's catalog. */
export const seedTenantDictionaries = (db: Db, tenantId: string) =>
  seedDicts(db, 'blade_dict_biz', BIZ_DICTS, tenantId);
