import { Type, type Static } from 'typebox';
import { Nullable, treeOf } from './common.js';

/** A role as the role page lists and edits it (lists come as a tree of these). */
const roleFields = {
  id: Type.String(),
  tenantId: Type.String(),
  parentId: Type.String(),
  roleName: Type.String(),
  roleAlias: Type.String(),
  sort: Type.Integer(),
  roleRank: Nullable(Type.Integer()),
};
export const Role = Type.Object({ ...roleFields, hasChildren: Type.Optional(Type.Boolean()) });
export type Role = Static<typeof Role>;
export const RoleTreeRow = treeOf('RoleTreeRow', roleFields);

/** A role in the select trees. */
export const RoleNode = treeOf('RoleNode', {
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  roleAlias: Type.String(),
  sort: Type.Integer(),
});
export type RoleNode = Static<typeof RoleNode>;
export type RoleTreeRow = Static<typeof RoleTreeRow>;
