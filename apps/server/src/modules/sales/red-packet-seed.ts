import type { RedPacketScene, RedPacketStatus } from '@forecourt/contracts/sales';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { all, exec, first, scoped } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import type { SeedContext } from '../module.js';
import { documentNo } from './order-rules.js';

const TENANT = { tenantId: PLATFORM_TENANT, isPlatformAdmin: false } as const;
const HOUR = 3_600_000;

/** [scene, amount, greeting, status] */
const PACKETS: Array<[RedPacketScene, string, string, RedPacketStatus]> = [
  ['referral', '188.00', '感谢您介绍朋友来店！', 'paid'],
  ['test_drive', '66.00', '感谢试驾，期待再次见面', 'paid'],
  ['festival', '88.00', '新春快乐，万事如意', 'paid'],
  ['compensation', '200.00', '交车延误，向您致歉', 'approved'],
  ['referral', '188.00', '感谢转介绍', 'approved'],
  ['test_drive', '66.00', '', 'pending'],
  ['festival', '88.00', '中秋快乐', 'pending'],
  ['referral', '200.00', '老客户推荐成交', 'pending'],
  ['test_drive', '120.00', '', 'rejected'],
  ['festival', '88.00', '国庆快乐', 'paid'],
];

/**
 * The demo company's red packets: applied for by the customers' advisors over the past weeks, some paid,
 * some approved and waiting for the cashier, some waiting for a decision, one rejected. Once.
 */
export async function seedRedPackets(ctx: SeedContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  await ctx.db.tx(async (db) => {
    if (await first(db, scoped(TENANT).selectFrom('sales_red_packet', 'p').select('p.id'))) return;
    const admin = await first(
      db,
      scoped(TENANT).selectFrom('blade_user', 'u').select('u.id').where('u.account', '=', 'admin'),
    );
    const customers = await all(
      db,
      scoped(TENANT)
        .selectFrom('member_customer', 'c')
        .innerJoin('blade_user as u', 'u.id', 'c.userId')
        .select(['c.id', 'c.name', 'c.phone', 'c.userId', 'u.deptId'])
        .orderBy('c.id')
        .limit(PACKETS.length),
    );
    if (!admin || !customers.length) return;
    const now = Date.now();
    const counters = new Map<string, number>();
    const rows = customers.map((c, i) => {
      const [scene, amount, greeting, status] = PACKETS[i]!;
      const at = now - (30 - i * 3) * 24 * HOUR;
      const day = formatDateTime(new Date(at))!.slice(0, 10);
      const n = (counters.get(day) ?? 0) + 1;
      counters.set(day, n);
      const decided = status !== 'pending';
      return {
        id: newId(),
        packetNo: documentNo('RP', day, n),
        customerId: String(c.id),
        customerName: c.name,
        customerPhone: c.phone,
        scene,
        amount,
        greeting,
        status,
        ownerUser: String(c.userId),
        ownerDept: c.deptId ? String(c.deptId).split(',')[0] : null,
        approvedBy: decided ? String(admin.id) : null,
        approvedAt: decided ? new Date(at + 4 * HOUR) : null,
        approvalRemark: status === 'rejected' ? '同一客户本月已发过试驾礼' : '',
        reference: status === 'paid' ? `WXHB${day.replaceAll('-', '')}${String(1000 + i)}` : '',
        paidAt: status === 'paid' ? new Date(at + 6 * HOUR) : null,
        createTime: new Date(at),
        updateTime: new Date(at + (decided ? 6 : 0) * HOUR),
      };
    });
    await exec(db, scoped(TENANT).insertInto('sales_red_packet', rows as never));
    // The day counters follow the numbers taken, so the next red packet of those days numbers on.
    for (const [day, value] of counters)
      await exec(
        db,
        scoped(TENANT)
          .insertInto('sales_counter', { name: 'RP', day, value } as never)
          .onConflict((oc) => oc.columns(['tenantId', 'name', 'day']).doUpdateSet({ value })),
      );
    ctx.log(`seeded ${rows.length} red packets`);
  });
}
