import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbLabel, testConfig, testDb } from '../../../test/harness.js';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { Scope } from '../../platform/scope.js';
import { all, scoped } from '../../platform/sql/index.js';
import { assertVisible, isVisible, visibilityOf, whereVisible, type Visibility } from './visibility.js';

const TENANT = '000000';

describe('visibility of one row', () => {
  const head: Visibility = { kind: 'depts', userId: '1', deptIds: ['10', '11'] };
  it.each([
    ['all', { kind: 'all' } as Visibility, { ownerUser: '9', ownerDept: '99' }, true],
    ['own row', { kind: 'own', userId: '1' } as Visibility, { ownerUser: '1', ownerDept: '99' }, true],
    [
      'another salesperson',
      { kind: 'own', userId: '1' } as Visibility,
      { ownerUser: '2', ownerDept: '10' },
      false,
    ],
    [
      'unowned (pool)',
      { kind: 'own', userId: '1' } as Visibility,
      { ownerUser: null, ownerDept: null },
      false,
    ],
    ['head: subtree', head, { ownerUser: '2', ownerDept: '11' }, true],
    ['head: outside', head, { ownerUser: '2', ownerDept: '12' }, false],
    ['head: own outside', head, { ownerUser: '1', ownerDept: '12' }, true],
  ])('%s', (_, v, row, visible) => {
    expect(isVisible(v, row)).toBe(visible);
    if (visible) expect(assertVisible(v, row)).toBe(row);
    else expect(() => assertVisible(v, row)).toThrow(expect.objectContaining({ status: 403 }) as AppError);
  });
});

describe(`visibility of the demo floor (${dbLabel})`, () => {
  let db: Db;
  let drop: () => Promise<void>;
  const scopes = new Map<string, Scope>();

  const scopeOf = async (account: string): Promise<Scope> => {
    const u = (await db.one<{ id: string; dept_id: string }>(
      'SELECT id, dept_id FROM blade_user WHERE account = $1 AND tenant_id = $2',
      [account, TENANT],
    ))!;
    const roles = await db.query<{ id: string; role_alias: string }>(
      'SELECT r.id, r.role_alias FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id WHERE ur.user_id = $1',
      [u.id],
    );
    return {
      tenantId: TENANT,
      userId: u.id,
      account,
      deptId: u.dept_id.split(',')[0] || null,
      roleIds: roles.map((r) => r.id),
      roleAliases: roles.map((r) => r.role_alias),
      clientId: 'saber',
      sessionId: 's',
      isPlatformAdmin: false,
    };
  };
  const visibleOwners = async (account: string) => {
    const scope = scopes.get(account)!;
    const v = await visibilityOf(db, scope);
    const rows = await all(
      db,
      whereVisible(v)(scoped(scope).selectFrom('sales_inquiry', 't').select(['t.ownerUser', 't.ownerDept'])),
    );
    return { v, rows };
  };
  const deptId = async (name: string) =>
    (await db.one<{ id: string }>('SELECT id FROM blade_dept WHERE dept_name = $1 AND tenant_id = $2', [
      name,
      TENANT,
    ]))!.id;

  beforeAll(async () => {
    ({ db, drop } = await testDb(testConfig({ SEED_DEMO: 'on' })));
    // A head of the sales centre (销售中心, parent of both sales departments): a role at the manager rank.
    const roleId = newId();
    const userId = newId();
    const centre = await deptId('销售中心');
    await db.query(
      `INSERT INTO blade_role (id, tenant_id, role_name, role_alias, role_rank) VALUES ($1, $2, '销售经理', 'sales_manager', 50)`,
      [roleId, TENANT],
    );
    await db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, status, dept_id) VALUES ($1, $2, 'head1', 'x', 1, $3)`,
      [userId, TENANT, centre],
    );
    await db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [userId, roleId]);
    await db.query('INSERT INTO blade_user_dept (user_id, dept_id) VALUES ($1, $2)', [userId, centre]);
    for (const a of ['admin', 'sales1', 'sales2', 'resource1', 'online1', 'head1'])
      scopes.set(a, await scopeOf(a));
  });
  afterAll(() => drop?.());

  it('a salesperson sees exactly their own inquiries', async () => {
    const { v, rows } = await visibleOwners('sales1');
    expect(v.kind).toBe('own');
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => String(r.ownerUser)))).toEqual(new Set([scopes.get('sales1')!.userId]));
  });

  it('a department head sees the inquiries of the whole subtree, not the other departments', async () => {
    const { v, rows } = await visibleOwners('head1');
    expect(v.kind).toBe('depts');
    const owners = new Set(rows.map((r) => String(r.ownerUser)));
    expect(owners.has(scopes.get('sales1')!.userId)).toBe(true);
    expect(owners.has(scopes.get('sales2')!.userId)).toBe(true);
    expect(owners.has(scopes.get('online1')!.userId)).toBe(false);
    const sub = new Set([
      await deptId('销售中心'),
      await deptId('新车销售一部'),
      await deptId('新车销售二部'),
    ]);
    expect(
      rows.every((r) => sub.has(String(r.ownerDept)) || String(r.ownerUser) === scopes.get('head1')!.userId),
    ).toBe(true);
  });

  it('the tenant administrator sees every inquiry; resource staff none', async () => {
    const total = Number(
      (await db.one<{ n: string }>(
        'SELECT count(*) n FROM sales_inquiry WHERE tenant_id = $1 AND is_deleted = 0',
        [TENANT],
      ))!.n,
    );
    const admin = await visibleOwners('admin');
    expect(admin.v.kind).toBe('all');
    expect(admin.rows).toHaveLength(total);
    const resource = await visibleOwners('resource1');
    expect(resource.rows).toHaveLength(0);
  });
});
