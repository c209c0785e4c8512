import { describe, expect, it } from 'vitest';
import { allMigrations } from '../../boot.js';
import { migrate } from '../../platform/db/migrate.js';
import { PgliteDb } from '../../platform/db/pglite.js';
import { onPostgres } from '../../../test/harness.js';

// 0003_exchange_settled on a database that has exchanges already: a cancellation's reason, which used to be
// written over the exchange's remark, becomes the cancellation's, with its time; the rest is untouched.
// The migration's SQL is the same on a server; the database it starts from is made here, embedded.
describe.skipIf(onPostgres)('points migration 0003: an exchange keeps what was said at each step', () => {
  it("moves a cancelled exchange's reason out of its remark, and leaves the others as they were", async () => {
    const db = await PgliteDb.open();
    try {
      const before = allMigrations().map((m) =>
        m.module === 'points' ? { ...m, migrations: m.migrations.filter((x) => x.id < '0003') } : m,
      );
      await migrate(db, before);
      const row = (id: number, status: string, remark: string, delivered: string | null) =>
        db.query(
          `INSERT INTO points_exchange (id, tenant_id, exchange_no, customer_id, customer_name, customer_phone,
             goods_id, goods_name, quantity, points, status, remark, delivered_at, update_time)
           VALUES ($1, '000000', $2, 1, '客户', '13600000000', 1, '洗车券', 1, 300, $3, $4, $5,
                   '2026-11-20 10:00:00+08')`,
          [id, `PE20261120-000${id}`, status, remark, delivered],
        );
      await row(1, 'cancelled', '客户改选其他礼品', null);
      await row(2, 'delivered', '前台领取', '2026-11-20 11:00:00+08');
      await row(3, 'pending', '电话预约', null);

      await migrate(db, allMigrations());
      const rows = await db.query(
        `SELECT id::int AS id, status, remark, settle_remark, cancelled_at IS NOT NULL AS cancelled
           FROM points_exchange ORDER BY id`,
      );
      expect(rows).toEqual([
        { id: 1, status: 'cancelled', remark: '', settle_remark: '客户改选其他礼品', cancelled: true },
        { id: 2, status: 'delivered', remark: '前台领取', settle_remark: '', cancelled: false },
        { id: 3, status: 'pending', remark: '电话预约', settle_remark: '', cancelled: false },
      ]);
      // From now on the status and its time go together.
      await expect(db.query("UPDATE points_exchange SET status = 'cancelled' WHERE id = 3")).rejects.toThrow(
        /points_exchange_cancelled/,
      );
    } finally {
      await db.close();
    }
  });
});
