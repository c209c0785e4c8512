import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** A sensitive word with its category's name. */
export const SensitiveWord = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  word: Type.String(),
  category: Type.String(),
  categoryName: Type.Optional(Type.String()),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createUser: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Type.String(),
});
export type SensitiveWord = Static<typeof SensitiveWord>;

/** A masked message of the risk diary, with the words it hit. */
export const RiskDiary = Type.Object({
  id: Type.String(),
  tenantId: Type.String(),
  source: Type.String(),
  ref: Nullable(Type.String()),
  userId: Nullable(Type.String()),
  account: Nullable(Type.String()),
  content: Type.String(),
  masked: Type.String(),
  hits: Type.Array(Type.String()),
  hitCount: Type.Integer(),
  createTime: Type.String(),
});
export type RiskDiary = Static<typeof RiskDiary>;
