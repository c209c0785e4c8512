import type { Db } from '../../platform/db/index.js';
import { Repo } from '../../platform/crud.js';
import { bad } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { all, anyId, exec, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';

export const depts = new Repo({
  table: 'blade_dept',
  softDelete: true,
  audit: true,
  tree: true,
  fields: [
    'id',
    'tenantId',
    'parentId',
    'ancestors',
    'deptCategory',
    'deptName',
    'fullName',
    'sort',
    'remark',
  ],
  filters: {
    deptName: { column: 'deptName', type: 'text' },
    fullName: { column: 'fullName', type: 'text' },
    deptCategory: { column: 'deptCategory', type: 'number' },
  },
  sortable: ['sort', 'deptName'],
  defaultOrder: 't.sort, t.id',
  writable: ['parentId', 'ancestors', 'deptCategory', 'deptName', 'fullName', 'sort', 'remark'],
});

export interface DeptInput {
  id?: string;
  parentId?: string;
  deptName: string;
  fullName?: string;
  deptCategory?: number;
  sort?: number;
  remark?: string;
}

/** Saves a department: the parent is of the same tenant, ancestors follow the parent, no cycles. */
export async function submitDept(db: Db, scope: Scope, input: DeptInput): Promise<string> {
  return db.tx(async (t) => {
    const parentId = input.parentId && input.parentId !== '0' ? input.parentId : '0';
    let ancestors = '0';
    if (parentId !== '0') {
      await depts.assertAccessible(t, scope, [parentId]);
      const parent = await first(
        t,
        scoped(scope).selectFrom('blade_dept').select('ancestors').where('id', '=', parentId),
      );
      if (!parent) throw bad('dept.parentMissing');
      if (input.id && (parentId === input.id || parent.ancestors.split(',').includes(input.id)))
        throw bad('dept.cycle');
      ancestors = `${parent.ancestors},${parentId}`;
    }
    const id = await depts.submit(t, scope, {
      ...input,
      parentId,
      ancestors,
      fullName: input.fullName ?? input.deptName,
    });
    if (input.id) {
      // The sub-tree moves with it: each descendant's path is rebuilt from the department's new one.
      const below = await all(
        t,
        scoped(scope)
          .selectFrom('blade_dept')
          .select(['id', 'ancestors'])
          .where(sql<SqlBool>`(',' || ${sql.ref('ancestors')} || ',') LIKE ${`%,${input.id},%`}`),
      );
      for (const d of below) {
        const rest = d.ancestors.split(',');
        await exec(
          t,
          scoped(scope)
            .updateTable('blade_dept')
            .set({ ancestors: [ancestors, ...rest.slice(rest.indexOf(input.id))].join(',') })
            .where('id', '=', d.id),
        );
      }
    }
    return id;
  });
}

/** Removes departments that have neither sub-departments nor employees. */
export async function removeDepts(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    await depts.assertAccessible(t, scope, ids);
    const staff = await first(
      t,
      scoped(scope)
        .selectFrom('blade_user', 'u')
        .innerJoin('blade_user_dept as ud', 'ud.userId', 'u.id')
        .select(sql<string>`count(DISTINCT ${sql.ref('u.id')})`.as('n'))
        .where('ud.deptId', '=', anyId(ids)),
    );
    if (Number(staff?.n ?? 0) > 0) throw bad('dept.hasStaff', { n: Number(staff!.n) });
    return depts.remove(t, scope, ids);
  });
}

/** Tree node of the pickers: { id, parentId, title, key, value, hasChildren, isEmployee }. */
export const deptNode = (d: { id: string; parentId: string; deptName: string; hasChildren?: boolean }) => ({
  id: d.id,
  parentId: d.parentId,
  title: d.deptName,
  key: d.id,
  value: d.id,
  hasChildren: Boolean(d.hasChildren),
  isEmployee: false,
  leaf: !d.hasChildren,
});
