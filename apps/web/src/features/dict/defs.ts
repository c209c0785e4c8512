import { bladeCalls, type CrudColumn, type CrudDef } from '@/shared/crud';
import './messages';

export type DictKind = 'dict' | 'dict-biz';

/** Button-code prefix of each kind (catalog: dict_add…, dict_biz_add…). */
export const permOf = (kind: DictKind) => (kind === 'dict' ? 'dict' : 'dict_biz');
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type DictRow = {
  id: string;
  parentId?: string;
  code: string;
  dictKey?: string;
  dictValue: string;
  dictValueEn?: string;
  sort?: number;
  isSealed?: number;
  remark?: string;
};

const calls = (kind: DictKind, list: string) => bladeCalls<DictRow>(`/api/blade-system/${kind}`, { list });

const shared: CrudColumn<DictRow>[] = [
  { prop: 'dictValueEn', label: 'dict.nameEn', table: false, form: { max: 255 } },
  {
    prop: 'sort',
    label: 'dict.sort',
    sortable: true,
    form: { type: 'number', min: 0, max: 100000, initial: 1 },
  },
  { prop: 'isSealed', label: 'dict.isSealed', dict: { code: 'yes_no' }, numeric: true, form: { initial: 0 } },
  { prop: 'remark', label: 'dict.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
];

/** The dictionaries (roots): code and name. */
export const parentDef = (kind: DictKind): CrudDef<DictRow> => ({
  name: `${kind}-parent`,
  title: 'dict.dictionary',
  perm: permOf(kind),
  rowName: (r) => `${r.dictValue} (${r.code})`,
  api: calls(kind, 'parent-list'),
  columns: [
    {
      prop: 'code',
      label: 'dict.code',
      search: true,
      sortable: true,
      form: { required: true, max: 255, pattern: { regex: /^[A-Za-z][\w]*$/, message: 'dict.codeRule' } },
    },
    { prop: 'dictValue', label: 'dict.name', search: true, form: { required: true, max: 255 } },
    ...shared,
  ],
  toBody: (v) => ({ ...v, parentId: '0' }),
  invalidates: [['dictionary']],
});

/** The entries of one dictionary: key (unique within it) and name. */
export const childDef = (kind: DictKind, parent: DictRow): CrudDef<DictRow> => ({
  name: `${kind}-child`,
  title: 'dict.entry',
  perm: permOf(kind),
  rowName: (r) => `${r.dictValue} (${String(r.dictKey)})`,
  api: calls(kind, 'child-list'),
  columns: [
    {
      prop: 'dictKey',
      label: 'dict.dictKey',
      search: true,
      sortable: true,
      form: { required: true, max: 255 },
    },
    { prop: 'dictValue', label: 'dict.dictValue', search: true, form: { required: true, max: 255 } },
    ...shared,
  ],
  defaults: () => ({ parentId: parent.id, code: parent.code }),
  // An entry always names its dictionary (without a parent the server would take it for a dictionary).
  toBody: (v, _mode, row) => ({
    ...v,
    parentId: row.parentId ?? parent.id,
    code: row.code ?? parent.code,
  }),
  invalidates: [['dictionary']],
});
