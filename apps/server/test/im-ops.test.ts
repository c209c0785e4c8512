import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE } from '@forecourt/im-sdk';
import { dbLabel } from './harness.js';
import { chatServer, rawChat, type ChatServer } from './im-support.js';

/** Op names are looked up as own names of the op table: Object.prototype's members are not ops. */
describe(`chat op names (${dbLabel})`, () => {
  let t: ChatServer;
  beforeAll(async () => {
    t = await chatServer();
  });
  afterAll(() => t?.close());

  it('answers Object.prototype names as unknown ops, and ids beyond bigint as bad arguments, over a real socket', async () => {
    const c = await rawChat(t, 'admin', { lang: 'en' });
    for (const op of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      const res = await c.req(op, {});
      expect(res, op).toMatchObject({
        code: ERROR_CODE.INVALID_PARAMETER,
        message: `Unknown operation ${op}`,
      });
    }
    // Ids beyond PostgreSQL's bigint are bad arguments, not a failure of the store.
    for (const [op, args] of [
      ['group', { groupID: '99999999999999999999' }],
      ['revoke', { messageID: '9223372036854775808' }],
    ] as const) {
      const res = await c.req(op, args);
      expect(res.code, op).toBe(ERROR_CODE.INVALID_PARAMETER);
    }
    // The socket is still signed in and serves real ops.
    const list = await c.req('ping', {});
    expect(list.code).toBe(0);
    c.ws.close();
  });
});
