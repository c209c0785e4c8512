import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** What the staff member looking after a customer shows of themselves: a public card, no contact data. */
export const StaffCard = Type.Object({
  id: Type.String(),
  realName: Type.String(),
  avatar: Nullable(Type.String()),
  brandNames: Type.Array(Type.String()),
});
export type StaffCard = Static<typeof StaffCard>;

/** The signed-in customer of the mobile pages (/h5), with the card of the staff member responsible. */
export const CustomerProfile = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  name: Type.String(),
  phone: Type.String(),
  sex: Type.Integer(),
  brand: Nullable(Type.String()),
  staff: Nullable(StaffCard),
});
export type CustomerProfile = Static<typeof CustomerProfile>;

/** The answer of the customers' SMS sign-in (/h5/login). */
export const CustomerSignIn = Type.Object({
  accessToken: Type.String(),
  tokenType: Type.String(),
  expiresIn: Type.Integer(),
  customer: CustomerProfile,
});
export type CustomerSignIn = Static<typeof CustomerSignIn>;

/** A customer as the console lists and edits it, with the responsible staff member's name. */
export const Customer = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  name: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  sex: Type.Integer(),
  source: Nullable(Type.String()),
  brand: Nullable(Type.String()),
  intentionLevel: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  status: Type.Integer(),
  lastLoginTime: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
  userName: Nullable(Type.String()),
});
export type Customer = Static<typeof Customer>;
