import { Suspense, createElement, lazy } from 'react';
import { http } from '@/shared/http';
import { bladeCalls, parentForForm, type CrudDef, type TreeChoice } from '@/shared/crud';
import './messages';

// The region picker (antd's Tree) is only in the zone's form: it loads when the form first opens, not with
// the list.
const ZoneRegionPicker = lazy(() =>
  import('./ZoneRegionPicker').then((m) => ({ default: m.ZoneRegionPicker })),
);

const base = '/api/blade-basic/zone';
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type ZoneRow = {
  id: string;
  code: string;
  name: string;
  sort?: number;
  remark?: string;
  parentId?: string;
  regionCodes?: string;
  hasChildren?: boolean;
};

const calls = bladeCalls<ZoneRow>(base, { list: 'lazy-tree', idParam: 'id' });

/** Sales zones of the tenant: a tree sorted by code, each covering regions (a region in one zone only). */
export const zoneDef: CrudDef<ZoneRow> = {
  name: 'zone',
  title: 'sys.zone.title',
  perm: 'zone',
  rowName: (r) => `${r.code} ${r.name}`,
  tree: { parentParam: 'parentId', root: '0' },
  api: {
    ...calls,
    // Changing a zone goes through `update`; `submit` adds.
    submit: (body, mode) => http.post(`${base}/${mode === 'edit' ? 'update' : 'submit'}`, body),
  },
  columns: [
    {
      prop: 'code',
      label: 'sys.zone.code',
      width: 200,
      form: {
        required: true,
        max: 32,
        pattern: { regex: /^[A-Za-z0-9_-]+$/, message: 'sys.zone.codeRule' },
      },
    },
    { prop: 'name', label: 'sys.zone.name', search: true, form: { required: true, max: 64 } },
    { prop: 'sort', label: 'sys.zone.sort', form: { type: 'number', min: 0, max: 100000, initial: 1 } },
    { prop: 'remark', label: 'sys.zone.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
    {
      prop: 'parentId',
      label: 'sys.zone.parent',
      table: false,
      export: false,
      tree: { key: 'zone-tree', load: () => http.get<TreeChoice[]>(`${base}/list-zone-tree`) },
      form: {},
    },
    {
      prop: 'regionCodes',
      label: 'sys.zone.regions',
      table: false,
      export: false,
      form: {
        wide: true,
        help: 'sys.zone.regionsHelp',
        component: (p) => createElement(Suspense, null, createElement(ZoneRegionPicker, p)),
      },
    },
  ],
  toForm: (r) => ({ ...r, parentId: parentForForm(r.parentId) }),
  toBody: (v) => ({ ...v, parentId: v.parentId ?? '0', regionCodes: v.regionCodes ?? [] }),
};
