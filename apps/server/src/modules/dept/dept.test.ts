import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';

describe(`departments (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let rootId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await tokenFor(t, 'admin');
    other = await otherTenant(t, '777777');
    rootId = (await t.db.one<{ id: string }>(
      `SELECT id FROM blade_dept WHERE tenant_id = '000000' AND parent_id = 0`,
    ))!.id;
  });
  afterAll(() => t?.close());

  const get = (token: string, url: string) => call(t, token, { url, lang: 'en' });
  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });

  it('browses the tree lazily and finds departments by name', async () => {
    const top = (await get(admin, '/api/blade-system/dept/lazy-list?parentId=0&tenantId=000000')).json().data;
    expect(top.map((d: { deptName: string }) => d.deptName)).toEqual(['前庭汽车集团']);
    expect(top[0].hasChildren).toBe(true);
    const children = (await get(admin, `/api/blade-system/dept/lazy-tree?parentId=${rootId}`)).json().data;
    expect(children.map((d: { title: string }) => d.title)).toContain('销售中心');
    expect(children.every((d: { isEmployee: boolean }) => d.isEmployee === false)).toBe(true);
    const found = (await get(admin, '/api/blade-system/dept/lazy-list?deptName=销售一')).json().data;
    expect(found.map((d: { deptName: string }) => d.deptName)).toEqual(['新车销售一部']);
    const tree = (await get(admin, '/api/blade-system/dept/tree?tenantId=000000')).json().data;
    expect(tree[0].children.length).toBeGreaterThan(3);
  });

  it('lists the employees of a department as picker leaves', async () => {
    const sales1Dept = (await t.db.one<{ id: string }>(
      `SELECT id FROM blade_dept WHERE dept_name = '新车销售一部'`,
    ))!.id;
    const staff = (
      await get(admin, `/api/blade-user/dept-personnel?deptId=${sales1Dept}&type=1&tenantId=000000`)
    ).json().data;
    expect(staff).toEqual([
      expect.objectContaining({
        title: '王建国',
        isEmployee: true,
        leaf: true,
        account: 'sales1',
        empNo: 'FC1001',
        brandNames: ['丰田', '本田'],
      }),
    ]);
    expect((await get(other, `/api/blade-user/dept-personnel?deptId=${sales1Dept}`)).statusCode).toBe(403);
  });

  it('adds, moves and removes departments, keeping paths right and refusing nodes with children or staff', async () => {
    const a = (
      await post(admin, '/api/blade-system/dept/submit', {
        parentId: rootId,
        deptName: '二手车事业部',
        sort: 9,
      })
    ).json().data as string;
    const b = (await post(admin, '/api/blade-system/dept/submit', { parentId: a, deptName: '评估组' })).json()
      .data as string;
    const salesCenter = (await t.db.one<{ id: string }>(
      `SELECT id FROM blade_dept WHERE dept_name = '销售中心'`,
    ))!.id;
    expect((await get(admin, `/api/blade-system/dept/detail?id=${b}`)).json().data.ancestors).toBe(
      `0,${rootId},${a}`,
    );
    // Moving a department takes its sub-tree along.
    expect(
      (
        await post(admin, '/api/blade-system/dept/submit', {
          id: a,
          parentId: salesCenter,
          deptName: '二手车事业部',
        })
      ).json().code,
    ).toBe(200);
    expect((await get(admin, `/api/blade-system/dept/detail?id=${b}`)).json().data.ancestors).toBe(
      `0,${rootId},${salesCenter},${a}`,
    );
    // Not under itself or its own sub-department.
    expect(
      (
        await post(admin, '/api/blade-system/dept/submit', { id: a, parentId: b, deptName: '二手车事业部' })
      ).json().msg,
    ).toBe('A department cannot move under itself or one of its sub-departments');
    expect((await post(admin, `/api/blade-system/dept/remove?ids=${a}`)).json()).toMatchObject({
      code: 400,
      msg: 'Remove the child nodes first',
    });
    const sales1Dept = (await t.db.one<{ id: string }>(
      `SELECT id FROM blade_dept WHERE dept_name = '新车销售一部'`,
    ))!.id;
    expect((await post(admin, `/api/blade-system/dept/remove?ids=${sales1Dept}`)).json().msg).toBe(
      'The department still has 1 employee(s); move them first',
    );
    expect((await post(admin, `/api/blade-system/dept/remove?ids=${b}`)).json().data).toBe(1);
    expect((await post(admin, `/api/blade-system/dept/remove?ids=${a}`)).json().data).toBe(1);
  });

  it("keeps a tenant's departments from another tenant and refuses staff without the button", async () => {
    expect((await get(other, '/api/blade-system/dept/lazy-list?parentId=0')).json().data).toEqual([]);
    expect((await get(other, `/api/blade-system/dept/detail?id=${rootId}`)).statusCode).toBe(403);
    expect(
      (await post(other, '/api/blade-system/dept/submit', { id: rootId, deptName: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await post(other, '/api/blade-system/dept/submit', { parentId: rootId, deptName: 'x' })).statusCode,
    ).toBe(403);
    expect((await post(other, `/api/blade-system/dept/remove?ids=${rootId}`)).statusCode).toBe(403);
    const sales = await tokenFor(t, 'sales1');
    expect(
      (await post(sales, '/api/blade-system/dept/submit', { parentId: rootId, deptName: 'x' })).statusCode,
    ).toBe(403);
    // Its own root department is its own to manage.
    expect((await post(other, '/api/blade-system/dept/submit', { deptName: '总部' })).json().code).toBe(200);
    expect(
      (await get(other, '/api/blade-system/dept/lazy-list?parentId=0'))
        .json()
        .data.map((d: { deptName: string }) => d.deptName),
    ).toEqual(['总部']);
  });
});
