import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
import { counting, createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
import { newId } from '../../platform/ids.js';
import { refreshFromRecord } from './profiles.js';

// Every chat connection's sign-in refreshes its profile from the identity's record: what that costs
// the database is the chat's connect rate (bench:im, "connect + sign-in").
describe(`a sign-in's chat profile (${dbLabel})`, () => {
  let t: TestApp;
  let counted: ReturnType<typeof counting>;
  const TENANT = '000000';
  const signIn = async (userID: string) => {
    counted.n.statements = 0;
    const profile = await refreshFromRecord(counted.db, TENANT, userID).catch((e: unknown) => e);
    return { profile, statements: counted.n.statements };
  };

  beforeAll(async () => {
    t = await createTestApp();
    counted = counting(t.db);
  });
  afterAll(() => t?.close());

  it('reads the record and the profile in one statement, and writes a new user’s profile in one more', async () => {
    const first = await signIn('resource1');
    expect(first.statements).toBe(2);
    expect(first.profile).toMatchObject({ userID: 'resource1' });
    const rows = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM im_user WHERE tenant_id = $1 AND user_id = 'resource1'`,
      [TENANT],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('writes nothing for a returning user whose record did not change', async () => {
    const before = await signIn('resource1');
    const again = await signIn('resource1');
    expect(again).toEqual({ profile: before.profile as object, statements: 1 });
  });

  it('follows a changed record at the next sign-in', async () => {
    await t.db.query(
      `UPDATE blade_user SET real_name = 'Renamed Resource' WHERE account = 'resource1' AND tenant_id = $1`,
      [TENANT],
    );
    const changed = await signIn('resource1');
    expect(changed.statements).toBe(2);
    expect(changed.profile).toMatchObject({ nick: 'Renamed Resource' });
    expect(await signIn('resource1')).toMatchObject({ statements: 1, profile: { nick: 'Renamed Resource' } });
  });

  it('keeps a nick the user set, and writes nothing while the department stays', async () => {
    await t.db.query(
      `UPDATE im_user SET nick = 'My own name', custom_profile = true WHERE tenant_id = $1 AND user_id = 'resource1'`,
      [TENANT],
    );
    await t.db.query(
      `UPDATE blade_user SET real_name = 'Renamed Again' WHERE account = 'resource1' AND tenant_id = $1`,
      [TENANT],
    );
    expect(await signIn('resource1')).toMatchObject({ statements: 1, profile: { nick: 'My own name' } });
  });

  it('reads and writes the profiles of sign-ins that arrive together in a few statements, each its own', async () => {
    const [customer] = await t.db.query<{ id: string; name: string }>(
      `SELECT id::text, name FROM member_customer WHERE tenant_id = $1 AND is_deleted = 0 ORDER BY id LIMIT 1`,
      [TENANT],
    );
    const records = await t.db.query<{ account: string; real_name: string }>(
      `SELECT account, real_name FROM blade_user WHERE tenant_id = $1 AND account IN ('admin', 'sales1', 'sales2', 'resource2', 'online2')`,
      [TENANT],
    );
    expect(records).toHaveLength(5);
    counted.n.statements = 0;
    const ids = [
      'admin',
      'sales1',
      'sales2',
      'resource2',
      'online2',
      'sales1',
      'nobody-at-all',
      `cust_${customer!.id}`,
    ];
    const profiles = await Promise.all(
      ids.map((id) => refreshFromRecord(counted.db, TENANT, id).catch((e: unknown) => e)),
    );
    for (const r of records)
      expect(profiles[ids.indexOf(r.account)]).toMatchObject({ userID: r.account, nick: r.real_name });
    expect(profiles[5]).toEqual(profiles[1]);
    expect(profiles[6]).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
    expect(profiles[7]).toMatchObject({ userID: `cust_${customer!.id}`, nick: customer!.name });
    // One at a time this is 7 reads and 6 writes. Asked in one turn, as a connect storm's sign-ins arrive:
    // the staff's reads in one statement and their writes in one more; the customer's read and write.
    expect(counted.n.statements).toBe(4);
    const written = await t.db.query<{ user_id: string; n: number }>(
      `SELECT user_id, count(*)::int AS n FROM im_user WHERE tenant_id = $1 AND user_id = ANY($2::varchar[]) GROUP BY user_id ORDER BY user_id`,
      [TENANT, ids],
    );
    expect(written.map((w) => [w.user_id, w.n])).toEqual(
      [...new Set(ids.filter((id) => id !== 'nobody-at-all'))].sort().map((id) => [id, 1]),
    );
    // Returning, unchanged: reads only, in as few statements.
    counted.n.statements = 0;
    const again = await Promise.all(
      ids.map((id) => refreshFromRecord(counted.db, TENANT, id).catch((e: unknown) => e)),
    );
    expect(again).toEqual(profiles);
    expect(counted.n.statements).toBe(2);
  });

  it('keeps the tenants of sign-ins that arrive together apart, on reading and on writing', async () => {
    const OTHER = '999998';
    await t.db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, password_initial, name, real_name, status)
       VALUES ($1, $2, 'online1', 'x', false, 'online1', 'Other Online', 1)`,
      [newId(), OTHER],
    );
    const [home] = await t.db.query<{ real_name: string }>(
      `SELECT real_name FROM blade_user WHERE tenant_id = $1 AND account = 'online1'`,
      [TENANT],
    );
    const both = await Promise.all([
      refreshFromRecord(counted.db, TENANT, 'online1'),
      refreshFromRecord(counted.db, OTHER, 'online1'),
      refreshFromRecord(counted.db, OTHER, 'sales2').catch((e: unknown) => e),
      refreshFromRecord(counted.db, TENANT, 'online1'),
      refreshFromRecord(counted.db, OTHER, 'online1'),
    ]);
    expect(both[0]).toMatchObject({ userID: 'online1', nick: home!.real_name });
    expect(both[1]).toMatchObject({ userID: 'online1', nick: 'Other Online' });
    expect(both[2]).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
    expect(both[3]).toEqual(both[0]);
    expect(both[4]).toEqual(both[1]);
    const rows = await t.db.query<{ tenant_id: string; nick: string }>(
      `SELECT tenant_id, nick FROM im_user WHERE user_id = 'online1' AND tenant_id IN ($1, $2) ORDER BY tenant_id`,
      [TENANT, OTHER],
    );
    expect(rows).toEqual([
      { tenant_id: TENANT, nick: home!.real_name },
      { tenant_id: OTHER, nick: 'Other Online' },
    ]);
  });

  it('answers an unknown account with NOT_FOUND after one read, and a malformed customer id with none', async () => {
    const unknown = await signIn('nobody-here');
    expect(unknown.statements).toBe(1);
    expect(unknown.profile).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
    const malformed = await signIn('cust_not-a-number');
    expect(malformed.statements).toBe(0);
    expect(malformed.profile).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
    // Past a bigint: refused before any statement, so it never fails the batch it would have joined.
    const outOfRange = await signIn('cust_9223372036854775808');
    expect(outOfRange.statements).toBe(0);
    expect(outOfRange.profile).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
  });
});
