import { bladeCalls, type CrudDef } from '@/shared/crud';
import './messages';

/** System parameters of the tenant: name, key (unique), value, and whether every signed-in user may read it. */
// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type ParamRow = {
  id: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  isPublic?: number;
  remark?: string;
};

export const paramDef: CrudDef<ParamRow> = {
  name: 'param',
  title: 'sys.param.title',
  perm: 'param',
  rowName: (r) => String(r.paramName),
  api: bladeCalls('/api/blade-system/param'),
  columns: [
    {
      prop: 'paramName',
      label: 'sys.param.paramName',
      search: true,
      sortable: true,
      form: { required: true, max: 255 },
    },
    {
      prop: 'paramKey',
      label: 'sys.param.paramKey',
      search: true,
      sortable: true,
      form: { required: true, max: 255, pattern: { regex: /^[\w.:-]+$/, message: 'sys.param.keyRule' } },
    },
    {
      prop: 'paramValue',
      label: 'sys.param.paramValue',
      ellipsis: true,
      form: { type: 'textarea', required: true, max: 2000 },
    },
    {
      // Public parameters are readable by every signed-in user (param/value); the rest only with this page's permission.
      prop: 'isPublic',
      label: 'sys.param.isPublic',
      dict: { code: 'yes_no' },
      numeric: true,
      search: true,
      form: { initial: 0, help: 'sys.param.isPublicHelp' },
    },
    { prop: 'remark', label: 'sys.param.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
  ],
};
