/**
 * Who sees which sales rows (issue 24, "Who sees what"): one rule for inquiries, offers and anything else
 * with an owner. A salesperson sees the rows they own; a department head the rows owned in their
 * department subtree (and their own); the tenant's administrators every row of the tenant. Resource staff
 * own no inquiries, so they see none unless a row names them as its owner. Tenant isolation is not done
 * here: the queries this condition is added to go through `scoped()` or a `Repo`.
 */
import { sql, type SqlBool, type Expression } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { forbidden } from '../../platform/errors.js';
import { RANK, roleRank } from '../../platform/auth/rank.js';
import { isTenantAdmin, type Scope } from '../../platform/scope.js';
import { all, anyId, globalDb, scoped } from '../../platform/sql/index.js';

export type Visibility =
  | { kind: 'all' }
  /** A department head: rows owned by `userId` or by anyone of these departments (the subtree). */
  | { kind: 'depts'; userId: string; deptIds: string[] }
  | { kind: 'own'; userId: string };

/** A row as far as visibility cares: who owns it and in which department. */
export interface Owned {
  ownerUser: string | null;
  ownerDept?: string | null;
}

/**
 * The caller's visibility. Departments heads are told apart by their role's rank (docs/roles.md: a tenant
 * gives department heads and managers the manager level), so a tenant names its own head roles; the
 * subtree is every department whose ancestors include one of the head's own departments.
 */
export async function visibilityOf(db: Db, scope: Scope): Promise<Visibility> {
  if (scope.isPlatformAdmin || isTenantAdmin(scope)) return { kind: 'all' };
  const own: Visibility = { kind: 'own', userId: scope.userId };
  if (!scope.roleIds.length) return own;
  const roles = await all(
    db,
    scoped(scope)
      .selectFrom('blade_role', 'r')
      .select(['r.roleAlias', 'r.roleRank'])
      .where('r.id', '=', anyId(scope.roleIds)),
  );
  if (!roles.some((r) => roleRank(r) >= RANK.manager)) return own;
  const mine = (
    await all(db, globalDb.selectFrom('blade_user_dept').select('deptId').where('userId', '=', scope.userId))
  ).map((r) => String(r.deptId));
  if (scope.deptId && !mine.includes(scope.deptId)) mine.push(scope.deptId);
  if (!mine.length) return own;
  const subtree = await all(
    db,
    scoped(scope)
      .selectFrom('blade_dept', 'd')
      .select('d.id')
      .where((eb) =>
        eb.or([
          eb('d.id', '=', anyId(mine)),
          eb(
            sql<string[]>`string_to_array(${sql.ref('d.ancestors')}, ',')`,
            '&&',
            sql<string[]>`${mine}::text[]`,
          ),
        ]),
      ),
  );
  return { kind: 'depts', userId: scope.userId, deptIds: subtree.map((d) => String(d.id)) };
}

/** Column names of the owner in the query (the table's alias, e.g. `t`). */
export interface OwnerColumns {
  user: string;
  /** Omitted for tables whose rows belong to a person only (stock). */
  dept?: string;
}

const columnsOf = (alias: string): OwnerColumns => ({
  user: `${alias}.ownerUser`,
  dept: `${alias}.ownerDept`,
});

/**
 * The condition a list, export or by-id read adds so only visible rows come back; null when the caller
 * sees every row (no condition at all, so the planner keeps the tenant indexes).
 */
export function visibleCondition(
  v: Visibility,
  cols: OwnerColumns | string = 't',
): Expression<SqlBool> | null {
  const c = typeof cols === 'string' ? columnsOf(cols) : cols;
  if (v.kind === 'all') return null;
  const byUser = sql<SqlBool>`${sql.ref(c.user)} = ${v.userId}`;
  if (v.kind === 'own' || !c.dept || !v.deptIds.length) return byUser;
  return sql<SqlBool>`(${byUser} OR ${sql.ref(c.dept)} = ${anyId(v.deptIds)})`;
}

/** Adds the visibility condition to a query (a Repo's `extra`, or any builder with `where`). */
export function whereVisible(v: Visibility, cols: OwnerColumns | string = 't') {
  return <Q>(q: Q): Q => {
    const cond = visibleCondition(v, cols);
    return cond ? ((q as unknown as { where: (e: Expression<SqlBool>) => unknown }).where(cond) as Q) : q;
  };
}

/** Whether one row is visible: the same rule as the condition, for rows already read. */
export function isVisible(v: Visibility, row: Owned): boolean {
  if (v.kind === 'all') return true;
  if (row.ownerUser !== null && String(row.ownerUser) === v.userId) return true;
  return v.kind === 'depts' && row.ownerDept != null && v.deptIds.includes(String(row.ownerDept));
}

/** By-id access: a row of the tenant the caller may not see is a 403, never the row. */
export function assertVisible<R extends Owned>(v: Visibility, row: R): R {
  if (!isVisible(v, row)) throw forbidden();
  return row;
}
