import { expect } from 'vitest';
import { allTenants, first, scoped } from '../../platform/sql/index.js';
import { call, type TestApp } from '../../../test/harness.js';

/** The code as the customer reads it: without a gateway, each text goes to the development outbox. */
export const lastSmsCode = async (t: TestApp, phone: string) =>
  (
    await first(
      t.db,
      scoped(allTenants)
        .selectFrom('dev_sms_outbox')
        .select('content')
        .where('receiver', '=', phone)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(1),
    )
  )?.content.match(/\d{6}/)?.[0];

/** A customer signs in on the mobile page: asks for a code, reads it, signs in with it. */
export async function customerSignIn(t: TestApp, phone: string, tenantId = '000000') {
  const sent = await call(t, undefined, {
    url: `/api/blade-member/h5/sms-code?tenantId=${tenantId}&phone=${phone}`,
    lang: 'en',
  });
  expect(sent.json().code).toBe(200);
  const res = await call(t, undefined, {
    method: 'POST',
    url: '/api/blade-member/h5/login',
    payload: { tenantId, phone, code: await lastSmsCode(t, phone) },
    lang: 'en',
  });
  expect(res.json().code).toBe(200);
  return res.json().data as {
    accessToken: string;
    customer: { id: string; name: string; staff: { realName: string } };
  };
}
