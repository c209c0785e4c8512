import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { first, scoped } from '../../platform/sql/index.js';

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

interface RegionRow {
  code: string;
  parent_code: string;
  ancestors: string;
  name: string;
  region_level: number;
  [column: string]: string | number | null;
}

/** Regions are the platform's reference data, shared by every tenant: only its administrator edits them. */
function requirePlatform(scope: Scope) {
  if (!scope.isPlatformAdmin) throw forbidden('region.platformOnly');
}

export async function submitRegion(db: Db, scope: Scope, input: RegionInput): Promise<{ code: string }> {
  requirePlatform(scope);
  const name = input.name.trim();
  if (!name) throw bad('region.nameRequired');
  return db.tx(async (tx) => {
    const existing = await tx.one<RegionRow>('SELECT * FROM blade_region WHERE code = $1', [input.code]);
    if (input.isUpdate) {
      if (!existing) throw notFound();
      // Code and parent are the region's identity (zones and addresses refer to the code): only the
      // name, order and remark change; the name is copied into the descendants' denormalised columns.
      const column = `${NAME_COLUMNS[existing.region_level - 1]}_name`;
      await tx.query('UPDATE blade_region SET name = $2, sort = $3, remark = $4 WHERE code = $1', [
        input.code,
        name,
        input.sort ?? existing.sort ?? 0,
        input.remark ?? existing.remark ?? null,
      ]);
      await tx.query(
        `UPDATE blade_region SET ${column} = $2 WHERE ${NAME_COLUMNS[existing.region_level - 1]}_code = $1`,
        [input.code, name],
      );
      return { code: input.code };
    }
    if (existing) throw bad('region.duplicateCode', { code: input.code });
    const parentCode = input.parentCode ?? ROOT;
    const parent =
      parentCode === ROOT
        ? undefined
        : await tx.one<RegionRow>('SELECT * FROM blade_region WHERE code = $1', [parentCode]);
    if (parentCode !== ROOT && !parent) throw bad('region.parentUnknown', { code: parentCode });
    const level = (parent?.region_level ?? 0) + 1;
    const length = LEVEL_LENGTHS[level - 1];
    if (!length) throw bad('region.tooDeep');
    if (input.code.length !== length || (parent && !input.code.startsWith(parent.code)))
      throw bad('region.codeShape', { length, parent: parent?.code ?? '—' });
    const names: Record<string, string | null> = {};
    for (const [i, col] of NAME_COLUMNS.entries()) {
      names[`${col}_code`] =
        i + 1 === level ? input.code : ((parent?.[`${col}_code`] as string | null) ?? null);
      names[`${col}_name`] = i + 1 === level ? name : ((parent?.[`${col}_name`] as string | null) ?? null);
    }
    const cols = Object.keys(names);
    await tx.query(
      `INSERT INTO blade_region (code, parent_code, ancestors, name, region_level, sort, remark, ${cols.join(', ')})
       VALUES ($1, $2, $3, $4, $5, $6, $7, ${cols.map((_, i) => `$${i + 8}`).join(', ')})`,
      [
        input.code,
        parentCode,
        parent ? `${parent.ancestors},${parent.code}` : ROOT,
        name,
        level,
        input.sort ?? 0,
        input.remark ?? null,
        ...Object.values(names),
      ],
    );
    return { code: input.code };
  });
}

/** Removes a leaf region that no zone of any tenant covers. */
export async function removeRegion(db: Db, scope: Scope, code: string): Promise<void> {
  requirePlatform(scope);
  await db.tx(async (tx) => {
    const row = await tx.one<{ code: string }>('SELECT code FROM blade_region WHERE code = $1 FOR UPDATE', [
      code,
    ]);
    if (!row) throw notFound();
    const child = await tx.one('SELECT 1 FROM blade_region WHERE parent_code = $1 LIMIT 1', [code]);
    if (child) throw bad('region.hasChildren');
    // Any tenant's zone: the caller is the platform administrator (requirePlatform), whose scope is every tenant.
    const zone = await first(
      tx,
      scoped(scope).selectFrom('blade_zone_region').select('zoneId').where('regionCode', '=', code).limit(1),
    );
    if (zone) throw bad('region.inZone');
    await tx.query('DELETE FROM blade_region WHERE code = $1', [code]);
  });
}
