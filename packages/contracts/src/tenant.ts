import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A tenant as the tenant administration lists and edits it. */
export const Tenant = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  domain: Nullable(Type.String()),
  backgroundUrl: Nullable(Type.String()),
  linkman: Nullable(Type.String()),
  contactNumber: Nullable(Type.String()),
  address: Nullable(Type.String()),
  accountNumber: Type.Integer(),
  expireTime: Nullable(Type.String()),
  datasourceId: Nullable(Type.String()),
  status: Type.Integer(),
  createTime: Type.String(),
});
export type Tenant = Static<typeof Tenant>;

/** What the login page shows of the tenant its domain belongs to (null: no tenant has that domain). */
export const TenantInfo = Nullable(
  Type.Object({ tenantId: Type.String(), tenantName: Type.String(), backgroundUrl: Nullable(Type.String()) }),
);
export type TenantInfo = Static<typeof TenantInfo>;

/** The answer of a tenant's submit: its id; a new tenant also its administrator's one-time password. */
export const TenantSaved = Type.Object({
  id: Type.String(),
  tenantId: Type.Optional(Type.String()),
  adminAccount: Type.Optional(Type.String()),
  adminPassword: Type.Optional(Type.String()),
});
export type TenantSaved = Static<typeof TenantSaved>;
