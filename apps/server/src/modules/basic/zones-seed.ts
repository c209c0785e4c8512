import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

/** [code, name, remark, province codes (GB/T 2260) it covers] */
type ZoneSeed = [string, string, string, string[]];
/** [code, name, remark, its zones] */
type DivisionSeed = [string, string, string, ZoneSeed[]];

/**
 * The demo company's sales zones: four regional divisions, each over the provinces its dealerships sell
 * in. A region belongs to one zone of a tenant, as the zone rules require of every save.
 */
const DIVISIONS: DivisionSeed[] = [
  [
    'E01',
    '华东大区',
    '集团销售总部所在大区',
    [
      ['E01-01', '上海', '旗舰店与交付中心', ['31']],
      ['E01-02', '江苏', '南京、苏州、无锡门店', ['32']],
      ['E01-03', '浙江', '杭州、宁波门店', ['33']],
    ],
  ],
  [
    'N01',
    '华北大区',
    '',
    [
      ['N01-01', '北京', '', ['11']],
      ['N01-02', '天津', '', ['12']],
      ['N01-03', '河北', '石家庄、保定门店', ['13']],
    ],
  ],
  [
    'S01',
    '华南大区',
    '',
    [
      ['S01-01', '广东', '广州、深圳、佛山门店', ['44']],
      ['S01-02', '福建', '', ['35']],
    ],
  ],
  [
    'W01',
    '西南大区',
    '2026 年新开大区',
    [
      ['W01-01', '四川', '', ['51']],
      ['W01-02', '重庆', '', ['50']],
    ],
  ],
];

/** Runs once: skipped when the demo tenant has zones, or when demo data is off. */
export async function seedZones(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  if (!config.SEED_DEMO) return;
  if (await db.one('SELECT 1 FROM blade_zone WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  const admin = await db.one<{ id: string }>(
    `SELECT id FROM blade_user WHERE tenant_id = $1 AND account = 'admin' AND is_deleted = 0`,
    [PLATFORM_TENANT],
  );
  const zones: Array<{
    id: string;
    parent: string;
    code: string;
    name: string;
    remark: string;
    sort: number;
  }> = [];
  const covers: Array<{ zone: string; region: string }> = [];
  const add = ([code, name, remark, regions]: ZoneSeed, parent: string, sort: number) => {
    const id = newId();
    zones.push({ id, parent, code, name, remark, sort });
    for (const region of regions) covers.push({ zone: id, region });
    return id;
  };
  DIVISIONS.forEach(([code, name, remark, children], i) => {
    const id = add([code, name, remark, []], '0', i + 1);
    children.forEach((child, j) => add(child, id, j + 1));
  });
  await db.tx(async (t) => {
    await t.query(
      `INSERT INTO blade_zone (id, tenant_id, parent_id, code, name, sort, remark, create_user, update_user)
       SELECT id, $1, parent, code, name, sort, NULLIF(remark, ''), $8, $8
         FROM unnest($2::bigint[], $3::bigint[], $4::text[], $5::text[], $6::int[], $7::text[])
              AS s(id, parent, code, name, sort, remark)`,
      [
        PLATFORM_TENANT,
        zones.map((z) => z.id),
        zones.map((z) => z.parent),
        zones.map((z) => z.code),
        zones.map((z) => z.name),
        zones.map((z) => z.sort),
        zones.map((z) => z.remark),
        admin?.id ?? null,
      ],
    );
    await t.query(
      `INSERT INTO blade_zone_region (zone_id, tenant_id, region_code)
       SELECT zone, $1, region FROM unnest($2::bigint[], $3::text[]) AS s(zone, region)`,
      [PLATFORM_TENANT, covers.map((c) => c.zone), covers.map((c) => c.region)],
    );
  });
  ctx.log(`seeded ${zones.length} demo zones`);
}
