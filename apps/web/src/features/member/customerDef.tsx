import { Tag } from 'antd';
import type { RuleObject } from 'antd/es/form';
import type { Customer } from '@forecourt/contracts';
import { http } from '@/shared/http';
import i18n from '@/shared/i18n';
import { mobileRule } from '@/shared/validators';
import { lazyField, type CrudDef, type FieldProps, type Page, type Row } from '@/shared/crud';
import './messages';

export const CUSTOMER = '/api/blade-member/customer';

/** A row of the list (the wire type: the responsible staff member's id and name). */
export type CustomerRow = Customer;

/** Administrators see, assign and choose the responsible staff member of every customer (server: seesAll). */
export const seesAll = (roleName: string | undefined) =>
  (roleName ?? '').split(',').some((r) => r === 'administrator' || r === 'admin');

export interface CustomerPageHooks {
  /** The signed-in user holds the administrator or admin role. */
  admin: boolean;
  /** The signed-in user: the responsible staff member of the customers a non-administrator adds. */
  me?: { id: string; name: string };
  /** Opens the staff picker for these customers; `reload` after the server answered. */
  assign: (rows: CustomerRow[], reload: () => void) => void;
}

/** The §5 mobile rule: required, 11 digits, starting with 1 (the server's own check and messages). */
const mobile: RuleObject = {
  required: true,
  validator: (rule, value: string | undefined, cb) =>
    (mobileRule(i18n.t) as RuleObject).validator!(rule, value, cb),
};

// The staff picker field loads with the form.
const StaffPicker = lazyField(() => import('./fields').then((m) => m.StaffField));

const STATUS_COLOR: Record<number, string> = { 1: 'green', 2: 'red' };
const statusText = (s: number) => i18n.t(`member.statusOf.${s}`);

/**
 * /member/index: the tenant's customers (an administrator sees all of them, other staff their own, which
 * the server decides). Only administrators assign customers or choose the responsible staff member; the
 * field is shown locked to the others.
 */
export function customerDef({ admin, me, assign }: CustomerPageHooks): CrudDef<CustomerRow> {
  return {
    name: admin ? 'member-customer' : 'member-customer-own',
    title: 'member.title',
    perm: 'member',
    rowName: (r) => r.name ?? r.phone ?? r.id,
    api: {
      list: (params) => http.get<Page<CustomerRow>>(`${CUSTOMER}/page`, { params }),
      detail: (row) => http.get<CustomerRow>(`${CUSTOMER}/detail`, { params: { id: row.id } }),
      submit: (body) => http.post(`${CUSTOMER}/submit`, body),
      remove: (ids) => http.post(`${CUSTOMER}/remove`, undefined, { params: { ids: ids.join(',') } }),
    },
    sort: { field: 'createTime', order: 'descend' },
    formWidth: 760,
    columns: [
      {
        prop: 'name',
        label: 'member.name',
        search: true,
        sortable: true,
        width: 120,
        form: { required: true, max: 40 },
      },
      {
        prop: 'phone',
        label: 'member.phone',
        search: true,
        width: 130,
        form: { max: 20, rules: () => [mobile] },
      },
      {
        prop: 'sex',
        label: 'member.sex',
        dict: { code: 'sex' },
        numeric: true,
        width: 70,
        form: { initial: 3 },
      },
      {
        prop: 'source',
        label: 'member.source',
        dict: { code: 'customer_source', biz: true },
        search: true,
        width: 90,
        form: {},
      },
      {
        prop: 'brand',
        label: 'member.brand',
        dict: { code: 'car_brand', biz: true },
        search: true,
        width: 100,
        form: {},
      },
      {
        prop: 'intentionLevel',
        label: 'member.intentionLevel',
        dict: { code: 'intention_level', biz: true },
        search: true,
        width: 90,
        form: {},
      },
      {
        prop: 'userName',
        label: 'member.staff',
        width: 100,
        text: (r) => r.userName ?? '',
        render: (_, r) => r.userName ?? <Tag color="orange">{i18n.t('member.staffEmpty')}</Tag>,
      },
      {
        // The form's responsible staff member: the picker for administrators, locked for the others.
        prop: 'userId',
        label: 'member.staff',
        table: false,
        export: false,
        form: {
          component: (p: FieldProps) => StaffPicker({ ...p, disabled: p.disabled || !admin }),
          help: admin ? undefined : 'member.staffHelp',
        },
      },
      {
        prop: 'status',
        label: 'member.status',
        search: true,
        width: 80,
        choices: [
          { value: 1, label: 'member.statusOf.1' },
          { value: 2, label: 'member.statusOf.2' },
        ],
        render: (_, r) => <Tag color={STATUS_COLOR[r.status]}>{statusText(r.status)}</Tag>,
        text: (r) => statusText(r.status),
        form: { initial: 1, help: 'member.statusHelp' },
      },
      {
        prop: 'remark',
        label: 'member.remark',
        ellipsis: true,
        width: 220,
        form: { type: 'textarea', max: 255 },
      },
      { prop: 'createTime', label: 'member.createTime', sortable: true, width: 170 },
    ],
    // A customer a non-administrator adds is theirs: the locked field says so.
    defaults: () => (admin || !me ? {} : { userId: me.id, userName: me.name }),
    toBody: (values: Row, mode, row) => {
      const { userId, ...rest } = values;
      return {
        ...rest,
        id: mode === 'edit' ? row.id : undefined,
        // Only administrators send who is responsible ('' clears it); the server keeps it for the others.
        ...(admin ? { userId: userId ? String(userId) : '' } : {}),
        source: values.source || null,
        brand: values.brand || null,
        intentionLevel: values.intentionLevel || null,
        remark: typeof values.remark === 'string' ? values.remark : null,
      };
    },
    actions: [
      {
        key: 'assign',
        label: 'member.assign',
        code: 'member_assign',
        place: 'toolbar',
        needsSelection: true,
        run: ({ rows, reload }) => assign(rows, reload),
      },
      {
        key: 'assignRow',
        label: 'member.assignShort',
        code: 'member_assign',
        place: 'row',
        run: ({ rows, reload }) => assign(rows, reload),
      },
    ],
  };
}
