import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { all, scoped } from '../../platform/sql/index.js';
import {
  FIRST_RESPONSE_PARAM,
  firstResponseMinutes,
  isOverdue,
  overdueCondition,
  parseLimit,
} from './overdue.js';

const TENANT = '000000';
const NOW = new Date('2026-03-10T10:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe('first-response overdue rule', () => {
  it.each([
    ['new, 31 min unanswered', 'new', 31, null, true],
    ['assigned, 45 min unanswered', 'assigned', 45, null, true],
    ['new, exactly at the limit', 'new', 30, null, false],
    ['new, 29 min', 'new', 29, null, false],
    ['assigned but answered', 'assigned', 120, 5, false],
    ['following (answered by a follow-up)', 'following', 120, null, false],
    ['quoted', 'quoted', 600, null, false],
    ['closed as invalid on arrival', 'invalid', 600, null, false],
  ])('%s → %s', (_label, status, age, answeredAfter, expected) => {
    const row = {
      status,
      createTime: minutesAgo(age),
      firstResponseAt: answeredAfter === null ? null : minutesAgo(age - answeredAfter),
    };
    expect(isOverdue(row, NOW, 30)).toBe(expected);
  });

  it('a longer limit makes the same inquiry not yet overdue', () => {
    const row = { status: 'new', createTime: minutesAgo(45), firstResponseAt: null };
    expect(isOverdue(row, NOW, 30)).toBe(true);
    expect(isOverdue(row, NOW, 60)).toBe(false);
  });

  it.each([
    ['45', 45],
    [' 10 ', 10],
    [null, 30],
    ['', 30],
    ['0', 30],
    ['-5', 30],
    ['1.5', 30],
    ['abc', 30],
    ['100001', 30],
    ['100000', 100000],
  ])('the parameter %j is a limit of %i minutes', (value, minutes) => {
    expect(parseLimit(value)).toBe(minutes);
  });
});

describe(`overdue inquiries in the database (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const scope = { tenantId: TENANT, isPlatformAdmin: false };
  const insert = (status: string, age: number, answered: boolean, ownerUser: string | null) =>
    db.query(
      `INSERT INTO sales_inquiry (id, tenant_id, customer_id, customer_name, customer_phone, model_text, city_code, channel,
         status, close_reason, owner_user, first_response_at, create_time)
       VALUES ($1, $2, 1, 'T', '13900000000', 'Model', '110000', 'phone', $3, $4, $5, $6, $7)`,
      [
        newId(),
        TENANT,
        status,
        status === 'invalid' ? 'spam' : '',
        ownerUser,
        answered ? minutesAgo(age - 1) : null,
        minutesAgo(age),
      ],
    );

  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig()));
    await insert('new', 31, false, null);
    await insert('assigned', 90, false, '7');
    await insert('new', 10, false, null);
    await insert('assigned', 90, true, '7');
    await insert('following', 90, false, '7');
    await insert('invalid', 90, false, '7');
  });
  afterAll(() => drop?.());

  const read = async (limit: number) =>
    all(
      db,
      scoped(scope)
        .selectFrom('sales_inquiry', 't')
        .select(['t.id', 't.status', 't.createTime', 't.firstResponseAt'])
        .where('t.customerPhone', '=', '13900000000'),
    ).then((rows) => rows.map((r) => ({ ...r, id: String(r.id), overdue: isOverdue(r, NOW, limit) })));
  const matching = async (limit: number) =>
    (
      await all(
        db,
        scoped(scope)
          .selectFrom('sales_inquiry', 't')
          .select('t.id')
          .where('t.customerPhone', '=', '13900000000')
          .where(overdueCondition('t', NOW, limit)),
      )
    ).map((r) => String(r.id));

  it('the condition finds exactly the rows the function flags', async () => {
    for (const limit of [5, 30, 60, 100]) {
      const rows = await read(limit);
      const flagged = rows.filter((r) => r.overdue).map((r) => r.id);
      expect((await matching(limit)).sort()).toEqual(flagged.sort());
    }
    expect(await matching(30)).toHaveLength(2);
    expect(await matching(60)).toHaveLength(1);
  });

  it("the limit is the tenant's parameter, 30 minutes when unset", async () => {
    // Seeded with the default, where the console's parameter page shows it.
    expect(await firstResponseMinutes(db, TENANT)).toBe(30);
    await db.query(`UPDATE blade_param SET param_value = '60' WHERE tenant_id = $1 AND param_key = $2`, [
      TENANT,
      FIRST_RESPONSE_PARAM,
    ]);
    expect(await firstResponseMinutes(db, TENANT)).toBe(60);
    expect(await firstResponseMinutes(db, '999999')).toBe(30);
    await db.query(`DELETE FROM blade_param WHERE tenant_id = $1 AND param_key = $2`, [
      TENANT,
      FIRST_RESPONSE_PARAM,
    ]);
    expect(await firstResponseMinutes(db, TENANT)).toBe(30);
  });
});
