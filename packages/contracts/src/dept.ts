import { Type, type Static } from 'typebox';
import { Nullable, treeOf } from './common.js';

const deptFields = {
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  ancestors: Type.String(),
  deptCategory: Type.Integer(),
  deptName: Type.String(),
  fullName: Nullable(Type.String()),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
};
/** A department as the department page lists and edits it. */
export const Dept = Type.Object({ ...deptFields, hasChildren: Type.Optional(Type.Boolean()) });
export type Dept = Static<typeof Dept>;

/**
 * A node of the department trees; in the dept-personnel tree staff are nodes too (isEmployee, leaf),
 * with their card fields.
 */
export const DeptNode = treeOf('DeptNode', {
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  sort: Type.Optional(Type.Integer()),
  isEmployee: Type.Optional(Type.Boolean()),
  leaf: Type.Optional(Type.Boolean()),
  account: Type.Optional(Nullable(Type.String())),
  empNo: Type.Optional(Nullable(Type.String())),
  phone: Type.Optional(Nullable(Type.String())),
  avatar: Type.Optional(Nullable(Type.String())),
  brandNames: Type.Optional(Type.Array(Type.String())),
});
export type DeptNode = Static<typeof DeptNode>;
