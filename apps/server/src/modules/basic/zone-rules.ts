import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { all, exec, first, globalDb, scoped, sql, type SqlBool } from '../../platform/sql/index.js';

export const zones = new Repo({
  table: 'blade_zone',
  softDelete: true,
  audit: true,
  tree: true,
  fields: ['id', 'tenantId', 'parentId', 'code', 'name', 'sort', 'remark'],
  filters: { name: { column: 'name', type: 'text' }, code: { column: 'code', type: 'text' } },
  sortable: ['code', 'sort'],
  defaultOrder: 't.code, t.id',
  writable: ['parentId', 'code', 'name', 'sort', 'remark'],
});

export interface ZoneInput {
  id?: string;
  parentId?: string;
  code: string;
  name: string;
  sort?: number;
  remark?: string;
  regionCodes?: string[];
}

/** Saves a zone and the regions it covers; a region already in another zone of the tenant is refused by name. */
export async function saveZone(db: Db, scope: Scope, input: ZoneInput): Promise<string> {
  return db.tx(async (t) => {
    const parentId = input.parentId && input.parentId !== '0' ? input.parentId : '0';
    if (parentId !== '0') {
      await zones.assertAccessible(t, scope, [parentId]);
      if (parentId === input.id) throw bad('zone.cycle');
    }
    // Codes, and the regions a zone covers, are the caller's own tenant's (the platform administrator's too).
    const own = scoped({ tenantId: scope.tenantId, isPlatformAdmin: false });
    const dup = await first(
      t,
      own
        .selectFrom('blade_zone')
        .select('id')
        .where('code', '=', input.code.trim())
        .where('id', '<>', input.id ?? '0'),
    );
    if (dup) throw bad('zone.duplicateCode', { code: input.code.trim() });
    const id = await zones.submit(t, scope, {
      ...input,
      parentId,
      code: input.code.trim(),
      name: input.name.trim(),
    });
    if (input.regionCodes) {
      const codes = [...new Set(input.regionCodes)];
      const taken = await first(
        t,
        own
          .selectFrom('blade_zone_region', 'zr')
          .innerJoin('blade_region as r', 'r.code', 'zr.regionCode')
          .innerJoin(
            own.selectFrom('blade_zone', 'z', { withDeleted: true }).select(['z.id', 'z.name']).as('z'),
            'z.id',
            'zr.zoneId',
          )
          .select(['r.name', 'z.name as zone'])
          .where(sql<SqlBool>`zr.region_code = ANY(${codes}::text[])`)
          .where('zr.zoneId', '<>', id)
          .limit(1),
      );
      if (taken) throw bad('zone.regionTaken', { region: taken.name, zone: taken.zone });
      const known = await all(
        t,
        globalDb
          .selectFrom('blade_region')
          .select('code')
          .where(sql<SqlBool>`code = ANY(${codes}::text[])`),
      );
      if (known.length !== codes.length) throw bad('zone.regionUnknown');
      await exec(t, scoped(scope).deleteFrom('blade_zone_region').where('zoneId', '=', id));
      if (codes.length) {
        await exec(
          t,
          own.insertInto(
            'blade_zone_region',
            codes.map((regionCode) => ({ zoneId: id, regionCode })),
          ),
        );
      }
    }
    return id;
  });
}

export async function removeZones(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    const n = await zones.remove(t, scope, ids);
    await exec(
      t,
      scoped(scope)
        .deleteFrom('blade_zone_region')
        .where(sql<SqlBool>`zone_id = ANY(${ids}::bigint[])`),
    );
    return n;
  });
}
