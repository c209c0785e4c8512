import { http } from '@/shared/http';
import type { CrudDef, Row } from '@/shared/crud';
import './messages';

const base = '/api/blade-basic/region';

interface RegionTreeNode {
  value: string;
  title: string;
  children?: RegionTreeNode[];
}

/** GB/T 2260 regions, province → city → district, read level by level (the seeded data is read-only). */
export const regionDef: CrudDef = {
  name: 'region',
  title: 'sys.region.title',
  perm: 'region',
  rowKey: 'code',
  rowName: (r) => String(r.name),
  tree: { parentParam: 'parentCode', root: '00' },
  api: {
    list: (params) => http.get<Row[]>(`${base}/lazy-tree`, { params }),
    detail: (row) => http.get<Row>(`${base}/detail`, { params: { code: row.code } }),
    // Export: the whole tree to district level in one answer instead of one call per branch.
    all: async () => {
      const tree = await http.get<RegionTreeNode[]>(`${base}/list-region-tree`, { params: { level: 3 } });
      const rows: Row[] = [];
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
    { prop: 'code', label: 'sys.region.code', width: 220, form: {} },
    { prop: 'name', label: 'sys.region.name', form: {} },
    {
      prop: 'regionLevel',
      label: 'sys.region.regionLevel',
      dict: { code: 'region_level' },
      numeric: true,
      form: {},
    },
    { prop: 'parentCode', label: 'sys.region.parentCode', form: {} },
  ],
};
