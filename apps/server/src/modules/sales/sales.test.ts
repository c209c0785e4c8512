import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  INQUIRY_CHANNELS,
  INQUIRY_STATUSES,
  OFFER_STATUSES,
  RESOURCE_STATUSES,
  add,
  checkVin,
  sub,
} from '@forecourt/contracts/sales';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { t as translate } from '../../platform/i18n.js';
import { newId } from '../../platform/ids.js';
import {
  claimUserInquiry,
  expireOffers,
  findOrCreateCustomer,
  move,
  releaseLapsedReservations,
} from './index.js';
import { seedSales } from './seed.js';

const TENANT = '000000';

describe(`sales tables and demo floor (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.one<{ n: string }>(sql, params))!.n);
  const statuses = async (table: string, col = 'status') =>
    (
      await db.query<{ s: string }>(`SELECT DISTINCT ${col} AS s FROM ${table} WHERE tenant_id = $1`, [
        TENANT,
      ])
    )
      .map((r) => r.s)
      .sort();

  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
  });
  afterAll(() => drop?.());

  it('seeds a living floor: 120 vehicles, 300 inquiries, 80 offers, every status and channel', async () => {
    expect(await count('SELECT count(*) n FROM sales_resource WHERE tenant_id = $1', [TENANT])).toBe(120);
    expect(await count('SELECT count(*) n FROM sales_inquiry WHERE tenant_id = $1', [TENANT])).toBe(300);
    expect(await count('SELECT count(*) n FROM sales_offer WHERE tenant_id = $1', [TENANT])).toBe(80);
    expect(await statuses('sales_resource')).toEqual([...RESOURCE_STATUSES].sort());
    expect(await statuses('sales_inquiry')).toEqual([...INQUIRY_STATUSES].sort());
    expect(await statuses('sales_offer')).toEqual([...OFFER_STATUSES].sort());
    expect(await statuses('sales_inquiry', 'channel')).toEqual([...INQUIRY_CHANNELS].sort());
    expect(await statuses('sales_model', 'energy_type')).toEqual(['ev', 'hybrid', 'petrol', 'phev']);
    // Follow-ups on every inquiry someone has answered, and a history on every inquiry.
    expect(
      await count(`SELECT count(*) n FROM sales_inquiry q WHERE status IN ('following', 'quoted', 'won', 'lost')
                     AND NOT EXISTS (SELECT 1 FROM sales_inquiry_follow f WHERE f.inquiry_id = q.id)`),
    ).toBe(0);
    expect(await count(`SELECT count(DISTINCT inquiry_id) n FROM sales_inquiry_history`)).toBe(300);
    expect(
      await count(`SELECT count(*) n FROM sales_inquiry_history WHERE action = 'transfer'`),
    ).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) n FROM sales_user_inquiry WHERE status = 'pending'`)).toBeGreaterThan(
      0,
    );
  });

  it('every stock vehicle has a valid VIN, and every stock-age band has vehicles', async () => {
    const vins = await db.query<{ vin: string }>('SELECT vin FROM sales_resource');
    expect(vins.filter((v) => checkVin(v.vin) !== null)).toEqual([]);
    const bands = await db.query<{ band: string }>(
      `SELECT DISTINCT CASE WHEN age <= 30 THEN '0-30' WHEN age <= 60 THEN '31-60' WHEN age <= 90 THEN '61-90' ELSE '>90' END AS band
         FROM (SELECT current_date - arrival_date AS age FROM sales_resource WHERE status = 'in_stock') a`,
    );
    expect(bands.map((b) => b.band).sort()).toEqual(['0-30', '31-60', '61-90', '>90']);
  });

  it('offers add up to the fen, in the database as in the rules', async () => {
    const offers = await db.query<Record<string, string>>('SELECT * FROM sales_offer');
    for (const o of offers) {
      const gross = add(
        o.invoice_price!,
        o.purchase_tax!,
        o.insurance!,
        o.registration_fee!,
        o.accessories_total!,
        o.service_fee!,
      );
      expect(sub(gross, o.trade_in_credit!), o.id).toBe(o.total);
      expect(o.total).toMatch(/^\d+\.\d{2}$/); // NUMERIC arrives as text, never as a float
    }
    // Accepted offers hold their vehicle: reserved, sold or delivered, and pointing back at the offer.
    expect(
      await count(`SELECT count(*) n FROM sales_offer o JOIN sales_resource r ON r.id = o.resource_id AND r.reserved_offer_id = o.id
                    WHERE o.status = 'accepted' AND r.status IN ('reserved', 'sold', 'delivered')`),
    ).toBe(await count(`SELECT count(*) n FROM sales_offer WHERE status = 'accepted'`));
  });

  it('never makes a second customer with one phone', async () => {
    expect(
      await count(
        `SELECT count(*) n FROM (SELECT phone FROM member_customer WHERE tenant_id = $1 AND is_deleted = 0
                    GROUP BY phone HAVING count(*) > 1) d`,
        [TENANT],
      ),
    ).toBe(0);
    const phone = (await db.one<{ phone: string }>(
      'SELECT customer_phone AS phone FROM sales_inquiry LIMIT 1',
    ))!.phone;
    await expect(
      db.query(`INSERT INTO member_customer (id, tenant_id, name, phone) VALUES ($1, $2, 'Dup', $3)`, [
        newId(),
        TENANT,
        phone,
      ]),
    ).rejects.toThrow(/member_customer_phone|duplicate|unique/i);
  });

  it('is seeded once: a second run adds nothing', async () => {
    const before = await count('SELECT count(*) n FROM sales_inquiry');
    await seedSales({ db, config: testConfig(), log: () => {}, credentials: [] });
    expect(await count('SELECT count(*) n FROM sales_inquiry')).toBe(before);
    expect(await count('SELECT count(*) n FROM sales_model')).toBe(60);
  });

  it('the database refuses what the rules refuse', async () => {
    const r = (await db.one<Record<string, string>>(
      `SELECT * FROM sales_resource WHERE status = 'in_stock' LIMIT 1`,
    ))!;
    const insert = (vin: string, tenant = TENANT, status = 'in_stock', reserved: string | null = null) =>
      db.query(
        `INSERT INTO sales_resource (id, tenant_id, vin, model_id, production_date, arrival_date, purchase_cost, guide_price, floor_price, status, reserved_until)
         VALUES ($1, $2, $3, $4, '2026-01-01', '2026-02-01', 1, 2, 1, $5, $6)`,
        [newId(), tenant, vin, r.model_id, status, reserved],
      );
    await expect(insert(r.vin!)).rejects.toThrow(/sales_resource_vin|duplicate|unique/i);
    await insert(r.vin!, '777777'); // the same VIN in another tenant is that tenant's business
    await expect(insert('1M8GDM9AXKP042788', TENANT, 'lost')).rejects.toThrow(/check/i);
    // A hold time only on a reserved vehicle (one an order has taken money for has none: docs/orders.md).
    await expect(insert('1M8GDM9AXKP042788', TENANT, 'in_stock', '2026-12-01 10:00:00+08')).rejects.toThrow(
      /check/i,
    );
    // An order never holds more than is due, a trade never moves nothing, a serial number is recorded once.
    const d = (await db.one<{ id: string }>("SELECT id FROM sales_order WHERE status = 'partial' LIMIT 1"))!;
    await expect(
      db.query('UPDATE sales_order SET received = amount_due + 0.01 WHERE id = $1', [d.id]),
    ).rejects.toThrow(/check/i);
    const tr = (await db.one<Record<string, string>>(
      "SELECT * FROM sales_trade WHERE reference <> '' LIMIT 1",
    ))!;
    const trade = (amount: string, reference: string) =>
      db.query(
        `INSERT INTO sales_trade (id, tenant_id, trade_no, order_id, kind, method, amount, reference, paid_at, create_user)
         VALUES ($1, $2, $3, $4, 'receipt', $5, $6, $7, now(), 1)`,
        [newId(), TENANT, `SK-T${newId()}`, tr.order_id, tr.method, amount, reference],
      );
    await expect(trade('0', '')).rejects.toThrow(/check/i);
    await expect(trade('1', tr.reference!)).rejects.toThrow(/sales_trade_reference|duplicate|unique/i);
    await expect(insert('1M8GDM9AXKP04278O')).rejects.toThrow(/check/i);
    await expect(
      db.query(
        `UPDATE sales_inquiry SET status = 'lost', close_reason = '' WHERE status = 'following' AND id = (SELECT min(id) FROM sales_inquiry WHERE status = 'following')`,
      ),
    ).rejects.toThrow(/check/i);
    const o = (await db.one<{ inquiry_id: string; version: number }>(
      'SELECT inquiry_id, version FROM sales_offer LIMIT 1',
    ))!;
    await expect(
      db.query(
        `INSERT INTO sales_offer (id, tenant_id, inquiry_id, version, model_id, energy_type, vehicle_price, invoice_price, purchase_tax, total, valid_until, owner_user)
         VALUES ($1, $2, $3, $4, 1, 'ev', 1, 1, 0, 1, '2026-12-31', 1)`,
        [newId(), TENANT, o.inquiry_id, o.version],
      ),
    ).rejects.toThrow(/sales_offer_version|duplicate|unique/i);
  });

  it('20 parallel claims of one user inquiry: exactly one wins, the others are told it is taken', async () => {
    const id = newId();
    await db.query(
      `INSERT INTO sales_user_inquiry (id, tenant_id, name, phone, model_text, city_code) VALUES ($1, $2, '赵先生', '13912340000', 'Model Y', '3101')`,
      [id, TENANT],
    );
    const users = Array.from({ length: 20 }, () => newId());
    const results = await Promise.allSettled(users.map((u) => claimUserInquiry(db, TENANT, id, u)));
    const won = results.filter((x) => x.status === 'fulfilled');
    const lost = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const l of lost) expect(l.reason).toMatchObject({ status: 409, key: 'sales.userInquiryTaken' });
    const row = (await db.one<{ claimed_by: string; status: string }>(
      'SELECT claimed_by, status FROM sales_user_inquiry WHERE id = $1',
      [id],
    ))!;
    expect(row.status).toBe('claimed');
    expect(users[results.findIndex((x) => x.status === 'fulfilled')]).toBe(row.claimed_by);
  });

  it('finds or creates a customer by phone: 10 at once make one customer', async () => {
    const who = { tenantId: TENANT, name: '钱女士', phone: '13899990000', userId: null, deptId: null };
    const got = await Promise.all(Array.from({ length: 10 }, () => findOrCreateCustomer(db, who)));
    expect(new Set(got.map((g) => g.id)).size).toBe(1);
    expect(got.filter((g) => g.created)).toHaveLength(1);
    expect(
      await count(`SELECT count(*) n FROM member_customer WHERE tenant_id = $1 AND phone = $2`, [
        TENANT,
        who.phone,
      ]),
    ).toBe(1);
    // The same phone in another tenant is another customer.
    expect((await findOrCreateCustomer(db, { ...who, tenantId: '777777' })).created).toBe(true);
  });

  it('a reservation past its hold time goes back to stock; the others stay held', async () => {
    const held = await db.query<{ id: string }>(
      `SELECT id FROM sales_resource WHERE status = 'reserved' ORDER BY id`,
    );
    expect(held.length).toBeGreaterThan(1);
    await db.query(`UPDATE sales_resource SET reserved_until = now() - interval '1 minute' WHERE id = $1`, [
      held[0]!.id,
    ]);
    expect(await releaseLapsedReservations(db)).toEqual([held[0]!.id]);
    const after = (await db.one<Record<string, unknown>>('SELECT * FROM sales_resource WHERE id = $1', [
      held[0]!.id,
    ]))!;
    expect(after).toMatchObject({ status: 'in_stock', reserved_until: null, reserved_offer_id: null });
    expect(await count(`SELECT count(*) n FROM sales_resource WHERE status = 'reserved'`)).toBe(
      held.length - 1,
    );
  });

  it('a sent offer expires the day after its validity date, not on it', async () => {
    const [a, b] = await db.query<{ id: string }>(
      `SELECT id FROM sales_offer WHERE status = 'sent' ORDER BY id LIMIT 2`,
    );
    await db.query(`UPDATE sales_offer SET valid_until = '2026-06-09' WHERE id = $1`, [a!.id]);
    await db.query(`UPDATE sales_offer SET valid_until = '2026-06-10' WHERE id = $1`, [b!.id]);
    await db.query(
      `UPDATE sales_offer SET valid_until = '2099-01-01' WHERE status = 'sent' AND id NOT IN ($1, $2)`,
      [a!.id, b!.id],
    );
    expect(await expireOffers(db, '2026-06-10')).toEqual([a!.id]);
    expect(
      (await db.one<{ status: string }>('SELECT status FROM sales_offer WHERE id = $1', [b!.id]))!.status,
    ).toBe('sent');
  });
});

describe('status moves on the server', () => {
  it('a refused move is a 400 naming both states in the reader language', () => {
    let e: unknown;
    try {
      move('offer', 'draft', 'accepted');
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    expect(err.status).toBe(400);
    expect(translate('en', err.key, err.params)).toBe(
      'The offer status cannot change from "Draft" to "Accepted"',
    );
    expect(translate('zh', err.key, err.params)).toBe('报价状态不能从「草稿」变为「已接受」');
    expect(move('resource', 'reserved', 'in_stock')).toBe('in_stock');
  });
});
