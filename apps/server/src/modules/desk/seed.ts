import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';

const NOTICES: Array<[string, string, string, string, number]> = [
  [
    '十一月销售冲刺动员',
    'November sales push',
    '本月新能源车型限时优惠，各门店请于周五前完成展车布置。',
    'Limited-time offers on new-energy models this month: showrooms please finish the display cars by Friday.',
    1,
  ],
  [
    '系统升级通知',
    'System upgrade',
    '本周六 22:00 至 23:00 系统升级，期间请勿提交订单。',
    'The system is upgraded on Saturday 22:00–23:00; please do not submit orders meanwhile.',
    2,
  ],
  [
    '客户回访提醒',
    'Customer follow-up reminder',
    '请在 48 小时内回访上周到店的意向客户。',
    'Please call back last week’s walk-in prospects within 48 hours.',
    3,
  ],
];

export async function seedNotices(ctx: SeedContext): Promise<void> {
  if (await ctx.db.one('SELECT 1 FROM blade_notice LIMIT 1')) return;
  for (const [i, [zh, en, czh, cen, category]] of NOTICES.entries()) {
    await ctx.db.query(
      `INSERT INTO blade_notice (id, tenant_id, title, title_en, content, content_en, category, publish_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8))`,
      [newId(), PLATFORM_TENANT, zh, en, czh, cen, category, i],
    );
  }
}
