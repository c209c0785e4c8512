import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';

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
    const dup = await t.one(
      'SELECT 1 FROM blade_zone WHERE tenant_id = $1 AND code = $2 AND is_deleted = 0 AND id <> $3',
      [scope.tenantId, input.code.trim(), input.id ?? '0'],
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
      const taken = await t.one<{ name: string; zone: string }>(
        `SELECT r.name, z.name AS zone FROM blade_zone_region zr JOIN blade_region r ON r.code = zr.region_code JOIN blade_zone z ON z.id = zr.zone_id
          WHERE zr.tenant_id = $1 AND zr.region_code = ANY($2::text[]) AND zr.zone_id <> $3 LIMIT 1`,
        [scope.tenantId, codes, id],
      );
      if (taken) throw bad('zone.regionTaken', { region: taken.name, zone: taken.zone });
      const known = await t.query<{ code: string }>(
        'SELECT code FROM blade_region WHERE code = ANY($1::text[])',
        [codes],
      );
      if (known.length !== codes.length) throw bad('zone.regionUnknown');
      await t.query('DELETE FROM blade_zone_region WHERE zone_id = $1', [id]);
      if (codes.length) {
        await t.query(
          'INSERT INTO blade_zone_region (zone_id, tenant_id, region_code) SELECT $1, $2, unnest($3::text[])',
          [id, scope.tenantId, codes],
        );
      }
    }
    return id;
  });
}

export async function removeZones(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    const n = await zones.remove(t, scope, ids);
    await t.query('DELETE FROM blade_zone_region WHERE zone_id = ANY($1::bigint[])', [ids]);
    return n;
  });
}
