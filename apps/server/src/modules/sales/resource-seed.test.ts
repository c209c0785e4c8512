import { SALES_DEFAULTS } from '@forecourt/contracts/sales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { systemScope } from '../../platform/scope.js';
import { discountLimit } from './offer-rules.js';
import { minutesParam } from './inquiry-rules.js';
import { firstResponseMinutes } from './overdue.js';
import { holdHours } from './resource-rules.js';
import { SALES_PARAMS, seedSalesParams } from './resource-seed.js';

describe(`the sales parameters on the parameter page (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const config = testConfig();
  const rows = () =>
    db.query<{ param_key: string; param_value: string }>(
      `SELECT param_key, param_value FROM blade_param WHERE tenant_id = '000000' AND param_key LIKE 'sales.%' AND is_deleted = 0 ORDER BY param_key`,
    );
  beforeAll(async () => {
    ({ db, drop } = await testDb(config));
  });
  afterAll(() => drop?.());

  it('holds every rule the sales floor reads, each at the value that applies without it', async () => {
    expect((await rows()).map((r) => [r.param_key, r.param_value])).toEqual(
      [
        ['sales.discountLimit', SALES_DEFAULTS.discountLimit],
        ['sales.inquiry.firstResponseMinutes', String(SALES_DEFAULTS.firstResponseMinutes)],
        ['sales.reservationHoldHours', String(SALES_DEFAULTS.reservationHoldHours)],
        ['sales.userInquiry.claimMinutes', String(SALES_DEFAULTS.userInquiryClaimMinutes)],
      ].sort(),
    );
    expect(await discountLimit(db, systemScope())).toBe(SALES_DEFAULTS.discountLimit);
    expect(await firstResponseMinutes(db, '000000')).toBe(SALES_DEFAULTS.firstResponseMinutes);
    expect(await minutesParam(db, '000000', 'userInquiryClaimMinutes')).toBe(
      SALES_DEFAULTS.userInquiryClaimMinutes,
    );
    expect(await holdHours(db, '000000')).toBe(SALES_DEFAULTS.reservationHoldHours);
    expect(SALES_PARAMS).toHaveLength(4);
  });

  it('keeps a value the tenant changed and adds back one that was removed, on the next start', async () => {
    await db.query(`UPDATE blade_param SET param_value = '8000.00' WHERE param_key = 'sales.discountLimit'`);
    await db.query(`DELETE FROM blade_param WHERE param_key = 'sales.userInquiry.claimMinutes'`);
    await seedSalesParams({ db, config, log: () => {}, credentials: [] });
    const after = new Map((await rows()).map((r) => [r.param_key, r.param_value]));
    expect(after.get('sales.discountLimit')).toBe('8000.00');
    expect(after.get('sales.userInquiry.claimMinutes')).toBe(String(SALES_DEFAULTS.userInquiryClaimMinutes));
    expect(after.size).toBe(4);
  });
});
