import { http } from '@/shared/http';
import type { CrudDef } from '@/shared/crud';
import './messages';

const base = '/api/blade-basic/region';

// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type RegionRow = {
  code: string;
  name: string;
  regionLevel: number;
  parentCode?: string;
  sort?: number;
  remark?: string;
  hasChildren?: boolean;
  /** Only on the row "add child" starts with: the parent's code. */
  parentId?: string;
};

interface RegionTreeNode {
  value: string;
  title: string;
  children?: RegionTreeNode[];
}

/**
 * GB/T 2260 regions, province → city → district → town → village, read level by level. Only the platform
 * administrator changes them (the server says so to anyone else): a child's code extends its parent's.
 */
export const regionDef: CrudDef<RegionRow> = {
  name: 'region',
  title: 'sys.region.title',
  perm: 'region',
  rowKey: 'code',
  rowName: (r) => r.name,
  tree: { parentParam: 'parentCode', root: '00', canHaveChildren: (r) => Number(r.regionLevel) < 5 },
  api: {
    list: (params) => http.get<RegionRow[]>(`${base}/lazy-tree`, { params }),
    detail: (row) => http.get<RegionRow>(`${base}/detail`, { params: { code: row.code } }),
    submit: (body) => http.post(`${base}/submit`, body),
    // The server removes one region a call (spec: remove takes an id); a batch goes one by one.
    remove: async (codes) => {
      for (const id of codes) await http.post(`${base}/remove`, undefined, { params: { id } });
    },
    // Export: the whole tree to district level in one answer instead of one call per branch.
    all: async () => {
      const tree = await http.get<RegionTreeNode[]>(`${base}/list-region-tree`, { params: { level: 3 } });
      const rows: RegionRow[] = [];
      const walk = (nodes: RegionTreeNode[], level: number, parentCode: string) =>
        nodes.forEach((n) => {
          rows.push({ code: n.value, name: n.title, regionLevel: level, parentCode });
          if (n.children) walk(n.children, level + 1, n.value);
        });
      walk(tree, 1, '00');
      return rows;
    },
  },
  columns: [
    {
      prop: 'code',
      label: 'sys.region.code',
      width: 220,
      form: {
        required: true,
        lockedOnEdit: true,
        pattern: { regex: /^\d{2,12}$/, message: 'sys.region.codePattern' },
        help: 'sys.region.codeHelp',
      },
    },
    { prop: 'name', label: 'sys.region.name', form: { required: true, max: 32 } },
    {
      prop: 'regionLevel',
      label: 'sys.region.regionLevel',
      dict: { code: 'region_level' },
      numeric: true,
    },
    { prop: 'parentCode', label: 'sys.region.parentCode' },
    {
      prop: 'sort',
      label: 'sys.region.sort',
      table: false,
      export: false,
      form: { type: 'number', min: 0, max: 1000000 },
    },
    { prop: 'remark', label: 'sys.region.remark', table: false, form: { type: 'textarea', max: 255 } },
  ],
  // "Add child" hands the row's code as parentId; a top-level add is a province.
  toBody: (v, mode, row) =>
    mode === 'edit'
      ? { code: row.code, name: v.name, sort: v.sort, remark: v.remark, isUpdate: true }
      : { code: v.code, name: v.name, sort: v.sort, remark: v.remark, parentCode: row.parentId ?? '00' },
};
