import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

/** [name, phone, sex, source, brand, intention, responsible account, remark, days ago] */
type CustomerSeed = [string, string, 1 | 2 | 3, string, string, string, string, string, number];

/** Demo customers of tenant 000000, spread over the demo sales and online-sales staff and their brands. */
const CUSTOMERS: CustomerSeed[] = [
  ['张志强', '13601234501', 1, '1', 'toyota', 'H', 'sales1', '周末带家人试驾凯美瑞混动', 2],
  ['刘秀英', '13601234502', 2, '2', 'honda', 'A', 'sales1', '关注 CR-V 置换补贴', 5],
  ['陈国栋', '13601234503', 1, '4', 'toyota', 'B', 'sales1', '老客户介绍，预算 20 万以内', 9],
  ['黄丽娟', '15801234504', 2, '1', 'honda', 'H', 'sales1', '已交定金，等待雅阁白色现车', 1],
  ['周文斌', '15801234505', 1, '5', 'toyota', 'C', 'sales1', '车展留资，暂无购车计划', 31],
  ['吴静怡', '18601234506', 2, '3', 'toyota', 'A', 'sales1', '询问汉兰达七座版金融方案', 12],
  ['徐海峰', '13701234507', 1, '1', 'volkswagen', 'H', 'sales2', '帕萨特试驾满意，对比价格中', 3],
  ['孙雅琴', '13701234508', 2, '2', 'audi', 'A', 'sales2', '奥迪 A4L 置换，旧车 2017 款', 6],
  ['马俊杰', '15001234509', 1, '4', 'audi', 'B', 'sales2', '公司采购两台 Q5L，需开专票', 15],
  ['朱丹丹', '15001234510', 2, '1', 'volkswagen', 'C', 'sales2', '首次到店，了解 ID.4', 40],
  ['胡建华', '17701234511', 1, '5', 'audi', 'A', 'sales2', '试驾活动报名，关注 A6L', 8],
  ['郭晓燕', '13501234512', 2, '3', 'tesla', 'H', 'online1', '线上咨询 Model Y 交付周期', 1],
  ['何志明', '13501234513', 1, '3', 'nio', 'A', 'online1', '关注换电服务，家附近有换电站', 4],
  ['林小红', '18801234514', 2, '3', 'tesla', 'B', 'online1', '直播间留资，想了解保险价格', 10],
  ['罗永强', '18801234515', 1, '2', 'nio', 'C', 'online1', '电话回访未接，下周再联系', 21],
  ['高敏', '19901234516', 2, '3', 'tesla', 'A', 'online1', '已预约周六到店试驾', 2],
  ['梁宇航', '15101234517', 1, '3', 'li_auto', 'H', 'online2', '二胎家庭，看好理想 L6', 1],
  ['宋佳琪', '15101234518', 2, '3', 'xpeng', 'A', 'online2', '关注小鹏智驾功能', 7],
  ['郑浩然', '13901234519', 1, '3', 'li_auto', 'B', 'online2', '公众号留资，预算 30 万', 18],
  ['谢梦婷', '13901234520', 2, '4', 'xpeng', 'C', 'online2', '朋友推荐，先了解 MONA', 45],
];

/** Runs once: skipped when the demo tenant has customers, or when demo data is off. */
export async function seedCustomers(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  if (!config.SEED_DEMO) return;
  if (await db.one('SELECT 1 FROM member_customer WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  const staff = new Map(
    (
      await db.query<{ account: string; id: string; dept_id: string }>(
        'SELECT account, id, dept_id FROM blade_user WHERE tenant_id = $1 AND is_deleted = 0',
        [PLATFORM_TENANT],
      )
    ).map((u) => [u.account, u]),
  );
  const rows = CUSTOMERS.filter((c) => staff.has(c[6]));
  if (!rows.length) return;
  const col = (f: (c: CustomerSeed) => unknown) => rows.map(f);
  await db.query(
    `INSERT INTO member_customer (id, tenant_id, name, phone, sex, source, brand, intention_level, user_id, remark,
                                  create_user, create_dept, update_user, create_time, update_time)
     SELECT id, $1, name, phone, sex, source, brand, lvl, uid, remark, uid, dept, uid,
            now() - make_interval(days => ago), now() - make_interval(days => ago)
       FROM unnest($2::bigint[], $3::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::bigint[],
                   $10::text[], $11::bigint[], $12::int[])
            AS s(id, name, phone, sex, source, brand, lvl, uid, remark, dept, ago)`,
    [
      PLATFORM_TENANT,
      col(() => newId()),
      col((c) => c[0]),
      col((c) => c[1]),
      col((c) => c[2]),
      col((c) => c[3]),
      col((c) => c[4]),
      col((c) => c[5]),
      col((c) => staff.get(c[6])!.id),
      col((c) => c[7]),
      col((c) => staff.get(c[6])!.dept_id.split(',')[0] || null),
      col((c) => c[8]),
    ],
  );
  ctx.log(`seeded ${rows.length} demo customers`);
}
