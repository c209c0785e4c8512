import { Repo, type TableDef } from '../../platform/crud.js';

/** Both dictionary tables share their columns; rules take either. */
export type DictRepo = Repo<'blade_dict' | 'blade_dict_biz'>;

const fields = [
  'id',
  'parentId',
  'code',
  'dictKey',
  'dictValue',
  'dictValueEn',
  'sort',
  'remark',
  'isSealed',
] as const;

const shared: Omit<TableDef<'blade_dict' | 'blade_dict_biz'>, 'table' | 'fields'> = {
  softDelete: true,
  audit: true,
  tree: true,
  filters: {
    code: { column: 'code', type: 'text' },
    dictValue: { column: 'dictValue', type: 'text' },
    dictKey: { column: 'dictKey', type: 'exact' },
  },
  sortable: ['sort', 'code', 'dictKey', 'dictValue'],
  defaultOrder: 't.sort, t.id',
  writable: ['parentId', 'code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'remark', 'isSealed'],
};

/** System dictionaries: global rows. */
export const systemDicts: DictRepo = new Repo({ ...shared, table: 'blade_dict', fields });
/** Business dictionaries: rows of the caller's tenant. */
export const bizDicts: DictRepo = new Repo({
  ...shared,
  table: 'blade_dict_biz',
  fields: [...fields, 'tenantId'],
});
