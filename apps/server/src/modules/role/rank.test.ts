import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../platform/context.js';
import { call, createTestApp, dbLabel, otherTenant, tokenFor, type TestApp } from '../../../test/harness.js';
import type { ServerModule } from '../module.js';
import { deptModule } from '../dept/index.js';
import { userModule } from '../user/index.js';
import { roleModule } from './index.js';

/**
 * Every route of the user, role and department modules that writes, classified in one place (docs/roles.md).
 * `ranked`: it changes an account or a role of someone else, so the rank rule must hold; each gets attacks
 * by a lower-ranked caller (a tenant `admin`) against a higher and an equal target below.
 * `self`: it changes only the caller's own account (or signs up a new one), never another's.
 * `other`: it changes neither accounts nor roles.
 */
const CHANGING_ROUTES: Record<string, 'ranked' | 'self' | 'other'> = {
  'POST /api/blade-user/submit': 'ranked',
  'POST /api/blade-user/remove': 'ranked',
  'POST /api/blade-user/reset-password': 'ranked',
  'POST /api/blade-user/unlock': 'ranked',
  'POST /api/blade-user/approve': 'ranked',
  'POST /api/blade-system/role/submit': 'ranked',
  'POST /api/blade-system/role/remove': 'ranked',
  'POST /api/blade-system/role/grant': 'ranked',
  'POST /api/blade-user/register-guest': 'self',
  'POST /api/blade-user/update-password': 'self',
  'POST /api/blade-user/update-info': 'self',
  'POST /api/blade-user/update-password-forget': 'self',
  'POST /api/blade-system/dept/submit': 'other',
  'POST /api/blade-system/dept/remove': 'other',
};

/** The routes a module declares, found by running its registration against a recorder. */
async function writingRoutes(m: ServerModule): Promise<string[]> {
  const seen: string[] = [];
  const record = (method: string) => (url: string) => void seen.push(`${method} ${url}`);
  const recorder = {
    ctx: {},
    get: () => {},
    head: () => {},
    post: record('POST'),
    put: record('PUT'),
    patch: record('PATCH'),
    delete: record('DELETE'),
    route: (o: { method: string | string[]; url: string }) =>
      [o.method].flat().forEach((method) => method !== 'GET' && seen.push(`${method} ${o.url}`)),
  };
  await m.routes!(recorder as unknown as App);
  return seen;
}

interface Ctx {
  ids: Record<string, string>;
}
interface Attack {
  name: string;
  route: keyof typeof CHANGING_ROUTES;
  url: (c: Ctx) => string;
  payload?: (c: Ctx) => object;
  msg: string;
}

const OUTRANKED = 'You cannot change an account or role that ranks as high as yours or higher';
const ADMINISTRATOR_ONLY = 'Only the platform administrator may assign or change the administrator role';

const userBody = (c: Ctx, id: string | undefined, account: string, role: string) => ({
  ...(id ? { id: c.ids[id] } : {}),
  account,
  realName: 'x',
  roleIds: [c.ids[role]],
  deptIds: [c.ids.dept],
});

/** A tenant `admin` (rank 80) against the platform administrator (above) and another `admin` (equal). */
const ATTACKS: Attack[] = [
  {
    name: 'edits the platform administrator',
    route: 'POST /api/blade-user/submit',
    url: () => '/api/blade-user/submit',
    payload: (c) => userBody(c, 'admin', 'admin', 'administratorRole'),
    msg: OUTRANKED,
  },
  {
    name: 'edits an equal',
    route: 'POST /api/blade-user/submit',
    url: () => '/api/blade-user/submit',
    payload: (c) => userBody(c, 'peer', 'peer.admin', 'salesRole'),
    msg: OUTRANKED,
  },
  {
    name: 'adds an account with the administrator role',
    route: 'POST /api/blade-user/submit',
    url: () => '/api/blade-user/submit',
    payload: (c) => userBody(c, undefined, 'mole', 'administratorRole'),
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'adds an account of its own rank',
    route: 'POST /api/blade-user/submit',
    url: () => '/api/blade-user/submit',
    payload: (c) => userBody(c, undefined, 'mole', 'adminRole'),
    msg: OUTRANKED,
  },
  {
    name: 'gives a lower account the administrator role',
    route: 'POST /api/blade-user/submit',
    url: () => '/api/blade-user/submit',
    payload: (c) => userBody(c, 'sales1', 'sales1', 'administratorRole'),
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'removes the platform administrator',
    route: 'POST /api/blade-user/remove',
    url: (c) => `/api/blade-user/remove?ids=${c.ids.admin}`,
    msg: OUTRANKED,
  },
  {
    name: 'removes an equal (among others)',
    route: 'POST /api/blade-user/remove',
    url: (c) => `/api/blade-user/remove?ids=${c.ids.sales2},${c.ids.peer}`,
    msg: OUTRANKED,
  },
  {
    name: "resets the platform administrator's password",
    route: 'POST /api/blade-user/reset-password',
    url: (c) => `/api/blade-user/reset-password?userIds=${c.ids.admin}`,
    msg: OUTRANKED,
  },
  {
    name: "resets an equal's password (among others)",
    route: 'POST /api/blade-user/reset-password',
    url: (c) => `/api/blade-user/reset-password?userIds=${c.ids.sales2},${c.ids.peer}`,
    msg: OUTRANKED,
  },
  {
    name: 'unlocks the platform administrator',
    route: 'POST /api/blade-user/unlock',
    url: (c) => `/api/blade-user/unlock?userIds=${c.ids.admin}`,
    msg: OUTRANKED,
  },
  {
    name: 'unlocks an equal',
    route: 'POST /api/blade-user/unlock',
    url: (c) => `/api/blade-user/unlock?userIds=${c.ids.peer}`,
    msg: OUTRANKED,
  },
  {
    name: 'approves a registration holding the administrator role',
    route: 'POST /api/blade-user/approve',
    url: (c) => `/api/blade-user/approve?userIds=${c.ids.pendingAdministrator}`,
    msg: OUTRANKED,
  },
  {
    name: 'approves a registration of its own rank',
    route: 'POST /api/blade-user/approve',
    url: (c) => `/api/blade-user/approve?userIds=${c.ids.pendingAdmin}`,
    msg: OUTRANKED,
  },
  {
    name: 'edits the administrator role',
    route: 'POST /api/blade-system/role/submit',
    url: () => '/api/blade-system/role/submit',
    payload: (c) => ({ id: c.ids.administratorRole, roleName: 'x', roleAlias: 'administrator' }),
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'edits its own role',
    route: 'POST /api/blade-system/role/submit',
    url: () => '/api/blade-system/role/submit',
    payload: (c) => ({ id: c.ids.adminRole, roleName: 'x', roleAlias: 'admin' }),
    msg: OUTRANKED,
  },
  {
    name: 'lifts a lower role to its own rank',
    route: 'POST /api/blade-system/role/submit',
    url: () => '/api/blade-system/role/submit',
    payload: (c) => ({ id: c.ids.salesRole, roleName: 'x', roleAlias: 'sales', roleRank: 80 }),
    msg: OUTRANKED,
  },
  {
    name: 'adds a role of its own rank',
    route: 'POST /api/blade-system/role/submit',
    url: () => '/api/blade-system/role/submit',
    payload: () => ({ roleName: 'x', roleAlias: 'deputy', roleRank: 80 }),
    msg: OUTRANKED,
  },
  {
    name: 'renames a lower role to administrator',
    route: 'POST /api/blade-system/role/submit',
    url: () => '/api/blade-system/role/submit',
    payload: (c) => ({ id: c.ids.spareRole, roleName: 'x', roleAlias: 'administrator' }),
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'removes the administrator role',
    route: 'POST /api/blade-system/role/remove',
    url: (c) => `/api/blade-system/role/remove?ids=${c.ids.administratorRole}`,
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'removes a role of its own rank (among others)',
    route: 'POST /api/blade-system/role/remove',
    url: (c) => `/api/blade-system/role/remove?ids=${c.ids.spareRole},${c.ids.adminRole}`,
    msg: OUTRANKED,
  },
  {
    name: 'grants to the administrator role',
    route: 'POST /api/blade-system/role/grant',
    url: () => '/api/blade-system/role/grant',
    payload: (c) => ({ roleIds: [c.ids.administratorRole], menuIds: [] }),
    msg: ADMINISTRATOR_ONLY,
  },
  {
    name: 'grants to its own role',
    route: 'POST /api/blade-system/role/grant',
    url: () => '/api/blade-system/role/grant',
    payload: (c) => ({ roleIds: [c.ids.adminRole], menuIds: [] }),
    msg: OUTRANKED,
  },
];

describe(`the rank rule (${dbLabel})`, () => {
  let t: TestApp;
  let admin: string;
  let ta: string;
  const c: Ctx = { ids: {} };
  const one = async (sql: string, params: unknown[] = []) =>
    (await t.db.one<{ id: string }>(sql, params))!.id;
  const post = (token: string, url: string, payload?: object) =>
    call(t, token, { method: 'POST', url, payload, lang: 'en' });

  /** Everything an attack could change: accounts (passwords, locks, status), roles, grants, sessions. */
  const snapshot = async () => {
    const parts = await Promise.all(
      [
        'SELECT id, account, password, status, locked_until, failed_count, role_id, is_deleted, real_name FROM blade_user ORDER BY id',
        'SELECT user_id, role_id FROM blade_user_role ORDER BY 1, 2',
        'SELECT id, role_alias, role_name, role_rank, is_deleted FROM blade_role ORDER BY id',
        'SELECT role_id, menu_id FROM blade_role_menu ORDER BY 1, 2',
        'SELECT id, revoked_at FROM auth_session ORDER BY id',
      ].map((sql) => t.db.query(sql)),
    );
    return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  };

  /** A user of tenant 000000 with one role, in the first department. */
  const addUser = async (id: string, account: string, roleId: string, status = 1) => {
    await t.db.query(
      `INSERT INTO blade_user (id, tenant_id, account, password, status, role_id, dept_id) VALUES ($1, '000000', $2, 'x', $3, $4, $5)`,
      [id, account, status, roleId, c.ids.dept],
    );
    await t.db.query('INSERT INTO blade_user_role (user_id, role_id) VALUES ($1, $2)', [id, roleId]);
    await t.db.query('INSERT INTO blade_user_dept (user_id, dept_id) VALUES ($1, $2)', [id, c.ids.dept]);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const role = (alias: string) =>
      one(`SELECT id FROM blade_role WHERE role_alias = $1 AND tenant_id = '000000'`, [alias]);
    c.ids.administratorRole = await role('administrator');
    c.ids.adminRole = await role('admin');
    c.ids.salesRole = await role('sales');
    c.ids.userRole = await role('user');
    c.ids.dept = await one(`SELECT id FROM blade_dept WHERE dept_name = '综合管理部'`);
    c.ids.admin = await one(`SELECT id FROM blade_user WHERE account = 'admin' AND tenant_id = '000000'`);
    c.ids.sales1 = await one(`SELECT id FROM blade_user WHERE account = 'sales1'`);
    c.ids.sales2 = await one(`SELECT id FROM blade_user WHERE account = 'sales2'`);
    c.ids.ta = await addUser('8101', 'tenant.admin', c.ids.adminRole);
    c.ids.peer = await addUser('8102', 'peer.admin', c.ids.adminRole);
    c.ids.pendingAdmin = await addUser('8103', 'pending.admin', c.ids.adminRole, 0);
    c.ids.pendingAdministrator = await addUser('8104', 'pending.boss', c.ids.administratorRole, 0);
    await t.db.query(`UPDATE blade_user SET locked_until = now() + interval '1 hour' WHERE id = ANY($1)`, [
      [c.ids.admin, c.ids.peer],
    ]);
    c.ids.spareRole = (
      await post(await tokenFor(t, 'admin'), '/api/blade-system/role/submit', {
        roleName: '备用',
        roleAlias: 'spare',
      })
    ).json().data;
    admin = await tokenFor(t, 'admin');
    ta = await tokenFor(t, 'tenant.admin');
  });
  afterAll(() => t?.close());

  it('classifies every route of the user, role and department modules that writes', async () => {
    const declared = [
      ...(await writingRoutes(userModule)),
      ...(await writingRoutes(roleModule)),
      ...(await writingRoutes(deptModule)),
    ].sort();
    // A new writing route fails here until it is classified (and, when ranked, attacked below).
    expect(declared).toEqual(Object.keys(CHANGING_ROUTES).sort());
    const attacked = new Set(ATTACKS.map((a) => a.route));
    for (const [route, kind] of Object.entries(CHANGING_ROUTES))
      if (kind === 'ranked') expect(attacked, route).toContain(route);
  });

  it.each(ATTACKS)('a tenant admin $name: 403, translated, nothing changed', async (a) => {
    const before = await snapshot();
    const res = await post(ta, a.url(c), a.payload?.(c));
    expect(res.json()).toMatchObject({ code: 403, success: false, msg: a.msg });
    expect(res.statusCode).toBe(403);
    expect(await snapshot()).toBe(before);
  });

  it('answers in Chinese too', async () => {
    const res = await call(t, ta, {
      method: 'POST',
      url: `/api/blade-user/reset-password?userIds=${c.ids.admin}`,
    });
    expect(res.json().msg).toBe('不能操作级别不低于自己的账号或角色');
  });

  it('still lets a tenant admin manage those below it', async () => {
    const reset = await post(ta, `/api/blade-user/reset-password?userIds=${c.ids.sales1}`);
    expect(reset.statusCode).toBe(200);
    const created = await post(ta, '/api/blade-user/submit', userBody(c, undefined, 'sales9', 'salesRole'));
    expect(created.json()).toMatchObject({ code: 200 });
    const grant = await post(ta, '/api/blade-system/role/grant', {
      roleIds: [c.ids.spareRole],
      menuIds: [],
    });
    expect(grant.json()).toMatchObject({ code: 200 });
    const manager = await post(ta, '/api/blade-system/role/submit', {
      roleName: '店长',
      roleAlias: 'store_manager',
      roleRank: 50,
    });
    expect(manager.json()).toMatchObject({ code: 200 });
  });

  it('nobody changes their own roles, the platform administrator included; other fields of oneself may change', async () => {
    const before = await snapshot();
    const lift = await post(ta, '/api/blade-user/submit', {
      ...userBody(c, 'ta', 'tenant.admin', 'adminRole'),
      roleIds: [c.ids.adminRole, c.ids.administratorRole],
    });
    expect(lift.json()).toMatchObject({ code: 403, msg: 'You cannot change your own roles' });
    const drop = await post(admin, '/api/blade-user/submit', {
      ...userBody(c, 'admin', 'admin', 'administratorRole'),
      roleIds: [c.ids.administratorRole, c.ids.salesRole],
    });
    expect(drop.json()).toMatchObject({ code: 403, msg: 'You cannot change your own roles' });
    expect(await snapshot()).toBe(before);
    const rename = await post(ta, '/api/blade-user/submit', {
      ...userBody(c, 'ta', 'tenant.admin', 'adminRole'),
      realName: '新名字',
    });
    expect(rename.json()).toMatchObject({ code: 200 });
  });

  it("only a platform administrator touches the administrator role; a tenant's administrator does not", async () => {
    const boss = await otherTenant(t, '999994');
    const bossRole = await one(
      `SELECT id FROM blade_role WHERE tenant_id = '999994' AND role_alias = 'administrator'`,
    );
    const dept = (await post(boss, '/api/blade-system/dept/submit', { deptName: '总部' })).json().data;
    const before = await snapshot();
    const give = await post(boss, '/api/blade-user/submit', {
      account: 'deputy',
      realName: 'x',
      roleIds: [bossRole],
      deptIds: [dept],
    });
    expect(give.json()).toMatchObject({ code: 403, msg: ADMINISTRATOR_ONLY });
    const edit = await post(boss, '/api/blade-system/role/submit', {
      id: bossRole,
      roleName: 'x',
      roleAlias: 'administrator',
    });
    expect(edit.json()).toMatchObject({ code: 403, msg: ADMINISTRATOR_ONLY });
    const grant = await post(boss, '/api/blade-system/role/grant', { roleIds: [bossRole], menuIds: [] });
    expect(grant.json()).toMatchObject({ code: 403, msg: ADMINISTRATOR_ONLY });
    expect(await snapshot()).toBe(before);

    // The platform administrator assigns it, edits it, grants to it, and looks after a tenant's administrator.
    const made = await post(admin, '/api/blade-user/submit', {
      account: 'second.boss',
      realName: 'x',
      roleIds: [c.ids.administratorRole],
      deptIds: [c.ids.dept],
    });
    expect(made.json()).toMatchObject({ code: 200 });
    expect(
      (
        await post(admin, '/api/blade-system/role/submit', {
          id: c.ids.administratorRole,
          roleName: '超级管理员',
          roleAlias: 'administrator',
        })
      ).json(),
    ).toMatchObject({ code: 200 });
    expect(
      (await post(admin, '/api/blade-system/role/grant', { roleIds: [bossRole], menuIds: [] })).json(),
    ).toMatchObject({ code: 200 });
    const bossId = await one(`SELECT id FROM blade_user WHERE tenant_id = '999994' AND account = 'boss'`);
    expect((await post(admin, `/api/blade-user/reset-password?userIds=${bossId}`)).statusCode).toBe(200);
    // …but not another platform administrator: they rank the same.
    expect(
      (await post(admin, `/api/blade-user/reset-password?userIds=${made.json().data.id}`)).json(),
    ).toMatchObject({ code: 403, msg: OUTRANKED });
  });

  it('the attack of the report: a tenant admin cannot become administrator nor read its password', async () => {
    const lift = await post(ta, '/api/blade-user/submit', {
      ...userBody(c, 'ta', 'tenant.admin', 'administratorRole'),
    });
    expect(lift.statusCode).toBe(403);
    const roles = await t.db.query<{ role_alias: string }>(
      'SELECT r.role_alias FROM blade_user_role ur JOIN blade_role r ON r.id = ur.role_id WHERE ur.user_id = $1',
      [c.ids.ta],
    );
    expect(roles.map((r) => r.role_alias)).toEqual(['admin']);
    const reset = await post(ta, `/api/blade-user/reset-password?userIds=${c.ids.admin}`);
    expect(reset.statusCode).toBe(403);
    expect(JSON.stringify(reset.json())).not.toContain('password');
  });
});
