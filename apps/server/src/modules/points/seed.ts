import type { PointEvent, PointKind, PointParty } from '@forecourt/contracts';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import { all, exec, first, scoped } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import type { SeedContext } from '../module.js';
import { newCouponCode } from './coupon-rules.js';

const TENANT = { tenantId: PLATFORM_TENANT, isPlatformAdmin: false } as const;
const HOUR = 3_600_000;

/** [name, party, event, points, daily limit, remark] */
const RULES: Array<[string, PointParty, PointEvent, number, number, string]> = [
  ['新客注册礼', 'customer', 'register', 200, 1, '注册会员即得'],
  ['预约试驾', 'customer', 'test_drive', 100, 1, '到店完成试驾后发放'],
  ['购车奖励', 'customer', 'purchase', 2000, 0, '订单收清后自动发放'],
  ['老客转介绍', 'customer', 'referral', 500, 0, '被介绍人成交后发放'],
  ['用车评价', 'customer', 'review', 50, 1, ''],
  ['到店保养', 'customer', 'service', 100, 1, ''],
  ['门店转介绍', 'store', 'referral', 300, 0, '合作门店推荐客户成交'],
  ['门店试驾服务', 'store', 'test_drive', 50, 20, '代为接待试驾'],
];

/** [name, points, stock, description] */
const GOODS: Array<[string, number, number, string]> = [
  ['精品洗车券', 300, 500, '全国合作门店通用，一次精洗'],
  ['原厂定制钥匙扣', 200, 120, '皮质，可刻字'],
  ['车载香氛礼盒', 800, 60, '三种香型'],
  ['基础保养代金券', 1500, 200, '抵扣工时费'],
  ['原厂全包围脚垫', 2000, 40, '按车型定制'],
  ['1:18 合金车模', 2500, 15, '限量款'],
  ['4K 行车记录仪', 6000, 10, '含安装'],
  ['家用充电桩安装补贴', 5000, 0, '已兑完，补货中'],
];

interface LineRow {
  id: string;
  party: PointParty;
  partyId: string;
  partyName: string;
  partyCode: string;
  kind: PointKind;
  event: PointEvent | null;
  ruleId: string | null;
  refId: string | null;
  change: number;
  balance: number;
  remark: string;
  createUser: string | null;
  createTime: Date;
}

/**
 * The demo company's points: the rules above, the goods, and a year of lines that add up — registrations,
 * test drives, purchases of the paid demo orders, referrals of the stores, a few adjustments and the
 * exchanges (delivered, pending, one cancelled with its points back). Once: a tenant with rules gets nothing.
 */
export async function seedPoints(ctx: SeedContext): Promise<void> {
  if (!ctx.config.SEED_DEMO) return;
  await ctx.db.tx(async (db) => {
    if (await first(db, scoped(TENANT).selectFrom('points_rule', 'r', { withDeleted: true }).select('r.id')))
      return;
    const admin = await first(
      db,
      scoped(TENANT).selectFrom('blade_user', 'u').select('u.id').where('u.account', '=', 'admin'),
    );
    const by = admin ? String(admin.id) : null;
    const ruleIds = new Map<string, string>();
    await exec(
      db,
      scoped(TENANT).insertInto(
        'points_rule',
        RULES.map(([name, party, event, points, dailyLimit, remark]) => {
          const id = newId();
          ruleIds.set(`${party} ${event}`, id);
          return { id, name, party, event, points, dailyLimit, remark, createUser: by, updateUser: by };
        }) as never,
      ),
    );
    const goods = GOODS.map(([name, points, stock, description], i) => ({
      id: newId(),
      name,
      points,
      stock,
      description,
      sort: i + 1,
      status: 1,
      exchanged: 0,
    }));

    const customers = await all(
      db,
      scoped(TENANT)
        .selectFrom('member_customer', 'c')
        .select(['c.id', 'c.name', 'c.phone', 'c.createTime'])
        .orderBy('c.createTime')
        .orderBy('c.id')
        .limit(40),
    );
    const stores = await all(
      db,
      scoped(TENANT).selectFrom('base_ground', 'g').select(['g.id', 'g.name', 'g.code']).orderBy('g.sort'),
    );
    const paid = await all(
      db,
      scoped(TENANT)
        .selectFrom('sales_order', 'd')
        .innerJoin('sales_inquiry as q', 'q.id', 'd.inquiryId')
        .select(['d.id', 'q.customerId', 'd.settledAt'])
        .where('d.status', '=', 'paid')
        .where('q.customerId', 'is not', null),
    );
    const now = Date.now();
    type Holder = { party: PointParty; id: string; name: string; code: string };
    const entries: Array<{
      h: Holder;
      kind: PointKind;
      change: number;
      at: number;
      extra: Partial<LineRow>;
    }> = [];
    const sums = new Map<string, number>();
    const last = new Map<string, number>();
    const line = (h: Holder, kind: PointKind, change: number, at: number, extra: Partial<LineRow> = {}) => {
      const when = Math.min(at, now - HOUR);
      const key = `${h.party} ${h.id}`;
      sums.set(key, (sums.get(key) ?? 0) + change);
      last.set(key, Math.max(last.get(key) ?? 0, when));
      entries.push({ h, kind, change, at: when, extra });
    };
    const earn = (h: Holder, event: PointEvent, at: number, refId: string | null = null) => {
      const rule = RULES.find((r) => r[1] === h.party && r[2] === event)!;
      line(h, 'earn', rule[3], at, { event, ruleId: ruleIds.get(`${h.party} ${event}`)!, refId });
    };

    const holders = customers.map((c) => ({
      party: 'customer' as const,
      id: String(c.id),
      name: c.name,
      code: c.phone,
      at: new Date(c.createTime as unknown as string).getTime(),
    }));
    holders.forEach((c, i) => {
      earn(c, 'register', c.at + HOUR);
      if (i % 2 === 0) earn(c, 'test_drive', c.at + 26 * HOUR);
      if (i % 5 === 1) earn(c, 'review', c.at + 80 * HOUR);
      if (i % 7 === 3) earn(c, 'referral', c.at + 200 * HOUR);
      if (i % 9 === 4) line(c, 'adjust', 300, c.at + 100 * HOUR, { remark: '车展活动补发' });
    });
    for (const o of paid) {
      const c = holders.find((h) => h.id === String(o.customerId));
      if (c) earn(c, 'purchase', new Date(o.settledAt as unknown as string).getTime(), String(o.id));
    }
    for (const [i, s] of stores.entries())
      for (let k = 0; k < 3 + i; k++) {
        const h = { party: 'store' as const, id: String(s.id), name: s.name, code: s.code };
        if (k % 2) earn(h, 'test_drive', now - (40 - k * 5) * 24 * HOUR);
        else earn(h, 'referral', now - (60 - k * 7) * 24 * HOUR);
      }

    // Exchanges of the customers with points enough, the cheaper goods first.
    const exchanges: Array<Record<string, unknown>> = [];
    let n = 0;
    const counters = new Map<string, number>();
    for (const c of holders) {
      if (exchanges.length >= 10) break;
      const key = `customer ${c.id}`;
      const g = goods.filter((x) => x.stock > 0 && x.points <= (sums.get(key) ?? 0)).at(n % 3);
      if (!g) continue;
      const id = newId();
      // After every point it spends was earned: the running balance never dips below zero.
      const at = Math.min(now - 40 * 60_000, (last.get(key) ?? c.at) + 30 * 60_000);
      const status = n % 4 === 3 ? 'pending' : n === 5 ? 'cancelled' : 'delivered';
      line(c, 'redeem', -g.points, at, { refId: id, remark: `${g.name} × 1` });
      if (status === 'cancelled')
        line(c, 'refund', g.points, at + 10 * 60_000, { refId: id, remark: `${g.name} × 1：客户改选其他礼品` }); // prettier-ignore
      else {
        g.stock -= 1;
        g.exchanged += 1;
      }
      const day = formatDateTime(new Date(at))!.slice(0, 10);
      const no = (counters.get(day) ?? 0) + 1;
      counters.set(day, no);
      exchanges.push({
        id,
        exchangeNo: `PE${day.replaceAll('-', '')}-${String(no).padStart(4, '0')}`,
        customerId: c.id,
        customerName: c.name,
        customerPhone: c.code,
        goodsId: g.id,
        goodsName: g.name,
        quantity: 1,
        points: g.points,
        status,
        remark: n % 3 === 1 ? '客户电话预约，到店领取' : '',
        settleRemark:
          status === 'cancelled' ? '客户改选其他礼品' : status === 'delivered' ? '门店前台领取' : '',
        deliveredAt: status === 'delivered' ? new Date(at + 15 * 60_000) : null,
        cancelledAt: status === 'cancelled' ? new Date(at + 10 * 60_000) : null,
        createUser: by,
        updateUser: by,
        createTime: new Date(at),
        updateTime: new Date(at),
      });
      n++;
    }

    // Each holder's lines in time order, each with the balance it left.
    const balances = new Map<string, { balance: number; earned: number; spent: number }>();
    const lines: LineRow[] = entries
      .sort((a, b) => a.at - b.at)
      .map(({ h, kind, change, at, extra }) => {
        const key = `${h.party} ${h.id}`;
        const a = balances.get(key) ?? { balance: 0, earned: 0, spent: 0 };
        a.balance += change;
        if (change > 0 && (kind === 'earn' || kind === 'adjust')) a.earned += change;
        if (kind === 'redeem' || kind === 'refund') a.spent -= change;
        balances.set(key, a);
        return {
          id: newId(),
          party: h.party,
          partyId: h.id,
          partyName: h.name,
          partyCode: h.code,
          kind,
          event: null,
          ruleId: null,
          refId: null,
          change,
          balance: a.balance,
          remark: '',
          createUser: by,
          createTime: new Date(at),
          ...extra,
        };
      });
    await exec(db, scoped(TENANT).insertInto('points_goods', goods.map((g) => ({ ...g, createUser: by, updateUser: by })) as never)); // prettier-ignore
    if (lines.length) await exec(db, scoped(TENANT).insertInto('points_ledger', lines as never));
    const accounts = [...balances].map(([key, a]) => {
      const [party, partyId] = key.split(' ') as [PointParty, string];
      return { party, partyId, ...a };
    });
    if (accounts.length) await exec(db, scoped(TENANT).insertInto('points_account', accounts as never));
    if (exchanges.length) await exec(db, scoped(TENANT).insertInto('points_exchange', exchanges as never));
    if (counters.size)
      await exec(
        db,
        scoped(TENANT).insertInto(
          'points_counter',
          [...counters].map(([day, value]) => ({ day, value })) as never,
        ),
      );
    // Coupons of the first customers: unused and valid, used at the counter, expired, one voided.
    const COUPONS: Array<[string, 'cash' | 'gift', string | null, string]> = [
      ['保养抵扣券', 'cash', '200.00', '800.00'],
      ['精品附件代金券', 'cash', '500.00', '3000.00'],
      ['免费洗车券', 'gift', null, '0.00'],
      ['新春购车礼券', 'cash', '2000.00', '100000.00'],
    ];
    const coupons = holders.slice(0, 24).map((c, i) => {
      const [title, kind, amount, minSpend] = COUPONS[i % COUPONS.length]!;
      const issued = Math.min(now - 3 * 24 * HOUR, c.at + 48 * HOUR);
      const status = i % 6 === 1 ? 'used' : i % 6 === 3 ? 'expired' : i === 10 ? 'voided' : 'unused';
      const day = (ms: number) => formatDateTime(new Date(ms))!.slice(0, 10);
      return {
        id: newId(),
        code: newCouponCode(),
        customerId: c.id,
        customerName: c.name,
        customerPhone: c.code,
        title,
        kind,
        amount,
        minSpend,
        validFrom: day(issued),
        validTo: day(status === 'expired' ? now - 24 * HOUR : now + 90 * 24 * HOUR),
        status,
        remark: status === 'used' ? '到店保养工单核销' : status === 'voided' ? '重复发放，作废' : '',
        usedAt: status === 'used' ? new Date(issued + 24 * HOUR) : null,
        createUser: by,
        updateUser: by,
        createTime: new Date(issued),
        updateTime: new Date(issued),
      };
    });
    if (coupons.length) await exec(db, scoped(TENANT).insertInto('coupon_record', coupons as never));
    ctx.log(
      `seeded the points area: ${RULES.length} rules, ${goods.length} goods, ${lines.length} lines, ${exchanges.length} exchanges, ${coupons.length} coupons`,
    );
  });
}
