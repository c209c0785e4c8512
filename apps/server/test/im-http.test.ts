import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODE, EVENT, TYPES } from '@forecourt/im-sdk';
import { CLOSE, MAX_BATCH_FRAMES, PROTOCOL_VERSION } from '@forecourt/im-sdk/protocol';
import { call, dbLabel, tokenFor } from './harness.js';
import { chatServer, rawChat, signIn, ticketFor, waitFor, type ChatServer } from './im-support.js';

describe(`chat endpoints (${dbLabel})`, () => {
  let t: ChatServer;
  beforeAll(async () => {
    t = await chatServer();
  });
  afterAll(() => t?.close());

  it('issues a chat signature only for the caller’s own account', async () => {
    const token = await tokenFor(t, 'sales1');
    const own = await call(t, token, { url: '/api/blade-im/sig/getSign/sales1' });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const other = await call(t, token, { url: '/api/blade-im/sig/getSign/sales2', lang: 'en' });
    expect(other.statusCode).toBe(403);
    expect(other.json().msg).toBe('A chat signature can only be issued for your own account');
    const anonymous = await call(t, undefined, { url: '/api/blade-im/sig/getSign/sales1' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a signature of one user for another user’s sign-in', async () => {
    const sig = await ticketFor(t, 'sales1');
    const { create } = await import('@forecourt/im-sdk');
    const c = create({ server: t.origin });
    const e = await c.login({ userID: 'sales2', userSig: sig }).then(
      () => null,
      (err: { code: number }) => err,
    );
    expect(e?.code).toBe(ERROR_CODE.INVALID_SIG);
    expect(c.isReady()).toBe(false);
  });

  it('creates and updates the caller’s chat profile (imUser); open clients hear of it', async () => {
    const r = await signIn(t, 'online1');
    try {
      const token = await tokenFor(t, 'online1');
      const res = await call(t, token, {
        method: 'POST',
        url: '/api/sop-tools/imPc/imUser',
        payload: { nick: 'Lina (online)', gender: 'female' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        userID: 'online1',
        nick: 'Lina (online)',
        gender: TYPES.GENDER_FEMALE,
      });
      await waitFor(() => (r.events[EVENT.PROFILE_UPDATED] ?? []).length > 0);
      expect(r.events[EVENT.PROFILE_UPDATED]![0]![0]!.nick).toBe('Lina (online)');
      // Only the given fields change.
      const again = await call(t, token, {
        method: 'POST',
        url: '/api/sop-tools/imPc/imUser',
        payload: { avatar: '/files/202611/a.png' },
      });
      expect(again.json().data).toMatchObject({ nick: 'Lina (online)', avatar: '/files/202611/a.png' });
      expect((await r.client.getMyProfile()).data.nick).toBe('Lina (online)');
      const bad = await call(t, token, {
        method: 'POST',
        url: '/api/sop-tools/imPc/imUser',
        payload: { gender: 'robot' },
        lang: 'en',
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().msg).toMatch(/gender/);
    } finally {
      await r.client.destroy();
    }
  });

  it('makes the chat profile from the staff record at each sign-in: nick until the user sets their own, the department always', async () => {
    const profileAtSignIn = async () => {
      const r = await signIn(t, 'sales2');
      try {
        return (await r.client.getMyProfile()).data;
      } finally {
        await r.client.destroy();
      }
    };
    const [dept] = await t.db.query<{ id: string; dept_name: string }>(
      `SELECT d.id, d.dept_name FROM blade_user u JOIN blade_user_dept ud ON ud.user_id = u.id
         JOIN blade_dept d ON d.id = ud.dept_id AND d.is_deleted = 0
        WHERE u.tenant_id = '000000' AND u.account = 'sales2' ORDER BY d.id LIMIT 1`,
    );
    const [user] = await t.db.query<{ real_name: string }>(
      "SELECT real_name FROM blade_user WHERE tenant_id = '000000' AND account = 'sales2'",
    );
    const rename = (realName: string, deptName: string) =>
      Promise.all([
        t.db.query("UPDATE blade_user SET real_name = $1 WHERE tenant_id = '000000' AND account = 'sales2'", [
          realName,
        ]),
        t.db.query('UPDATE blade_dept SET dept_name = $1 WHERE id = $2', [deptName, dept!.id]),
      ]);
    try {
      await t.db.query("DELETE FROM im_user WHERE tenant_id = '000000' AND user_id = 'sales2'");
      expect(await profileAtSignIn()).toMatchObject({ nick: user!.real_name, department: dept!.dept_name });
      await rename('Mira Chen', 'Used cars');
      expect(await profileAtSignIn()).toMatchObject({ nick: 'Mira Chen', department: 'Used cars' });
      const own = await call(t, await tokenFor(t, 'sales2'), {
        method: 'POST',
        url: '/api/sop-tools/imPc/imUser',
        payload: { nick: 'Mira' },
      });
      expect(own.statusCode).toBe(200);
      await rename('Mira Chen-Li', 'New cars');
      expect(await profileAtSignIn()).toMatchObject({ nick: 'Mira', department: 'New cars' });
    } finally {
      await rename(user!.real_name, dept!.dept_name);
    }
  });

  it('creates the chat profile of a user who never opened the chat', async () => {
    const rows = () =>
      t.db.query<{ nick: string; gender: string }>(
        "SELECT nick, gender FROM im_user WHERE tenant_id = '000000' AND user_id = 'online2'",
      );
    expect(await rows()).toEqual([]);
    const res = await call(t, await tokenFor(t, 'online2'), {
      method: 'POST',
      url: '/api/sop-tools/imPc/imUser',
      payload: { gender: 'male' },
    });
    expect(res.statusCode).toBe(200);
    const created = await rows();
    expect(created).toHaveLength(1);
    expect(created[0]!.gender).toBe(TYPES.GENDER_MALE);
    expect(created[0]!.nick).not.toBe(''); // the staff record's name until the user picks a nick
    expect(res.json().data.nick).toBe(created[0]!.nick);
  });

  it('lists staff contacts by role, grouped by the pinyin initial, without the admin account', async () => {
    const token = await tokenFor(t, 'sales1');
    type Groups = Record<string, { account: string; realName: string; brandNames: string[] }[]>;
    const get = async (q: string) => {
      const res = await call(t, token, { url: `/api/sop-tools/imPc/friendList${q}` });
      expect(res.statusCode).toBe(200);
      const body = res.json<{ code: number; data: Groups; msg: string }>();
      expect(body.code).toBe(200);
      return body.data;
    };
    const accounts = (g: Groups) =>
      Object.values(g)
        .flat()
        .map((f) => f.account)
        .sort();
    const all = await get('');
    expect(accounts(all)).not.toContain('admin');
    expect(accounts(all)).toEqual(expect.arrayContaining(['sales1', 'sales2', 'online1', 'resource1']));
    for (const [letter, list] of Object.entries(all)) {
      expect(letter).toMatch(/^[A-Z#]$/);
      for (const f of list) expect(Array.isArray(f.brandNames)).toBe(true);
    }
    const letters = Object.keys(all);
    expect(letters).toEqual(
      [...letters].sort((a, b) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b))),
    );
    expect(accounts(await get('?roleIds=resource'))).toEqual(['resource1', 'resource2']);
    expect(accounts(await get('?roleIds=online_sales'))).toEqual(['online1', 'online2']);
    const other = accounts(await get('?roleIds=resource,online_sales,sales&isOther=1'));
    expect(other).not.toEqual(expect.arrayContaining(['sales1']));
    expect(other).not.toContain('admin');
    expect(other.some((a) => /^(resource|online|sales)\d$/.test(a))).toBe(false);
  });

  it('enforces size limits on the server whatever the client, with errors naming the limit', async () => {
    const { ws, req } = await rawChat(t, 'resource1', { lang: 'en' });
    try {
      const send = (type: string, payload: object) =>
        req('send', {
          message: {
            clientMsgId: `raw${Math.random().toString(36).slice(2)}`,
            to: 'resource2',
            conversationType: 'C2C',
            type,
            payload,
          },
        });
      const long = await send(TYPES.MSG_TEXT, { text: '字'.repeat(4097) });
      expect(long.code).toBe(ERROR_CODE.TEXT_TOO_LONG);
      expect(long.message).toBe('The message text cannot exceed 12 KB');
      const file = await send(TYPES.MSG_FILE, {
        fileName: 'brochure.pdf',
        fileUrl: '/files/202611/x.pdf',
        fileSize: 100 * 1024 * 1024 + 1,
      });
      expect(file.code).toBe(ERROR_CODE.FILE_TOO_LARGE);
      expect(file.message).toMatch(/100 MB/);
      const image = await send(TYPES.MSG_IMAGE, {
        imageInfoArray: [
          { type: 0, url: '/files/202611/x.png', width: 1, height: 1, size: 28 * 1024 * 1024 + 1 },
        ],
      });
      expect(image.code).toBe(ERROR_CODE.FILE_TOO_LARGE);
      expect(image.message).toMatch(/28 MB/);
      const empty = await send(TYPES.MSG_TEXT, { text: '   ' });
      expect(empty.code).toBe(ERROR_CODE.INVALID_PARAMETER);
      expect(empty.message).toBe('Cannot send an empty message');
      const script = await send(TYPES.MSG_FILE, {
        fileName: 'a',
        fileUrl: 'javascript:alert(1)',
        fileSize: 1,
      });
      expect(script.code).toBe(ERROR_CODE.INVALID_PARAMETER);
      expect(script.message).toMatch(/fileUrl/);
      // A path that browsers read as another host is not one of ours.
      for (const fileUrl of ['//evil.example.com/x.pdf', '/\\evil.example.com/x.pdf']) {
        const elsewhere = await send(TYPES.MSG_FILE, { fileName: 'a', fileUrl, fileSize: 1 });
        expect(elsewhere.code, fileUrl).toBe(ERROR_CODE.INVALID_PARAMETER);
      }
      const frame = await req('history', { conversationID: 'C2Cresource2', count: 1000 });
      expect(frame.code).toBe(ERROR_CODE.INVALID_PARAMETER);
      expect(frame.message).toMatch(/count/);
    } finally {
      ws.close();
    }
  });

  it('answers in Chinese by default', async () => {
    const { ws, req } = await rawChat(t, 'resource2', { lang: 'zh' });
    try {
      const r = await req('send', {
        message: {
          clientMsgId: 'zh-empty',
          to: 'resource1',
          conversationType: 'C2C',
          type: TYPES.MSG_TEXT,
          payload: { text: '' },
        },
      });
      expect(r.message).toBe('不能发送空消息');
    } finally {
      ws.close();
    }
  });

  it('takes several requests in one message from a client of protocol 2 and answers it so; older clients get frames one by one', async () => {
    const sender = await rawChat(t, 'online2', { protocol: 2 });
    const receiver = await rawChat(t, 'resource2');
    try {
      expect(sender.auth.data).toMatchObject({ protocol: PROTOCOL_VERSION });
      const run = Date.now().toString(36);
      const send = (n: number): [string, object] => [
        'send',
        {
          message: {
            clientMsgId: `batch-${run}-${n}`,
            to: 'resource2',
            conversationType: 'C2C',
            type: TYPES.MSG_TEXT,
            payload: { text: `batch ${run} ${n}` },
          },
        },
      ];
      const answers = await sender.reqAll([send(1), send(2), ['ping', {}], send(3)]);
      expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0]);
      const seqs = [answers[0], answers[1], answers[3]].map((a) =>
        Number((a!.data!.message as { seq: number }).seq),
      );
      expect(seqs).toEqual([seqs[0], seqs[0]! + 1, seqs[0]! + 2]);
      // Answers written in one turn (pings are answered at once) come as one message.
      const pings = await sender.reqAll([
        ['ping', {}],
        ['ping', {}],
      ]);
      expect(sender.messages.at(-1)).toEqual(pings);
      const got = () =>
        receiver.frames
          .filter((f) => f.op === 'msg')
          .map((f) => String((f.data!.payload as { text: string }).text))
          .filter((text) => text.startsWith(`batch ${run}`));
      await waitFor(() => got().length === 3);
      expect(got()).toEqual([1, 2, 3].map((n) => `batch ${run} ${n}`));
      expect(receiver.messages.some((m) => Array.isArray(m))).toBe(false);
    } finally {
      sender.ws.close();
      receiver.ws.close();
    }
  });

  it('takes requests sent behind an auth after its answer, in order (protocol 3); behind a refused auth, none', async () => {
    const open = async () => {
      const ws = new WebSocket(`${t.origin.replace('http', 'ws')}/im`);
      const got: { op: string; rid?: number; code?: number; data?: Record<string, unknown> }[] = [];
      ws.on('message', (raw) => {
        const m = JSON.parse(String(raw)) as (typeof got)[number] | (typeof got)[number][];
        got.push(...(Array.isArray(m) ? m : [m]));
      });
      const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
      await new Promise((r) => ws.once('open', r));
      return { ws, got, closed };
    };
    const auth = (userSig: string) => ({
      op: 'auth',
      rid: 1,
      userID: 'online2',
      userSig,
      instanceId: 'behind-auth',
      platform: 'node',
      protocol: PROTOCOL_VERSION,
    });
    const behind = [
      { op: 'sync', rid: 2, convs: [] },
      { op: 'ping', rid: 3 },
    ];
    const c = await open();
    try {
      c.ws.send(JSON.stringify([auth(await ticketFor(t, 'online2')), ...behind]));
      await waitFor(() => c.got.filter((f) => f.op === 'res').length === 3);
      const answers = c.got.filter((f) => f.op === 'res');
      // The auth is answered first; what waited behind it is then answered as any request is, when ready.
      expect([answers[0]!.rid, answers[0]!.code]).toEqual([1, 0]);
      expect(
        answers
          .slice(1)
          .map((f) => [f.rid, f.code])
          .sort(),
      ).toEqual([
        [2, 0],
        [3, 0],
      ]);
      expect(answers.find((f) => f.rid === 2)!.data).toHaveProperty('conversationList');
    } finally {
      c.ws.close();
    }
    const refused = await open();
    refused.ws.send(JSON.stringify([auth('not-a-ticket'), ...behind]));
    expect(await refused.closed).toBe(CLOSE.AUTH_FAILED);
    expect(refused.got.map((f) => [f.rid, f.code === 0])).toEqual([[1, false]]);
  });

  it('closes a socket that sends a message of no frames, of too many, or with one bad frame among good ones', async () => {
    const ping = (rid: number) => ({ op: 'ping', rid });
    for (const bad of [
      [],
      Array.from({ length: MAX_BATCH_FRAMES + 1 }, (_, i) => ping(100 + i)),
      [ping(100), { op: 'ping' }],
    ]) {
      const c = await rawChat(t, 'online2', { protocol: 2 });
      const before = c.frames.length;
      c.ws.send(JSON.stringify(bad));
      expect(await c.closed).toBe(CLOSE.PROTOCOL);
      expect(c.frames.slice(before)).toEqual([]);
    }
  });

  it('closes a socket that never signs in', async () => {
    const ws = new WebSocket(`${t.origin.replace('http', 'ws')}/im`);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ op: 'send', rid: 1, message: {} }));
    const answer = await new Promise<{ code: number }>((r) =>
      ws.once('message', (m) => r(JSON.parse(String(m)))),
    );
    expect(answer.code).not.toBe(0);
    ws.send('not json');
    const closed = await new Promise<number>((r) => ws.once('close', (code) => r(code)));
    expect(closed).toBe(4009);
  });
});
