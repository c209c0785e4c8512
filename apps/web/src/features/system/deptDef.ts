import { http } from '@/shared/http';
import { bladeCalls, parentForForm, type CrudDef, type TreeChoice } from '@/shared/crud';
import './messages';

const base = '/api/blade-system/dept';

// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type DeptRow = {
  id: string;
  deptName: string;
  fullName?: string;
  deptCategory?: number;
  sort?: number;
  parentId?: string;
  remark?: string;
  hasChildren?: boolean;
};

/** The tenant's departments as a lazy tree; removing one with sub-departments or staff is refused. */
export const deptDef: CrudDef<DeptRow> = {
  name: 'dept',
  title: 'sys.dept.title',
  perm: 'dept',
  rowName: (r) => r.deptName,
  tree: { parentParam: 'parentId', root: '0' },
  api: {
    ...bladeCalls<DeptRow>(base, { list: 'lazy-list' }),
    all: (params) => http.get<DeptRow[]>(`${base}/list`, { params }),
  },
  columns: [
    {
      prop: 'deptName',
      label: 'sys.dept.deptName',
      search: true,
      width: 240,
      form: { required: true, max: 45 },
    },
    { prop: 'fullName', label: 'sys.dept.fullName', search: true, form: { max: 45 } },
    {
      prop: 'deptCategory',
      label: 'sys.dept.deptCategory',
      dict: { code: 'dept_category' },
      numeric: true,
      form: { initial: 2 },
    },
    {
      prop: 'sort',
      label: 'sys.dept.sort',
      sortable: true,
      form: { type: 'number', min: 0, max: 100000, initial: 1 },
    },
    {
      prop: 'parentId',
      label: 'sys.dept.parent',
      table: false,
      export: false,
      tree: { key: 'dept-tree', load: () => http.get<TreeChoice[]>(`${base}/tree`) },
      form: {},
    },
    { prop: 'remark', label: 'sys.dept.remark', table: false, form: { type: 'textarea', max: 255 } },
  ],
  toForm: (r) => ({ ...r, parentId: parentForForm(r.parentId) }),
  toBody: (v) => ({ ...v, parentId: v.parentId ?? '0' }),
};
