import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { exec, first, scoped } from '../../platform/sql/index.js';
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
  const demo = scoped({ tenantId: PLATFORM_TENANT, isPlatformAdmin: false });
  if (await first(db, demo.selectFrom('blade_zone', 'z', { withDeleted: true }).select('z.id').limit(1)))
    return;
  const admin = await first(db, demo.selectFrom('blade_user').select('id').where('account', '=', 'admin'));
  const zones: Array<{
    id: string;
    parentId: string;
    code: string;
    name: string;
    sort: number;
    remark: string | null;
    createUser: string | null;
    updateUser: string | null;
  }> = [];
  const covers: Array<{ zoneId: string; regionCode: string }> = [];
  const add = ([code, name, remark, regions]: ZoneSeed, parentId: string, sort: number) => {
    const id = newId();
    const by = admin?.id ?? null;
    zones.push({ id, parentId, code, name, sort, remark: remark || null, createUser: by, updateUser: by });
    for (const regionCode of regions) covers.push({ zoneId: id, regionCode });
    return id;
  };
  DIVISIONS.forEach(([code, name, remark, children], i) => {
    const id = add([code, name, remark, []], '0', i + 1);
    children.forEach((child, j) => add(child, id, j + 1));
  });
  await db.tx(async (t) => {
    await exec(t, demo.insertInto('blade_zone', zones));
    await exec(t, demo.insertInto('blade_zone_region', covers));
  });
  ctx.log(`seeded ${zones.length} demo zones`);
}
