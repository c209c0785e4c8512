import type { Ground, GroundSubmit, Page } from '@forecourt/contracts';
import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { isUniqueViolation } from '../../platform/db/unique.js';
import { bad } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { all, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { zones } from './zone-rules.js';

/** What a store row answers; all but its id, tenant and times is written by the form. */
const FIELDS = [
  'id',
  'tenantId',
  'name',
  'code',
  'zoneId',
  'address',
  'longitude',
  'latitude',
  'areaCode',
  'phone',
  'managerUser',
  'businessHours',
  'status',
  'sort',
  'remark',
  'createTime',
  'updateTime',
] as const;

export const grounds = new Repo({
  table: 'base_ground',
  fields: [...FIELDS],
  filters: {
    name: { column: 'name', type: 'text' },
    code: { column: 'code', type: 'text' },
    zoneId: { column: 'zoneId', type: 'exact' },
    status: { column: 'status', type: 'exact' },
  },
  sortable: ['sort', 'code'],
  defaultOrder: 't.sort, t.code, t.id',
  writable: FIELDS.filter((f) => !['id', 'tenantId', 'createTime', 'updateTime'].includes(f)),
});

type Row = Record<string, unknown>;

/** The rows with their zone's and manager's names, looked up once for the page (a removed one still named). */
async function withNames(db: Db, scope: Scope, rows: Row[]): Promise<Ground[]> {
  const ids = (key: string) => [
    ...new Set(
      rows
        .map((r) => r[key])
        .filter(Boolean)
        .map(String),
    ),
  ];
  const zoneIds = ids('zoneId');
  const userIds = ids('managerUser');
  const zoneNames = new Map(
    zoneIds.length
      ? (
          await all(
            db,
            scoped(scope)
              .selectFrom('blade_zone', 'z', { withDeleted: true })
              .select(['z.id', 'z.name'])
              .where(sql<SqlBool>`z.id = ANY(${zoneIds}::bigint[])`),
          )
        ).map((z) => [String(z.id), z.name])
      : [],
  );
  const userNames = new Map(
    userIds.length
      ? (
          await all(
            db,
            scoped(scope)
              .selectFrom('blade_user', 'u', { withDeleted: true })
              .select(['u.id', 'u.realName', 'u.account'])
              .where(sql<SqlBool>`u.id = ANY(${userIds}::bigint[])`),
          )
        ).map((u) => [String(u.id), u.realName || u.account])
      : [],
  );
  return rows.map(
    (r) =>
      ({
        ...r,
        zoneName: r.zoneId ? (zoneNames.get(String(r.zoneId)) ?? null) : null,
        managerName: r.managerUser ? (userNames.get(String(r.managerUser)) ?? null) : null,
      }) as unknown as Ground,
  );
}

export async function groundPage(db: Db, scope: Scope, query: Row): Promise<Page<Ground>> {
  const page = await grounds.page(db, scope, query);
  return { ...page, records: await withNames(db, scope, page.records) } as Page<Ground>;
}

/** One store, with the zone ids from the top down to its zone (the zone cascader's value). */
export async function groundDetail(db: Db, scope: Scope, id: string): Promise<Ground> {
  const [row] = await withNames(db, scope, [await grounds.detail(db, scope, id)]);
  const zonePath: string[] = [];
  if (row!.zoneId) {
    const tree = await all(
      db,
      scoped({ tenantId: row!.tenantId, isPlatformAdmin: false })
        .selectFrom('blade_zone', 'z', { withDeleted: true })
        .select(['z.id', 'z.parentId']),
    );
    const parent = new Map(tree.map((z) => [String(z.id), String(z.parentId)]));
    // Zones nest a few levels; the bound only guards against a cycle in bad data.
    for (let at = parent.has(String(row!.zoneId)) ? String(row!.zoneId) : undefined; at && at !== '0';) {
      zonePath.unshift(at);
      at = zonePath.length < 16 ? parent.get(at) : undefined;
    }
  }
  return { ...row!, zonePath };
}

const clean = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * Adds or changes a store. Its zone and manager are the caller's tenant's; code and name are unique among
 * the tenant's live stores (the indexes decide; the refusal names the clash).
 */
export async function saveGround(db: Db, scope: Scope, body: GroundSubmit): Promise<string> {
  const name = body.name.trim();
  const code = body.code.trim();
  if (!name) throw bad('validation.required', { field: 'name' });
  try {
    return await db.tx(async (t) => {
      if (body.zoneId) await zones.assertAccessible(t, scope, [body.zoneId]);
      if (body.managerUser) {
        const u = await first(
          t,
          scoped({ tenantId: scope.tenantId, isPlatformAdmin: false })
            .selectFrom('blade_user', 'u')
            .select('u.id')
            .where('u.id', '=', body.managerUser),
        );
        if (!u) throw bad('ground.managerUnknown');
      }
      return grounds.submit(t, scope, {
        ...body,
        name,
        code,
        address: body.address.trim(),
        zoneId: body.zoneId ?? null,
        managerUser: body.managerUser ?? null,
        phone: clean(body.phone),
        areaCode: clean(body.areaCode),
        businessHours: clean(body.businessHours),
        remark: clean(body.remark),
      });
    });
  } catch (e) {
    if (isUniqueViolation(e, 'base_ground_code')) throw bad('ground.duplicateCode', { code });
    if (isUniqueViolation(e, 'base_ground_name')) throw bad('ground.duplicateName', { name });
    throw e;
  }
}
