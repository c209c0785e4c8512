import type { Db } from '../../platform/db/index.js';
import { bad } from '../../platform/errors.js';
import { hashPassword } from '../../platform/auth/passwords.js';
import { strongPassword } from '../../platform/auth/generate.js';
import type { Scope } from '../../platform/scope.js';
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
    const dup = await t.one(
      'SELECT 1 FROM blade_user WHERE tenant_id = $1 AND account = $2 AND is_deleted = 0 AND id <> $3',
      [tenantId, input.account, input.id ?? '0'],
    );
    if (dup) throw bad('user.accountExists', { account: input.account });
    const roleIds = [...new Set(input.roleIds)];
    const deptIds = [...new Set(input.deptIds)];
    const okRoles = await t.query(
      'SELECT id FROM blade_role WHERE id = ANY($1::bigint[]) AND tenant_id = $2 AND is_deleted = 0',
      [roleIds, tenantId],
    );
    const okDepts = await t.query(
      'SELECT id FROM blade_dept WHERE id = ANY($1::bigint[]) AND tenant_id = $2 AND is_deleted = 0',
      [deptIds, tenantId],
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
      await t.query(
        `INSERT INTO blade_user (id, tenant_id, account, password, password_initial, code, name, real_name, email, phone, sex, role_id, dept_id, status, create_user, create_dept, update_user)
         VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $14)`,
        [
          id,
          tenantId,
          input.account,
          hash,
          input.code ?? null,
          input.name ?? input.realName,
          input.realName,
          input.email ?? null,
          input.phone ?? null,
          input.sex ?? 3,
          data.roleId,
          data.deptId,
          input.status ?? 1,
          scope.userId,
          scope.deptId ?? '0',
        ],
      );
    }
    await t.query('DELETE FROM blade_user_role WHERE user_id = $1', [id]);
    await t.query('DELETE FROM blade_user_dept WHERE user_id = $1', [id]);
    await t.query('INSERT INTO blade_user_role (user_id, role_id) SELECT $1, unnest($2::bigint[])', [
      id,
      roleIds,
    ]);
    await t.query('INSERT INTO blade_user_dept (user_id, dept_id) SELECT $1, unnest($2::bigint[])', [
      id,
      deptIds,
    ]);
    return password ? { id, initialPassword: password } : { id };
  });
}
