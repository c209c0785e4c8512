import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { recordRiskHit, scanSensitive } from './words.js';

describe(`sensitive-word administration and risk diary (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    other = await otherTenant(t, '777777');
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string, lang: 'en' | 'zh' = 'en') => call(t, token, { url, lang });
  const post = (token: string, url: string, payload?: object, lang: 'en' | 'zh' = 'en') =>
    call(t, token, { method: 'POST', url, payload, lang });
  const W = '/api/blade-system/sensitive-word';
  const idOf = async (word: string, tenantId = '000000') =>
    (await t.db.one<{ id: string }>(
      'SELECT id FROM risk_sensitive_word WHERE tenant_id = $1 AND word = $2 AND is_deleted = 0',
      [tenantId, word],
    ))!.id;

  it('starts every tenant with a realistic list, paged and filtered by word and category', async () => {
    const page = (await get(admin, `${W}/list?current=1&size=5`)).json().data;
    expect(page.total).toBeGreaterThan(20);
    expect(page.records).toHaveLength(5);
    const fraud = (await get(admin, `${W}/list?category=fraud&size=100`, 'zh')).json().data.records;
    expect(fraud.map((r: { word: string }) => r.word)).toContain('飞单');
    expect(fraud.every((r: { categoryName: string }) => r.categoryName === '诈骗')).toBe(true);
    const found = (await get(admin, `${W}/list?word=微信`)).json().data.records;
    expect(found.map((r: { word: string }) => r.word).sort()).toEqual(['加微信', '加我微信']);
    const cats = (await get(admin, `${W}/categories`)).json().data;
    expect(cats).toContainEqual({ value: 'abuse', label: 'Abuse' });
  });

  it('adds, edits, tests and removes a word, and the filter follows at once', async () => {
    const before = (await post(admin, `${W}/test`, { text: '这台车有团购价吗' })).json().data;
    expect(before).toEqual({ masked: '这台车有团购价吗', words: [], hits: [] });
    const added = await post(admin, `${W}/submit`, { word: '团购价', category: 'ad', remark: '导流话术' });
    expect(added.json()).toMatchObject({ code: 200, success: true });
    const id = added.json().data as string;
    expect((await post(admin, `${W}/test`, { text: '这台车有团购价吗' })).json().data).toEqual({
      masked: '这台车有***吗',
      words: ['团购价'],
      hits: [{ word: '团购价', start: 4, end: 7 }],
    });
    expect((await get(admin, `${W}/detail?id=${id}`)).json().data).toMatchObject({
      word: '团购价',
      category: 'ad',
      categoryName: 'Advertising',
      status: 1,
      remark: '导流话术',
    });
    // Disabled words are kept in the list but no longer masked.
    expect((await post(admin, `${W}/submit`, { id, word: '团购价', status: 0 })).json().code).toBe(200);
    expect((await post(admin, `${W}/test`, { text: '团购价' })).json().data.masked).toBe('团购价');
    expect((await get(admin, `${W}/detail?id=${id}`)).json().data.category).toBe('ad');
    expect((await post(admin, `${W}/submit`, { id, word: '团购价', status: 1 })).json().code).toBe(200);
    expect((await post(admin, `${W}/remove?ids=${id}`)).json().data).toBe(1);
    expect((await post(admin, `${W}/test`, { text: '团购价' })).json().data.masked).toBe('团购价');
    expect((await get(admin, `${W}/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses a word already in the list, ignoring Latin case, naming it in both languages', async () => {
    expect((await post(admin, `${W}/submit`, { word: 'FUCK', category: 'abuse' })).json()).toMatchObject({
      code: 400,
      msg: 'The sensitive word "FUCK" already exists',
    });
    expect((await post(admin, `${W}/submit`, { word: ' 刷单 ' }, 'zh')).json().msg).toBe(
      '敏感词“刷单”已存在',
    );
    // Renaming onto another word is the same duplicate.
    const id = await idOf('返现');
    expect((await post(admin, `${W}/submit`, { id, word: '刷单' })).json().msg).toBe(
      'The sensitive word "刷单" already exists',
    );
    expect((await post(admin, `${W}/submit`, { word: 'a,b' })).json().msg).toBe(
      'The sensitive word "a,b" cannot contain line breaks, commas or semicolons',
    );
    expect((await post(admin, `${W}/submit`, { word: 'x', category: 'weather' })).statusCode).toBe(400);
  });

  it('imports many words, skipping and counting duplicates', async () => {
    const res = await post(admin, `${W}/import`, {
      words: '低价甩卖\n刷单，高仿车\r\n\n高仿车;ShiT、私下交易,  ' + 'x'.repeat(101),
      category: 'fraud',
    });
    expect(res.json().data).toEqual({ added: 3, skipped: 3, invalid: ['x'.repeat(101)] });
    const masked = (await post(admin, `${W}/test`, { text: '低价甩卖高仿车，私下交易' })).json().data.masked;
    expect(masked).toBe('*******，****');
    expect((await get(admin, `${W}/detail?id=${await idOf('高仿车')}`)).json().data.category).toBe('fraud');
    expect((await post(admin, `${W}/import`, { words: '刷单\nfuck' })).json().data).toEqual({
      added: 0,
      skipped: 2,
      invalid: [],
    });
  });

  it("keeps a tenant's words and diary from another tenant", async () => {
    const id = await idOf('飞单');
    expect((await get(other, `${W}/list?word=飞单`)).json().data.total).toBe(0);
    expect((await get(other, `${W}/detail?id=${id}`)).statusCode).toBe(403);
    expect((await post(other, `${W}/submit`, { id, word: '改掉' })).statusCode).toBe(403);
    expect((await post(other, `${W}/remove?ids=${id}`)).statusCode).toBe(403);
    // Its own list is its own: the same word may exist in both, and only its own words mask its text.
    expect((await post(other, `${W}/submit`, { word: '飞单', category: 'fraud' })).json().code).toBe(200);
    expect((await post(other, `${W}/submit`, { word: '内部消息' })).json().code).toBe(200);
    expect((await post(other, `${W}/test`, { text: '飞单内部消息刷单' })).json().data.masked).toBe(
      '******刷单',
    );
    expect((await post(admin, `${W}/test`, { text: '飞单内部消息刷单' })).json().data.masked).toBe(
      '**内部消息**',
    );
    expect((await get(admin, `${W}/detail?id=${id}`)).json().data.word).toBe('飞单');
  });

  it('lists masked messages in the risk diary, newest first, for the tenant only', async () => {
    const sales = await t.db.one<{ id: string }>("SELECT id FROM blade_user WHERE account = 'sales1'");
    for (const text of ['加我微信聊', '这单飞单吧，给你返现']) {
      const scan = await scanSensitive(t.db, '000000', text);
      await recordRiskHit(
        t.db,
        { tenantId: '000000', userId: sales!.id, account: 'sales1' },
        { source: 'chat', text, hits: scan.hits, masked: scan.masked, ref: 'C2Conline1' },
      );
    }
    await recordRiskHit(
      t.db,
      { tenantId: '777777' },
      { source: 'chat', text: '内部消息', hits: ['内部消息'] },
    );
    const page = (await get(admin, '/api/blade-system/risk-diary/list?size=10&tenantId=000000')).json().data;
    const mine = page.records.filter((r: { tenantId: string }) => r.tenantId === '000000');
    expect(mine[0]).toMatchObject({
      account: 'sales1',
      content: '这单飞单吧，给你返现',
      masked: '这单**吧，给你**',
      hits: ['飞单', '返现'],
      hitCount: 2,
      source: 'chat',
    });
    const byWord = (await get(admin, '/api/blade-system/risk-diary/list?word=加我微信')).json().data;
    expect(byWord.records.map((r: { masked: string }) => r.masked)).toEqual(['****聊']);
    const detail = (await get(admin, `/api/blade-system/risk-diary/detail?id=${mine[0].id}`)).json().data;
    expect(detail.ref).toBe('C2Conline1');
    const theirs = (await get(other, '/api/blade-system/risk-diary/list')).json().data.records;
    expect(theirs.map((r: { masked: string }) => r.masked)).toEqual(['****']);
    expect((await get(other, `/api/blade-system/risk-diary/detail?id=${mine[0].id}`)).statusCode).toBe(403);
  });

  it('refuses staff without the page or its buttons', async () => {
    const sales = await tokenFor(t, 'sales1');
    expect((await get(sales, `${W}/list`)).statusCode).toBe(403);
    expect((await post(sales, `${W}/submit`, { word: 'x' })).statusCode).toBe(403);
    expect((await post(sales, `${W}/import`, { words: 'x' })).statusCode).toBe(403);
    expect((await post(sales, `${W}/test`, { text: 'x' })).statusCode).toBe(403);
    expect((await get(sales, '/api/blade-system/risk-diary/list')).statusCode).toBe(403);
  });
});
