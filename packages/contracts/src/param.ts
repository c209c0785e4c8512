import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A system parameter. */
export const Param = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  paramName: Type.String(),
  paramKey: Type.String(),
  paramValue: Type.String(),
  remark: Nullable(Type.String()),
  isPublic: Type.Integer(),
});
export type Param = Static<typeof Param>;
