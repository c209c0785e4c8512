import { Tag } from 'antd';
import type { InquiryRow } from '@forecourt/contracts/sales';
import { MACHINES, INQUIRY_CHANNELS, PURCHASE_PLANS, MONEY_INPUT_PATTERN } from '@forecourt/contracts/sales';
import { bladeCalls, lazyField, type CrudDef } from '@/shared/crud';
import i18n from '@/shared/i18n';
import './messages';

// The form's pickers (cascaders, the staff list) load with the form.
const fields = () => import('./fields');
const ModelPicker = lazyField(() => fields().then((m) => m.ModelPicker));
const CityPicker = lazyField(() => fields().then((m) => m.CityPicker));
const SalespersonSelect = lazyField(() => fields().then((m) => m.SalespersonSelect));

export type InquiryDialog = 'assign' | 'transfer' | 'follow' | 'close' | 'detail';
/** A row as the list answers it; form-only fields optional. */
export type InquiryListRow = InquiryRow & { overdueOnly?: string };

const OPEN = ['new', 'assigned', 'following', 'quoted'];
const STATUS_COLOR: Record<string, string> = {
  new: 'blue',
  assigned: 'cyan',
  following: 'geekblue',
  quoted: 'purple',
  won: 'green',
  lost: 'default',
  invalid: 'default',
};
const choices = (values: readonly string[], prefix: string) =>
  values.map((v) => ({ value: v, label: `inq.${prefix}.${v}` }));

/**
 * /fc/inquiry/index: the inquiries the caller may see. The buttons beyond add/edit/remove open the page's
 * dialogs (assign, transfer, follow-up, close, details) through `open`, and "chat" opens the chat.
 */
export function inquiryDef(
  open: (kind: InquiryDialog, row: InquiryListRow) => void,
  chat: (row: InquiryListRow) => void,
): CrudDef<InquiryListRow> {
  return {
    name: 'inquiry',
    title: 'inq.title',
    perm: 'inquiry',
    rowName: (r) => `${r.customerName} ${r.customerPhone}`,
    api: bladeCalls<InquiryListRow>('/api/blade-sales/inquiry'),
    sort: { field: 'createTime', order: 'descend' },
    formWidth: 720,
    columns: [
      { prop: 'customerName', label: 'inq.customerName', search: true, form: { required: true, max: 40 } },
      {
        prop: 'customerPhone',
        label: 'inq.customerPhone',
        search: true,
        form: { required: true, pattern: { regex: /^1\d{10}$/, message: 'inq.phoneRule' } },
      },
      { prop: 'modelName', label: 'inq.model', ellipsis: true },
      {
        prop: 'modelId',
        label: 'inq.model',
        table: false,
        export: false,
        form: { component: ModelPicker, help: 'inq.modelHelp' },
      },
      { prop: 'modelText', label: 'inq.modelText', table: false, export: false, form: { max: 100 } },
      { prop: 'cityName', label: 'inq.city' },
      {
        prop: 'cityCode',
        label: 'inq.city',
        table: false,
        export: false,
        form: { required: true, component: CityPicker },
      },
      {
        prop: 'budget',
        label: 'inq.budget',
        sortable: true,
        form: { pattern: { regex: new RegExp(MONEY_INPUT_PATTERN), message: 'inq.moneyRule' } },
      },
      {
        prop: 'purchasePlan',
        label: 'inq.purchasePlan',
        choices: choices(PURCHASE_PLANS, 'planOf'),
        search: true,
        form: { initial: 'full' },
      },
      {
        prop: 'expectedPurchaseDate',
        label: 'inq.expectedPurchaseDate',
        form: { type: 'date' },
        text: (r) => r.expectedPurchaseDate ?? '',
      },
      {
        prop: 'channel',
        label: 'inq.channel',
        choices: choices(INQUIRY_CHANNELS, 'channelOf'),
        search: true,
        form: { required: true, initial: 'walk_in' },
      },
      {
        prop: 'status',
        label: 'inq.status',
        choices: choices(Object.keys(MACHINES.inquiry.states), 'statusOf'),
        search: true,
        sortable: true,
        render: (v) => <Tag color={STATUS_COLOR[String(v)]}>{i18n.t(`inq.statusOf.${String(v)}`)}</Tag>,
      },
      { prop: 'ownerName', label: 'inq.owner', text: (r) => r.ownerName ?? '' },
      {
        prop: 'ownerUser',
        label: 'inq.owner',
        table: false,
        export: false,
        form: { addOnly: true, help: 'inq.ownerHelp', component: SalespersonSelect },
      },
      {
        prop: 'overdue',
        label: 'inq.overdue',
        search: { param: 'overdue', type: 'select' },
        choices: [{ value: '1', label: 'inq.overdueOnly' }],
        render: (v) => (v ? <Tag color="red">!</Tag> : null),
        text: (r) => (r.overdue ? '!' : ''),
      },
      { prop: 'nextFollowTime', label: 'inq.nextFollowTime', sortable: true },
      { prop: 'createTime', label: 'inq.createTime', sortable: true },
    ],
    toForm: (r) => ({ ...r }),
    toBody: (v) => ({
      ...v,
      modelId: v.modelId || null,
      modelText: v.modelText ?? '',
      budget: v.budget || null,
      expectedPurchaseDate:
        typeof v.expectedPurchaseDate === 'string' && v.expectedPurchaseDate
          ? v.expectedPurchaseDate.slice(0, 10)
          : null,
      ownerUser: v.ownerUser || undefined,
    }),
    actions: [
      { key: 'detail', label: 'inq.detail', place: 'row', run: ({ rows }) => open('detail', rows[0]!) },
      {
        key: 'follow',
        label: 'inq.follow',
        code: 'inquiry_follow',
        place: 'row',
        visible: (r) => r.status !== 'new' && OPEN.includes(r.status),
        run: ({ rows }) => open('follow', rows[0]!),
      },
      {
        key: 'assign',
        label: 'inq.assign',
        code: 'inquiry_assign',
        place: 'row',
        visible: (r) => OPEN.includes(r.status),
        run: ({ rows }) => open('assign', rows[0]!),
      },
      {
        key: 'transfer',
        label: 'inq.transfer',
        code: 'inquiry_transfer',
        place: 'row',
        visible: (r) => r.status !== 'new' && OPEN.includes(r.status),
        run: ({ rows }) => open('transfer', rows[0]!),
      },
      {
        key: 'close',
        label: 'inq.close',
        code: 'inquiry_close',
        place: 'row',
        visible: (r) => OPEN.includes(r.status),
        run: ({ rows }) => open('close', rows[0]!),
      },
      {
        key: 'chat',
        label: 'inq.chat',
        place: 'row',
        visible: (r) => Boolean(r.ownerUser),
        run: ({ rows }) => chat(rows[0]!),
      },
    ],
  };
}
