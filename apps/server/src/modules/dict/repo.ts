import { Repo, type TableDef } from '../../platform/crud.js';

const columns = {
  id: 'id',
  parentId: 'parent_id',
  code: 'code',
  dictKey: 'dict_key',
  dictValue: 'dict_value',
  dictValueEn: 'dict_value_en',
  sort: 'sort',
  remark: 'remark',
  isSealed: 'is_sealed',
};

const shared: Omit<TableDef, 'table' | 'tenant' | 'columns'> = {
  softDelete: true,
  audit: true,
  tree: true,
  filters: {
    code: { column: 'code', type: 'text' },
    dictValue: { column: 'dict_value', type: 'text' },
    dictKey: { column: 'dict_key', type: 'exact' },
  },
  sortable: ['sort', 'code', 'dictKey', 'dictValue'],
  defaultOrder: 't.sort, t.id',
  writable: ['parentId', 'code', 'dictKey', 'dictValue', 'dictValueEn', 'sort', 'remark', 'isSealed'],
};

/** System dictionaries: global rows. */
export const systemDicts = new Repo({ ...shared, table: 'blade_dict', tenant: false, columns });
/** Business dictionaries: rows of the caller's tenant. */
export const bizDicts = new Repo({
  ...shared,
  table: 'blade_dict_biz',
  tenant: true,
  columns: { ...columns, tenantId: 'tenant_id' },
});
