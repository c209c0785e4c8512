import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '@forecourt/im-sdk/types';
import { counting, createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
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

  it('answers an unknown account with NOT_FOUND after one read, and a malformed customer id with none', async () => {
    const unknown = await signIn('nobody-here');
    expect(unknown.statements).toBe(1);
    expect(unknown.profile).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
    const malformed = await signIn('cust_not-a-number');
    expect(malformed.statements).toBe(0);
    expect(malformed.profile).toMatchObject({ code: ERROR_CODE.NOT_FOUND, key: 'im.noUser' });
  });
});
