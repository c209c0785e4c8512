import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestApp,
  dbLabel,
  otherTenant,
  tokenFor,
  type TestApp,
  until,
} from '../../../test/harness.js';

describe(`the message-queue pages (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ MQ_POLL_MS: '100', MQ_RETRY_BASE_MS: '50' });
    admin = await tokenFor(t, 'admin');
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (token: string, url: string, payload?: unknown) =>
    call(t, token, { method: 'POST', url, lang: 'en', ...(payload ? { payload } : {}) });
  const systemNotices = (account: string) =>
    t.db.query<{ payload: { text: string; title: string } }>(
      `SELECT m.payload FROM im_message m JOIN im_conversation c ON c.id = m.conversation_id
        WHERE c.tenant_id = '000000' AND c.kind = 'system' AND c.pair_key = $1 AND m.type = 'TIMGroupSystemNoticeElem'
        ORDER BY m.seq`,
      [account],
    );

  it("shows the demo company's queue: relations with counts, messages, bodies and confirmations", async () => {
    const rel = (await get(admin, '/api/blade-dmt/mq-relation/list')).json().data;
    expect(rel.map((r: { topic: string; consumer: string }) => `${r.topic} → ${r.consumer}`)).toEqual([
      'sales.offer.decided → chat.decision-notice',
      'sales.offer.sent → chat.offer-card',
    ]);
    const card = rel.find((r: { consumer: string }) => r.consumer === 'chat.offer-card');
    expect(card).toMatchObject({ status: 1, maxAttempts: 5, failed: 1 });

    const given = (await get(admin, '/api/blade-dmt/mq-message/list?status=3')).json().data;
    expect(given.total).toBe(1);
    expect(given.records[0]).toMatchObject({
      topic: 'sales.offer.sent',
      attempts: 5,
      lastError: 'chat.offer-card: 客户尚未开通聊天账号',
    });
    expect(Date.parse(given.records[0].finishTime)).toBeGreaterThan(Date.parse(given.records[0].createTime));
    const detail = (await get(admin, `/api/blade-dmt/mq-message/detail?id=${given.records[0].id}`)).json()
      .data;
    expect(detail.confirms.map((c: { attempt: number; status: number }) => [c.attempt, c.status])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    expect(JSON.parse(detail.payload)).toMatchObject({ offerId: given.records[0].businessKey });

    const all = (await get(admin, '/api/blade-dmt/mq-message/list?size=50')).json().data;
    expect(all.total).toBeGreaterThan(5);
    const times = all.records.map((r: { createTime: string }) => Date.parse(r.createTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const done = all.records.find((r: { status: number }) => r.status === 2);
    const answers = (await get(admin, `/api/blade-dmt/mq-confirm/list?messageId=${done.id}`)).json().data;
    expect(answers.records).toHaveLength(1);
    expect(answers.records[0]).toMatchObject({ status: 1, error: null });

    const bodies = (await get(admin, `/api/blade-dmt/mq-message-data/list?payload=cust_`)).json().data;
    expect(bodies.total).toBeGreaterThan(0);
    for (const b of bodies.records) expect(b.payload).toContain('cust_');
    expect(bodies.records[0].size).toBe(Buffer.byteLength(bodies.records[0].payload));

    // A malformed filter is a 400 naming the field.
    const bad = await get(admin, '/api/blade-dmt/mq-message/list?status=given-up');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('status');
  });

  it("keeps tenants apart, and the pages are the administrators'", async () => {
    const boss = await otherTenant(t, '300401', { administrator: true });
    expect((await get(boss, '/api/blade-dmt/mq-message/list')).json().data.total).toBe(0);
    expect((await get(boss, '/api/blade-dmt/mq-confirm/list')).json().data.total).toBe(0);
    expect((await get(boss, '/api/blade-dmt/mq-message-data/list')).json().data.total).toBe(0);
    // The relations are the platform's: the other tenant sees them with its own (empty) counts.
    const rel = (await get(boss, '/api/blade-dmt/mq-relation/list')).json().data;
    expect(rel.map((r: { backlog: number; failed: number }) => r.backlog + r.failed)).toEqual([0, 0]);
    const one = (await get(admin, '/api/blade-dmt/mq-message/list?size=1')).json().data.records[0];
    expect(
      (await get(boss, `/api/blade-dmt/mq-message/detail?id=${one.id}`)).statusCode,
    ).toBeGreaterThanOrEqual(403);
    expect(
      (await post(boss, `/api/blade-dmt/mq-message/retry?ids=${one.id}`)).statusCode,
    ).toBeGreaterThanOrEqual(403);
    // Nor can another tenant's administrator pause the platform's relations.
    const paused = await post(boss, '/api/blade-dmt/mq-relation/submit', {
      id: rel[0].id,
      status: 0,
      maxAttempts: 5,
    });
    expect(paused.statusCode).toBe(403);
    expect(paused.json().msg).toBe(
      'A message relation applies to every tenant: only the platform administrator can change it',
    );
    // A salesperson has no monitoring menu.
    expect((await get(await tokenFor(t, 'sales1'), '/api/blade-dmt/mq-message/list')).statusCode).toBe(403);
  });

  it('redelivers a given-up message: the card reaches the customer, once; a settled one is refused', async () => {
    const given = (await get(admin, '/api/blade-dmt/mq-message/list?status=3')).json().data.records[0];
    const settled = (await get(admin, '/api/blade-dmt/mq-message/list?status=2')).json().data.records[0];
    const refused = await post(admin, `/api/blade-dmt/mq-message/retry?ids=${given.id},${settled.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`Only messages that were given up can be redelivered: ${settled.id}`);
    // All or none: the given-up one was not touched by the refused call.
    expect((await get(admin, `/api/blade-dmt/mq-message/detail?id=${given.id}`)).json().data.status).toBe(3);

    const ok = await post(admin, `/api/blade-dmt/mq-message/retry?ids=${given.id}`);
    expect(ok.json()).toMatchObject({ code: 200, data: 1 });
    const detail = async () =>
      (await get(admin, `/api/blade-dmt/mq-message/detail?id=${given.id}`)).json().data;
    await until(async () => (await detail()).status === 2);
    const d = await detail();
    expect(d).toMatchObject({ attempts: 1, lastError: null });
    expect(d.finishTime).not.toBeNull();
    expect(d.confirms.at(-1)).toMatchObject({ consumer: 'chat.offer-card', attempt: 1, status: 1 });
    const to = JSON.parse(d.payload).to as string;
    const cards = await t.db.query<{ payload: { data: string } }>(
      `SELECT m.payload FROM im_message m JOIN im_member b ON b.conversation_id = m.conversation_id
        WHERE b.user_id = $1 AND m.type = 'TIMCustomElem' AND m.client_msg_id = $2`,
      [to, `offer-${given.businessKey}-m${given.id}`],
    );
    expect(cards).toHaveLength(1);
    expect(JSON.parse(cards[0]!.payload.data)).toMatchObject({ offerId: given.businessKey });
  });

  it("an approval tells the offer's author in their system conversation, through the queue", async () => {
    const pending = (
      await t.db.query<{ id: string; account: string }>(
        `SELECT o.id, u.account FROM sales_offer o JOIN blade_user u ON u.id = o.owner_user
          WHERE o.tenant_id = '000000' AND o.status = 'pending_approval' AND u.account <> 'admin' AND o.is_deleted = 0
          LIMIT 1`,
      )
    )[0]!;
    const before = (await systemNotices(pending.account)).length;
    const res = await post(admin, '/api/blade-sales/offer/approve', { id: pending.id, remark: '可以' });
    expect(res.statusCode, res.body).toBe(200);
    await until(async () => (await systemNotices(pending.account)).length > before);
    const notice = (await systemNotices(pending.account)).at(-1)!.payload;
    expect(notice.title).toBe('报价审批结果');
    expect(notice.text).toMatch(/^你的报价 v\d+（.+）已由管理员审批通过。备注：可以$/);
    const msg = (
      await get(admin, `/api/blade-dmt/mq-message/list?topic=sales.offer.decided&businessKey=${pending.id}`)
    ).json().data.records;
    expect(msg).toHaveLength(1);
    await until(
      async () =>
        (await get(admin, `/api/blade-dmt/mq-message/detail?id=${msg[0].id}`)).json().data.status === 2,
    );
  });

  it('pauses and resumes a relation (platform administrator), checking the attempts', async () => {
    const rel = (await get(admin, '/api/blade-dmt/mq-relation/list')).json().data;
    const card = rel.find((r: { consumer: string }) => r.consumer === 'chat.offer-card');
    const tooMany = await post(admin, '/api/blade-dmt/mq-relation/submit', {
      id: card.id,
      status: 1,
      maxAttempts: 21,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('maxAttempts');
    const paused = await post(admin, '/api/blade-dmt/mq-relation/submit', {
      id: card.id,
      status: 0,
      maxAttempts: 8,
    });
    expect(paused.json().data).toMatchObject({ status: 0, maxAttempts: 8 });
    expect(paused.json().data.updateTime).not.toBeNull();
    const back = await post(admin, '/api/blade-dmt/mq-relation/submit', {
      id: card.id,
      status: 1,
      maxAttempts: 5,
    });
    expect(back.json().data).toMatchObject({ status: 1, maxAttempts: 5 });
  });
});
