import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { strongPassword } from '../../platform/auth/generate.js';
import type { Scope } from '../../platform/scope.js';
import { all, anyId, exec, first, globalDb, scoped, sql } from '../../platform/sql/index.js';
import { Repo } from '../../platform/crud.js';
import { newId } from '../../platform/ids.js';
import { assertMayAssignRoles, assertMayManageAccounts } from '../role/index.js';

/** The user table as administration sees it: tenant-scoped, soft-deleted. */
export const users = new Repo({
  table: 'blade_user',
  softDelete: true,
  audit: true,
  // Never the password hash: it is not a column of this view.
  fields: [
    'id',
    'tenantId',
    'account',
    'code',
    'name',
    'realName',
    'avatar',
    'email',
    'phone',
    'sex',
    'roleId',
    'deptId',
    'brandNames',
    'status',
    'lockedUntil',
    'createTime',
  ],
  filters: {
    account: { column: 'account', type: 'text' },
    realName: { column: 'realName', type: 'text' },
    phone: { column: 'phone', type: 'text' },
    status: { column: 'status', type: 'number' },
  },
  sortable: ['account', 'realName', 'createTime'],
  defaultOrder: 't.code NULLS LAST, t.id',
  writable: ['account', 'code', 'name', 'realName', 'email', 'phone', 'sex', 'roleId', 'deptId', 'status'],
});

export interface UserInput {
  id?: string;
  account: string;
  code?: string;
  name?: string;
  realName: string;
  email?: string;
  phone?: string;
  sex?: number;
  roleIds: string[];
  deptIds: string[];
  status?: number;
}

/**
 * Saves a user with its roles and departments (join tables and the BladeX comma columns together, in one
 * transaction). Roles and departments must be of the user's tenant; accounts are unique per tenant. The
 * caller must outrank the user and every role given (docs/roles.md) and cannot change its own roles.
 */
export async function saveUser(
  db: Db,
  scope: Scope,
  input: UserInput,
): Promise<{ id: string; initialPassword?: string }> {
  const password = input.id ? undefined : strongPassword();
  const hash = password ? await hashPassword(password) : undefined;
  return db.tx(async (t) => {
    const tenantId = input.id
      ? ((await users.detail(t, scope, input.id)).tenantId as string)
      : scope.tenantId;
    if (input.id) await assertMayManageAccounts(t, scope, [input.id], { allowSelf: true });
    // The user's own tenant: the platform administrator edits other tenants' users too.
    const inTenant = scoped({ tenantId, isPlatformAdmin: false });
    const dup = await first(
      t,
      inTenant
        .selectFrom('blade_user')
        .select('id')
        .where('account', '=', input.account)
        .where('id', '<>', input.id ?? '0'),
    );
    if (dup) throw bad('user.accountExists', { account: input.account });
    const roleIds = [...new Set(input.roleIds)];
    const deptIds = [...new Set(input.deptIds)];
    const okRoles = await all(
      t,
      inTenant.selectFrom('blade_role').select('id').where('id', '=', anyId(roleIds)),
    );
    const okDepts = await all(
      t,
      inTenant.selectFrom('blade_dept').select('id').where('id', '=', anyId(deptIds)),
    );
    if (okRoles.length !== roleIds.length || okDepts.length !== deptIds.length)
      throw bad('user.foreignRoleOrDept');
    await assertMayAssignRoles(t, scope, input.id, roleIds);
    const data = { ...input, roleId: roleIds.join(','), deptId: deptIds.join(',') };
    let id = input.id;
    if (id) await users.update(t, scope, id, data);
    else {
      // The view of the Repo has no password column (it must never be read back), so a new row is written here.
      id = newId();
      await exec(
        t,
        inTenant.insertInto('blade_user', {
          id,
          account: input.account,
          password: hash!,
          passwordInitial: true,
          code: input.code ?? null,
          name: input.name ?? input.realName,
          realName: input.realName,
          email: input.email ?? null,
          phone: input.phone ?? null,
          sex: input.sex ?? 3,
          roleId: data.roleId,
          deptId: data.deptId,
          status: input.status ?? 1,
          createUser: scope.userId,
          createDept: scope.deptId ?? '0',
          updateUser: scope.userId,
        }),
      );
    }
    const userId = id;
    await exec(t, globalDb.deleteFrom('blade_user_role').where('userId', '=', userId));
    await exec(t, globalDb.deleteFrom('blade_user_dept').where('userId', '=', userId));
    await exec(
      t,
      globalDb
        .insertInto('blade_user_role')
        .columns(['userId', 'roleId'])
        .expression(
          globalDb.selectNoFrom([
            sql<string>`${userId}`.as('u'),
            sql<string>`unnest(${roleIds}::bigint[])`.as('r'),
          ]),
        ),
    );
    await exec(
      t,
      globalDb
        .insertInto('blade_user_dept')
        .columns(['userId', 'deptId'])
        .expression(
          globalDb.selectNoFrom([
            sql<string>`${userId}`.as('u'),
            sql<string>`unnest(${deptIds}::bigint[])`.as('d'),
          ]),
        ),
    );
    return password ? { id, initialPassword: password } : { id };
  });
}
