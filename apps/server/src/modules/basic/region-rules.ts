import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { exec, first, globalDb, scoped } from '../../platform/sql/index.js';

/**
 * GB/T 2260 codes nest by prefix: province 2 digits, city 4, district 6, town 9, village 12. A region's
 * code extends its parent's to the next level's length, so the hierarchy can be read off the code alone.
 */
export const LEVEL_LENGTHS = [2, 4, 6, 9, 12] as const;
const NAME_COLUMNS = ['province', 'city', 'district', 'town', 'village'] as const;
export const ROOT = '00';

export interface RegionInput {
  code: string;
  parentCode?: string;
  name: string;
  sort?: number;
  remark?: string;
  /** BladeX's flag: true edits the region with this code, false (or absent) adds one. */
  isUpdate?: boolean;
}

type Level = (typeof NAME_COLUMNS)[number];
/** The denormalised code and name of each level a region carries (its own and its ancestors'). */
type LevelColumns = { [L in Level as `${L}Code` | `${L}Name`]?: string | null };

const byCode = (code: string) => globalDb.selectFrom('blade_region').selectAll().where('code', '=', code);

/** Regions are the platform's reference data, shared by every tenant: only its administrator edits them. */
function requirePlatform(scope: Scope) {
  if (!scope.isPlatformAdmin) throw forbidden('region.platformOnly');
}

export async function submitRegion(db: Db, scope: Scope, input: RegionInput): Promise<{ code: string }> {
  requirePlatform(scope);
  const name = input.name.trim();
  if (!name) throw bad('region.nameRequired');
  return db.tx(async (tx) => {
    const existing = await first(tx, byCode(input.code));
    if (input.isUpdate) {
      if (!existing) throw notFound();
      // Code and parent are the region's identity (zones and addresses refer to the code): only the
      // name, order and remark change; the name is copied into the descendants' denormalised columns.
      const level = NAME_COLUMNS[existing.regionLevel - 1]!;
      await exec(
        tx,
        globalDb
          .updateTable('blade_region')
          .set({
            name,
            sort: input.sort ?? existing.sort ?? 0,
            remark: input.remark ?? existing.remark ?? null,
          })
          .where('code', '=', input.code),
      );
      const named: LevelColumns = { [`${level}Name`]: name };
      await exec(tx, globalDb.updateTable('blade_region').set(named).where(`${level}Code`, '=', input.code));
      return { code: input.code };
    }
    if (existing) throw bad('region.duplicateCode', { code: input.code });
    const parentCode = input.parentCode ?? ROOT;
    const parent = parentCode === ROOT ? undefined : await first(tx, byCode(parentCode));
    if (parentCode !== ROOT && !parent) throw bad('region.parentUnknown', { code: parentCode });
    const level = (parent?.regionLevel ?? 0) + 1;
    const length = LEVEL_LENGTHS[level - 1];
    if (!length) throw bad('region.tooDeep');
    if (input.code.length !== length || (parent && !input.code.startsWith(parent.code)))
      throw bad('region.codeShape', { length, parent: parent?.code ?? '—' });
    const names: LevelColumns = {};
    for (const [i, col] of NAME_COLUMNS.entries()) {
      names[`${col}Code`] = i + 1 === level ? input.code : (parent?.[`${col}Code`] ?? null);
      names[`${col}Name`] = i + 1 === level ? name : (parent?.[`${col}Name`] ?? null);
    }
    await exec(
      tx,
      globalDb.insertInto('blade_region').values({
        code: input.code,
        parentCode,
        ancestors: parent ? `${parent.ancestors},${parent.code}` : ROOT,
        name,
        regionLevel: level,
        sort: input.sort ?? 0,
        remark: input.remark ?? null,
        ...names,
      }),
    );
    return { code: input.code };
  });
}

/** Removes a leaf region that no zone of any tenant covers. */
export async function removeRegion(db: Db, scope: Scope, code: string): Promise<void> {
  requirePlatform(scope);
  await db.tx(async (tx) => {
    const row = await first(
      tx,
      globalDb.selectFrom('blade_region').select('code').where('code', '=', code).forUpdate(),
    );
    if (!row) throw notFound();
    const child = await first(
      tx,
      globalDb.selectFrom('blade_region').select('code').where('parentCode', '=', code).limit(1),
    );
    if (child) throw bad('region.hasChildren');
    // Any tenant's zone: the caller is the platform administrator (requirePlatform), whose scope is every tenant.
    const zone = await first(
      tx,
      scoped(scope).selectFrom('blade_zone_region').select('zoneId').where('regionCode', '=', code).limit(1),
    );
    if (zone) throw bad('region.inZone');
    await exec(tx, globalDb.deleteFrom('blade_region').where('code', '=', code));
  });
}
