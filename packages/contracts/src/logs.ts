import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A request the server failed: what was asked (query string redacted), what went wrong, by whom. */
export const ServerErrorLog = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  requestId: Nullable(Type.String()),
  method: Nullable(Type.String()),
  requestUri: Nullable(Type.String()),
  message: Nullable(Type.String()),
  stackTrace: Nullable(Type.String()),
  createBy: Nullable(Type.String()),
  account: Nullable(Type.String()),
  createTime: Type.String(),
});
export type ServerErrorLog = Static<typeof ServerErrorLog>;

/** An error a browser met, uploaded from the shell's log viewer. */
export const ClientErrorLog = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  userId: Type.String(),
  account: Nullable(Type.String()),
  type: Type.String(),
  message: Type.String(),
  stack: Nullable(Type.String()),
  info: Nullable(Type.String()),
  url: Nullable(Type.String()),
  occurredAt: Nullable(Type.String()),
  userAgent: Nullable(Type.String()),
  createTime: Type.String(),
});
export type ClientErrorLog = Static<typeof ClientErrorLog>;
