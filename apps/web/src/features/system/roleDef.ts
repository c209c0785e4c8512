import { http } from '@/shared/http';
import { nest, parentForForm, bladeCalls, type CrudDef, type TreeChoice } from '@/shared/crud';
import './messages';

const base = '/api/blade-system/role';
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type RoleRow = {
  id: string;
  roleName: string;
  roleAlias: string;
  sort?: number;
  parentId?: string;
  children?: RoleRow[];
};

const calls = bladeCalls<RoleRow>(base);
const list = (params: Record<string, unknown>) => http.get<RoleRow[]>(`${base}/list`, { params });

/** Roles of the tenant; the server answers them flat, the table shows them as their tree. */
export const roleDef = (grant: (row: RoleRow) => void): CrudDef<RoleRow> => ({
  name: 'role',
  title: 'sys.role.title',
  perm: 'role',
  rowName: (r) => r.roleName,
  api: { ...calls, list: async (params) => nest(await list(params)), all: list },
  columns: [
    {
      prop: 'roleName',
      label: 'sys.role.roleName',
      search: true,
      sortable: true,
      form: { required: true, max: 255 },
    },
    {
      prop: 'roleAlias',
      label: 'sys.role.roleAlias',
      search: true,
      form: {
        required: true,
        max: 255,
        pattern: { regex: /^[a-z][a-z0-9_]*$/, message: 'sys.role.aliasRule' },
      },
    },
    { prop: 'sort', label: 'sys.role.sort', sortable: true, form: { type: 'number', min: 0, initial: 1 } },
    {
      prop: 'parentId',
      label: 'sys.role.parent',
      table: false,
      export: false,
      tree: { key: 'role-tree', load: () => http.get<TreeChoice[]>(`${base}/tree`) },
      form: {},
    },
  ],
  toForm: (r) => ({ ...r, parentId: parentForForm(r.parentId) }),
  toBody: (v) => ({ ...v, parentId: v.parentId ?? '0' }),
  actions: [
    {
      key: 'grant',
      label: 'sys.role.grant',
      code: 'role_grant',
      place: 'row',
      run: ({ rows }) => grant(rows[0]!),
    },
  ],
});
