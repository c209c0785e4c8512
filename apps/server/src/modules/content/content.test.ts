import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import { checkBody } from './rules.js';

const doc = (text: string) => ({
  type: 'doc',
  content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
});

describe('an article body, without a database', () => {
  it('is a document with something in it, and not too large', () => {
    expect(() => checkBody(doc('你好'))).not.toThrow();
    expect(() => checkBody({ type: 'doc', content: [{ type: 'paragraph' }] })).toThrow(
      expect.objectContaining({ key: 'content.bodyEmpty' }),
    );
    expect(() => checkBody(doc('   '))).toThrow(expect.objectContaining({ key: 'content.bodyEmpty' }));
    expect(() => checkBody(doc('字'.repeat(70_000)))).toThrow(
      expect.objectContaining({ key: 'content.bodyTooLarge' }),
    );
  });
});

describe(`column content (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let online: string;
  const get = (token: string, url: string) =>
    call(t, token, { url: `/api/blade-content/${url}`, lang: 'en' });
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    call(t, token, { method: 'POST', url: `/api/blade-content/${url}`, payload, lang: 'en' });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, online] = await Promise.all([tokenFor(t, 'admin'), tokenFor(t, 'online1')]);
  });
  afterAll(() => t?.close());

  it("the demo company's columns as a tree, and its articles pinned first, in every status", async () => {
    const tree = (await get(admin, 'column/tree')).json().data as Array<{
      name: string;
      children?: unknown[];
    }>;
    expect(tree.map((n) => n.name)).toEqual(['新闻资讯', '用车指南', '公告']);
    expect(tree[0]!.children).toHaveLength(2);
    const top = (await get(admin, 'column/list?parentId=0')).json().data.records as Array<{
      hasChildren: boolean;
    }>;
    expect(top.map((c) => c.hasChildren)).toEqual([true, true, false]);
    const list = (await get(online, 'article/list?size=50')).json().data.records as Array<{
      top: boolean;
      status: string;
    }>;
    expect(list[0]!.top).toBe(true);
    expect(new Set(list.map((a) => a.status))).toEqual(new Set(['draft', 'published', 'offline']));
    expect(JSON.stringify(list)).not.toContain('"body"');
  });

  it('a column code is unique, a column never sits under its own, one holding articles stays', async () => {
    const tree = (await get(admin, 'column/tree')).json().data as Array<{
      id: string;
      children?: Array<{ id: string }>;
    }>;
    const news = tree[0]!;
    const dup = await post(admin, 'column/submit', { name: '重复', code: 'news', status: 1 });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().msg).toBe('The column code "news" already exists');
    const cycle = await post(admin, 'column/submit', {
      id: news.id,
      parentId: news.children![0]!.id,
      name: '新闻资讯',
      code: 'news',
      status: 1,
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toContain('parentId');
    const held = await call(t, admin, {
      method: 'POST',
      url: `/api/blade-content/column/remove?ids=${news.children![0]!.id}`,
      lang: 'en',
    });
    expect(held.statusCode).toBe(400);
    expect(held.json().msg).toBe('The column still holds articles; move or delete them first');
    expect((await post(online, 'column/submit', { name: 'x', code: 'x', status: 1 })).statusCode).toBe(403);
  });

  it('an article is written as a draft, published, taken offline and published again; nothing else', async () => {
    const col = ((await get(admin, 'column/tree')).json().data as Array<{ id: string }>)[2]!.id;
    const empty = await post(online, 'article/submit', {
      columnId: col,
      title: '空白',
      body: { type: 'doc', content: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('body: the body cannot be empty');
    expect(
      (await post(online, 'article/submit', { columnId: col, title: 'x', body: '<script>alert(1)</script>' }))
        .statusCode,
    ).toBe(400);
    const draft = await post(online, 'article/submit', {
      columnId: col,
      title: '五一营业安排',
      summary: '正常营业',
      body: doc('五一期间正常营业。'),
    });
    expect(draft.statusCode, draft.body).toBe(200);
    const a = draft.json().data;
    expect(a).toMatchObject({
      status: 'draft',
      publishTime: null,
      authorName: '陈思远',
      body: doc('五一期间正常营业。'),
    });
    expect((await post(online, 'article/offline', { id: a.id })).statusCode).toBe(409);
    const pub = await post(online, 'article/publish', { id: a.id });
    expect(pub.json().data.status).toBe('published');
    expect(pub.json().data.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} /);
    const again = await post(online, 'article/publish', { id: a.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The article cannot go from "Published" to "Published"');
    expect((await post(online, 'article/offline', { id: a.id })).json().data.status).toBe('offline');
    expect((await post(online, 'article/publish', { id: a.id })).json().data.status).toBe('published');
    const edited = await post(online, 'article/submit', {
      id: a.id,
      columnId: col,
      title: '五一营业安排（更新）',
      body: doc('五一期间 9:00–20:00 营业。'),
    });
    expect(edited.json().data).toMatchObject({ status: 'published', title: '五一营业安排（更新）' });
  });

  it("another tenant sees none of it and cannot change this tenant's articles", async () => {
    const [first] = (await get(admin, 'article/list')).json().data.records as Array<{ id: string }>;
    const other = await otherTenant(t, '300421');
    expect((await get(other, 'article/list')).json().data.total).toBe(0);
    expect((await get(other, 'column/tree')).json().data).toEqual([]);
    expect((await post(other, 'article/offline', { id: first!.id })).statusCode).toBe(404);
    expect((await get(other, `article/detail?id=${first!.id}`)).statusCode).toBe(404);
  });
});
