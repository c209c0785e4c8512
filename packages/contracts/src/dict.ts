import { Type, type Static } from 'typebox';
import { Nullable, treeOf } from './common.js';

const dictFields = {
  id: Type.String(),
  /** Business dictionaries only. */
  tenantId: Type.Optional(Type.String()),
  parentId: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
  dictValue: Type.String(),
  dictValueEn: Type.Optional(Nullable(Type.String())),
  sort: Type.Integer(),
  remark: Nullable(Type.String()),
  isSealed: Type.Integer(),
};
/** A row of the system (dict) or business (dict-biz) dictionary page. */
export const Dict = Type.Object({ ...dictFields, hasChildren: Type.Optional(Type.Boolean()) });
export type Dict = Static<typeof Dict>;

/** A dictionary in the parent select tree. */
export const DictNode = treeOf('DictNode', {
  id: Type.String(),
  parentId: Type.String(),
  title: Type.String(),
  key: Type.String(),
  value: Type.String(),
  code: Type.String(),
  dictKey: Type.String(),
});
export type DictNode = Static<typeof DictNode>;
