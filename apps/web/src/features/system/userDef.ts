import type { RuleObject } from 'antd/es/form';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import { mobileRule } from '@/shared/validators';
import { bladeCalls, splitList, type CrudDef, type TreeChoice } from '@/shared/crud';
import './messages';

export interface UserPageHooks {
  /** An answer carrying a password shown once (a new user, a reset). */
  showPassword: (title: string, password: string) => void;
  t: (key: string, o?: Record<string, unknown>) => string;
}

/** The §5 mobile rule, for a field that may stay empty. */
const optionalMobile: RuleObject = {
  validator: (rule, value: string | undefined, cb) =>
    value ? (mobileRule(i18n.t) as RuleObject).validator!(rule, value, cb) : Promise.resolve(),
};

// A row as the server answers it (local until the contracts package has the wire type; a type, not an
// interface, so it still passes where the engine takes a loose Row).
export type UserRow = {
  id: string;
  account: string;
  realName: string;
  code?: string;
  name?: string;
  phone?: string;
  email?: string;
  sex?: number;
  roleId?: string;
  roleIds?: string[];
  deptId?: string;
  deptIds?: string[];
  status?: number;
  lockedUntil?: string;
  createTime?: string;
  password?: string;
  password2?: string;
};

const names = (rows: UserRow[]) => rows.map((r) => r.realName || r.account).join('、');
const ids = (rows: UserRow[]) => rows.map((r) => r.id).join(',');

/** Users of the tenant (filtered by the department chosen on the left, sub-departments included). */
export const userDef = ({ showPassword, t }: UserPageHooks): CrudDef<UserRow> => ({
  name: 'user',
  title: 'sys.user.title',
  perm: 'user',
  rowName: (r) => String(r.realName || r.account),
  api: {
    ...bladeCalls<UserRow>('/api/blade-user'),
    // Removing yourself is refused by the server with its reason.
  },
  columns: [
    {
      prop: 'account',
      label: 'sys.user.account',
      search: true,
      sortable: true,
      form: {
        required: true,
        max: 45,
        lockedOnEdit: true,
        pattern: { regex: /^[\w.-]+$/, message: 'sys.user.accountRule' },
        rules: (label) => [{ min: 3, message: t('sys.user.minAccount', { label }) }],
      },
    },
    {
      prop: 'realName',
      label: 'sys.user.realName',
      search: true,
      sortable: true,
      form: { required: true, max: 20 },
    },
    { prop: 'code', label: 'sys.user.code', form: { max: 12 } },
    { prop: 'name', label: 'sys.user.name', table: false, form: { max: 20 } },
    {
      prop: 'phone',
      label: 'sys.user.phone',
      search: true,
      form: { max: 20, rules: () => [optionalMobile] },
    },
    {
      prop: 'email',
      label: 'sys.user.email',
      table: false,
      form: { max: 45, rules: (label) => [{ type: 'email', message: t('sys.user.emailRule', { label }) }] },
    },
    { prop: 'sex', label: 'sys.user.sex', dict: { code: 'sex' }, numeric: true, form: { initial: 3 } },
    {
      prop: 'roleIds',
      label: 'sys.user.roles',
      table: false,
      export: false,
      tree: { key: 'role-tree', load: () => http.get<TreeChoice[]>('/api/blade-system/role/tree') },
      form: { required: true, multiple: true },
    },
    {
      prop: 'deptIds',
      label: 'sys.user.depts',
      table: false,
      export: false,
      tree: { key: 'dept-tree', load: () => http.get<TreeChoice[]>('/api/blade-system/dept/tree') },
      form: { required: true, multiple: true },
    },
    {
      prop: 'status',
      label: 'sys.user.status',
      dict: { code: 'user_status' },
      numeric: true,
      search: { param: 'status' },
      form: { initial: 1 },
    },
    { prop: 'lockedUntil', label: 'sys.user.lockedUntil' },
    { prop: 'createTime', label: 'sys.user.createTime', sortable: true },
  ],
  toForm: (r) => ({ ...r, roleIds: splitList(r.roleId), deptIds: splitList(r.deptId) }),
  afterSubmit: (answer, mode) => {
    const pw = (answer as { initialPassword?: string } | undefined)?.initialPassword;
    if (mode === 'add' && pw) showPassword(t('sys.user.created'), pw);
  },
  actions: [
    {
      key: 'reset',
      label: 'sys.user.reset',
      code: 'user_reset',
      place: 'toolbar',
      needsSelection: true,
      confirm: (rows) => t('sys.user.resetAsk', { names: names(rows) }),
      run: async ({ rows, reload }) => {
        const out = await http.post<{ password: string }>('/api/blade-user/reset-password', undefined, {
          params: { userIds: ids(rows) },
        });
        showPassword(t('sys.user.resetDone'), out.password);
        reload();
      },
    },
    {
      key: 'approve',
      label: 'sys.user.approve',
      code: 'user_approve',
      place: 'toolbar',
      needsSelection: true,
      confirm: (rows) => t('sys.user.approveAsk', { names: names(rows) }),
      run: async ({ rows, reload }) => {
        await http.post('/api/blade-user/approve', undefined, { params: { userIds: ids(rows) } });
        reload();
      },
    },
    {
      key: 'unlock',
      label: 'sys.user.unlock',
      code: 'user_unlock',
      place: 'toolbar',
      needsSelection: true,
      confirm: (rows) => t('sys.user.unlockAsk', { names: names(rows) }),
      run: async ({ rows, reload }) => {
        await http.post('/api/blade-user/unlock', undefined, { params: { userIds: ids(rows) } });
        reload();
      },
    },
  ],
});
