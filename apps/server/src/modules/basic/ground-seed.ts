import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

/** [code, name, zone code, address, longitude, latitude, area code, phone, manager account, hours] */
type GroundSeed = [string, string, string, string, number, number, string, string, string | null, string];

/** The demo company's showrooms, in the zones zones-seed.ts writes, where the stores really could stand. */
const GROUNDS: GroundSeed[] = [
  [
    'SH-PD-01',
    '前庭上海浦东店',
    'E01-01',
    '上海市浦东新区张杨路 1500 号',
    121.5273,
    31.2317,
    '310115',
    '021-58881234',
    'admin',
    '09:00-20:00',
  ],
  [
    'SH-MH-02',
    '前庭上海闵行交付中心',
    'E01-01',
    '上海市闵行区莘庄工业区申富路 88 号',
    121.3798,
    31.0203,
    '310112',
    '021-64561234',
    'sales1',
    '09:00-18:00',
  ],
  [
    'NJ-JN-01',
    '前庭南京江宁店',
    'E01-02',
    '江苏省南京市江宁区双龙大道 1222 号',
    118.8183,
    31.9385,
    '320115',
    '025-52101234',
    'sales2',
    '09:00-18:30',
  ],
  [
    'HZ-BJ-01',
    '前庭杭州滨江店',
    'E01-03',
    '浙江省杭州市滨江区江南大道 3888 号',
    120.2125,
    30.2084,
    '330108',
    '0571-86661234',
    null,
    '09:00-18:00',
  ],
  [
    'BJ-CY-01',
    '前庭北京朝阳店',
    'N01-01',
    '北京市朝阳区东四环中路 76 号',
    116.4894,
    39.9065,
    '110105',
    '010-85881234',
    null,
    '09:00-19:00',
  ],
  [
    'GZ-TH-01',
    '前庭广州天河店',
    'S01-01',
    '广东省广州市天河区黄埔大道西 638 号',
    113.3351,
    23.1296,
    '440106',
    '020-38881234',
    null,
    '09:30-18:30',
  ],
];

/** Runs once, with the demo data: the demo company's stores, so the page shows what it is for. */
export async function seedGrounds(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  if (!config.SEED_DEMO) return;
  if (await db.one('SELECT 1 FROM base_ground WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  await db.query(
    `INSERT INTO base_ground (id, tenant_id, code, name, zone_id, address, longitude, latitude, area_code, phone,
                              manager_user, business_hours, sort)
     SELECT s.id, $1::varchar, s.code, s.name,
            (SELECT z.id FROM blade_zone z WHERE z.tenant_id = $1::varchar AND z.code = s.zone AND z.is_deleted = 0),
            s.address, s.lng, s.lat, s.area, s.phone,
            (SELECT u.id FROM blade_user u WHERE u.tenant_id = $1::varchar AND u.account = s.manager AND u.is_deleted = 0),
            s.hours, s.sort
       FROM unnest($2::bigint[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::float8[],
                   $8::float8[], $9::varchar[], $10::varchar[], $11::varchar[], $12::varchar[], $13::int[])
            AS s(id, code, name, zone, address, lng, lat, area, phone, manager, hours, sort)`,
    [
      PLATFORM_TENANT,
      GROUNDS.map(() => newId()),
      GROUNDS.map((g) => g[0]),
      GROUNDS.map((g) => g[1]),
      GROUNDS.map((g) => g[2]),
      GROUNDS.map((g) => g[3]),
      GROUNDS.map((g) => g[4]),
      GROUNDS.map((g) => g[5]),
      GROUNDS.map((g) => g[6]),
      GROUNDS.map((g) => g[7]),
      GROUNDS.map((g) => g[8]),
      GROUNDS.map((g) => g[9]),
      GROUNDS.map((_, i) => (i + 1) * 10),
    ],
  );
  ctx.log(`seeded ${GROUNDS.length} ground stores`);
}
