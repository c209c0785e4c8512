import { http } from '@/shared/http';
import { bladeCalls, parentForForm, type CrudDef, type Row, type TreeChoice } from '@/shared/crud';
import './messages';

const base = '/api/blade-system/menu';

// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type MenuRow = {
  id: string;
  name: string;
  code: string;
  nameEn?: string;
  alias?: string;
  path?: string;
  source?: string;
  category: number;
  action?: number;
  isOpen?: number;
  sort?: number;
  parentId?: string;
  remark?: string;
  meta?: { i18n?: { en?: string } };
  hasChildren?: boolean;
};
const calls = bladeCalls<MenuRow>(base, { list: 'lazy-list' });

/** Menus and their buttons as a lazy tree (spec §7 Menus); writes are the platform administrator's. */
export const menuDef: CrudDef<MenuRow> = {
  name: 'menu',
  title: 'sys.menu.title',
  perm: 'menu',
  rowName: (r) => r.name,
  tree: { parentParam: 'parentId', root: '0', canHaveChildren: (r) => Number(r.category) === 1 },
  api: {
    ...calls,
    // Export: every menu matching the search at once (the list endpoint answers all levels).
    all: (params) => http.get<MenuRow[]>(`${base}/list`, { params: { ...params, parentId: undefined } }),
  },
  columns: [
    { prop: 'name', label: 'sys.menu.name', search: true, width: 200, form: { required: true, max: 255 } },
    {
      prop: 'code',
      label: 'sys.menu.code',
      search: true,
      form: {
        required: true,
        max: 255,
        pattern: { regex: /^[A-Za-z][\w-]*$/, message: 'sys.menu.codeRule' },
      },
    },
    { prop: 'nameEn', label: 'sys.menu.nameEn', table: false, form: { max: 255 } },
    { prop: 'alias', label: 'sys.menu.alias', search: true, form: { max: 255 } },
    { prop: 'path', label: 'sys.menu.path', ellipsis: true, form: { max: 255 } },
    { prop: 'source', label: 'sys.menu.source', form: { max: 255 } },
    {
      prop: 'category',
      label: 'sys.menu.category',
      dict: { code: 'menu_category' },
      numeric: true,
      search: { param: 'category' },
      form: { required: true, initial: 1 },
    },
    {
      prop: 'action',
      label: 'sys.menu.action',
      dict: { code: 'button_func' },
      numeric: true,
      table: false,
      form: { initial: 1 },
    },
    {
      prop: 'isOpen',
      label: 'sys.menu.isOpen',
      dict: { code: 'yes_no' },
      numeric: true,
      form: { initial: 0 },
    },
    {
      prop: 'sort',
      label: 'sys.menu.sort',
      sortable: true,
      form: { type: 'number', min: 0, max: 100000, initial: 1 },
    },
    {
      prop: 'parentId',
      label: 'sys.menu.parent',
      table: false,
      export: false,
      tree: { key: 'menu-tree', load: () => http.get<TreeChoice[]>(`${base}/tree`) },
      form: {},
    },
    { prop: 'remark', label: 'sys.menu.remark', table: false, form: { type: 'textarea', max: 255 } },
  ],
  toForm: (r) => ({
    ...r,
    parentId: parentForForm(r.parentId),
    nameEn: r.meta?.i18n?.en ?? r.nameEn,
  }),
  toBody: (v) => {
    const body: Row = { ...v, parentId: v.parentId ?? '0' };
    for (const k of Object.keys(body)) if (body[k] === null || body[k] === '') delete body[k];
    return body;
  },
};
