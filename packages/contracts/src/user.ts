import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A user as the user administration lists and edits it (never the password). */
export const User = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  account: Type.String(),
  code: Nullable(Type.String()),
  name: Nullable(Type.String()),
  realName: Nullable(Type.String()),
  avatar: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  sex: Type.Integer(),
  /** Comma lists, BladeX style. */
  roleId: Type.String(),
  deptId: Type.String(),
  brandNames: Type.Array(Type.String()),
  status: Type.Integer(),
  lockedUntil: Nullable(Type.String()),
  createTime: Type.String(),
});
export type User = Static<typeof User>;
