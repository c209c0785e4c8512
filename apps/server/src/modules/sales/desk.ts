/**
 * The sales workbench (issue 24): the caller's overdue first responses, overdue and today's follow-ups, this
 * month's funnel and the stock's age, in two statements. The inquiry figures keep to what the caller may see
 * (visibility.ts); stock belongs to the tenant, so its age bands count the tenant's arrived, unsold vehicles
 * (no prices: a salesperson reads this too).
 */
import {
  SALES_DESK_LIST_SIZE,
  STOCK_AGE_BANDS,
  type SalesDeskItem,
  type SalesDeskList,
  type SalesDeskSummary,
} from '@forecourt/contracts/sales';
import type { Db } from '../../platform/db/index.js';
import type { Scope } from '../../platform/scope.js';
import { all, first, globalDb, scoped, sql, type SqlBool } from '../../platform/sql/index.js';
import { formatDateTime } from '../../platform/time.js';
import { firstResponseMinutes, overdueCondition } from './overdue.js';
import { visibilityOf, visibleCondition } from './visibility.js';

/** States in which an inquiry has an owner who still follows it up. */
const FOLLOWING = ['assigned', 'following', 'quoted'] as const;
/** Arrived and not sold: what stands on the lot. */
const ON_LOT = ['in_stock', 'reserved'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const dateOnly = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Day and month boundaries in the server's zone (the zone the API's times are written in). */
export function deskClock(now: Date) {
  const y = now.getFullYear();
  const m = now.getMonth();
  const d = now.getDate();
  return {
    now,
    today: dateOnly(now),
    tomorrow: new Date(y, m, d + 1),
    monthStart: new Date(y, m, 1),
    nextMonth: new Date(y, m + 1, 1),
    month: `${y}-${pad(m + 1)}`,
  };
}

type Kind = 'first' | 'late' | 'today';

/** The summary for `scope` at `now` (tests pass a fixed clock). */
export async function salesDeskSummary(db: Db, scope: Scope, now = new Date()): Promise<SalesDeskSummary> {
  const clock = deskClock(now);
  // The workbench is the caller's own tenant's floor, also for the platform administrator.
  const tenant = scoped({ tenantId: scope.tenantId, isPlatformAdmin: false });
  const [limit, v] = await Promise.all([firstResponseMinutes(db, scope.tenantId), visibilityOf(db, scope)]);
  const visibleT = visibleCondition(v, 't');
  const visibleI = visibleCondition(v, 'i');

  // 1. The to-do lists: one pass over the caller's waiting inquiries, each in one list (an unanswered
  // inquiry has no follow-up planned), ranked most urgent first, with each list's total.
  const overdue = overdueCondition('t', now, limit);
  const next = sql.ref('t.nextFollowTime');
  const kind = sql<Kind>`CASE WHEN ${overdue} THEN 'first' WHEN ${next} < ${now} THEN 'late' ELSE 'today' END`;
  let waiting = tenant
    .selectFrom('sales_inquiry', 't')
    .leftJoin('sales_model as m', 'm.id', 't.modelId')
    .leftJoin('sales_series as s', 's.id', 'm.seriesId')
    .leftJoin('sales_brand as b', 'b.id', 's.brandId')
    .leftJoin('blade_user as u', 'u.id', 't.ownerUser')
    .select([
      't.id',
      't.customerName',
      't.status',
      't.createTime',
      't.nextFollowTime',
      'u.realName as ownerName',
      sql<string>`coalesce(b.name || ' ' || s.name || ' ' || m.model_year || ' ' || m.trim, t.model_text)`.as(
        'modelName',
      ),
      kind.as('kind'),
      sql<string>`row_number() OVER (PARTITION BY ${kind} ORDER BY coalesce(${next}, t.create_time), t.id)`.as(
        'rn',
      ),
      sql<string>`count(*) OVER (PARTITION BY ${kind})`.as('total'),
    ])
    .where((eb) =>
      eb.or([
        overdue,
        eb.and([eb('t.status', 'in', [...FOLLOWING]), eb('t.nextFollowTime', '<', clock.tomorrow)]),
      ]),
    );
  if (visibleT) waiting = waiting.where(visibleT);
  const todo = globalDb
    .selectFrom(waiting.as('w'))
    .selectAll()
    .where(sql<SqlBool>`w.rn <= ${SALES_DESK_LIST_SIZE}`)
    .orderBy(sql`w.kind`)
    .orderBy(sql`w.rn`);

  // 2. The month's funnel and the stock's age bands in one row.
  const quoted = sql<SqlBool>`(i.status IN ('quoted', 'won') OR EXISTS (${tenant
    .selectFrom('sales_offer', 'o')
    .select(sql`1`.as('one'))
    .where(sql<SqlBool>`o.inquiry_id = i.id`)}))`;
  let month = tenant
    .selectFrom('sales_inquiry', 'i')
    .select([
      sql<string>`count(*)`.as('inquiries'),
      sql<string>`count(*) FILTER (WHERE ${quoted})`.as('quoted'),
      sql<string>`count(*) FILTER (WHERE i.status = 'won')`.as('won'),
    ])
    .where('i.createTime', '>=', clock.monthStart)
    .where('i.createTime', '<', clock.nextMonth);
  if (visibleI) month = month.where(visibleI);
  const age = sql<number>`(${clock.today}::date - r.arrival_date)`;
  const stock = tenant
    .selectFrom('sales_resource', 'r')
    .select(
      STOCK_AGE_BANDS.map((band, i) => {
        const above = i === 0 ? null : STOCK_AGE_BANDS[i - 1]!.max;
        const upTo = Number.isFinite(band.max) ? sql`${age} <= ${band.max}` : sql`TRUE`;
        const cond = above === null ? upTo : sql`${age} > ${above} AND ${upTo}`;
        return sql<string>`count(*) FILTER (WHERE ${cond})`.as(`band${i}`);
      }),
    )
    .where('r.status', 'in', [...ON_LOT]);
  const figures = globalDb.selectFrom([month.as('f'), stock.as('s')]).selectAll();

  const [rows, fig] = await Promise.all([all(db, todo), first(db, figures)]);

  const lists: Record<Kind, SalesDeskList> = {
    first: { total: 0, items: [] },
    late: { total: 0, items: [] },
    today: { total: 0, items: [] },
  };
  for (const r of rows) {
    const list = lists[r.kind as Kind];
    list.total = Number(r.total);
    list.items.push({
      id: String(r.id),
      customerName: r.customerName,
      modelName: r.modelName ?? '',
      status: r.status as SalesDeskItem['status'],
      ownerName: r.ownerName ?? null,
      createTime: formatDateTime(r.createTime)!,
      nextFollowTime: formatDateTime(r.nextFollowTime),
    });
  }
  const f = (fig ?? {}) as Record<string, string | undefined>;
  return {
    scope: v.kind,
    firstResponseMinutes: limit,
    firstResponseOverdue: lists.first,
    followUpsOverdue: lists.late,
    followUpsToday: lists.today,
    funnel: {
      month: clock.month,
      inquiries: Number(f.inquiries ?? 0),
      quoted: Number(f.quoted ?? 0),
      won: Number(f.won ?? 0),
    },
    stockAge: STOCK_AGE_BANDS.map((b, i) => ({
      band: b.band,
      color: b.color,
      count: Number(f[`band${i}`] ?? 0),
    })),
  };
}
