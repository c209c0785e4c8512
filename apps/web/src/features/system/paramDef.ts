import { bladeCalls, type CrudDef } from '@/shared/crud';
import './messages';

/** System parameters of the tenant: name, key (unique), value. */
export const paramDef: CrudDef = {
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
    { prop: 'remark', label: 'sys.param.remark', ellipsis: true, form: { type: 'textarea', max: 255 } },
  ],
};
