import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbLabel, type TestApp } from '../../../test/harness.js';
import { menuMigrations } from './tables.js';

/** What a new user sees of the seeded menus and departments (issue 22 item 11). */
describe(`seeded menus and departments (${dbLabel})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const newWindow = async () =>
    (
      await t.db.query<{ path: string }>(
        'SELECT path FROM blade_menu WHERE category = 1 AND is_open = 1 AND is_deleted = 0 ORDER BY path',
      )
    ).map((r) => r.path);
  const parentOfDemo = async () =>
    (await t.db.one<{ code: string }>(
      `SELECT p.code FROM blade_menu m JOIN blade_menu p ON p.id = m.parent_id WHERE m.code = 'micro_demo'`,
    ))!.code;

  it('opens only an http(s) address in a new window, every other menu as a tab', async () => {
    expect(await newWindow()).toEqual(['https://ant.design/docs/react/introduce-cn']);
  });

  it('puts the sample micro-app beside the test page, not alone in Workflow', async () => {
    expect(await parentOfDemo()).toBe('desk');
  });

  it('moves the menus of a database seeded before the same way (migration 0002)', async () => {
    // The state the first seeds left: every menu "Open in new window: Yes", the demo under Workflow.
    await t.db.query('UPDATE blade_menu SET is_open = 1');
    await t.db.query(
      `UPDATE blade_menu SET parent_id = (SELECT id FROM blade_menu WHERE code = 'work_area') WHERE code = 'micro_demo'`,
    );
    expect(await parentOfDemo()).toBe('work_area');
    await t.db.exec(menuMigrations.find((m) => m.id.startsWith('0002_'))!.sql);
    expect(await newWindow()).toEqual(['https://ant.design/docs/react/introduce-cn']);
    expect(await parentOfDemo()).toBe('desk');
  });

  it('gives the demo departments their types: the group a company, the rest departments', async () => {
    const rows = await t.db.query<{ top: boolean; dept_category: number }>(
      `SELECT parent_id = 0 AS top, dept_category FROM blade_dept WHERE tenant_id = '000000' AND is_deleted = 0`,
    );
    expect(rows.filter((r) => r.top).map((r) => r.dept_category)).toEqual([1]);
    expect(new Set(rows.filter((r) => !r.top).map((r) => r.dept_category))).toEqual(new Set([2]));
  });
});
