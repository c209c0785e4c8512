import { Tag } from 'antd';
import dayjs from 'dayjs';
import { COUPON_KINDS, COUPON_STATUSES, type Coupon } from '@forecourt/contracts';
import { bladeCalls, type CrudAction, type CrudDef } from '@/shared/crud';
import i18n from '@/shared/i18n';
import { yuan } from '@/shared/format/money';
import { RIGHT } from '../ledger/format';
import { COUPON_BASE, COUPON_LIST, type CouponMove } from './api';
import './messages';

/** The tag colours of a coupon's status. */
export const STATUS_COLOR: Record<string, string> = {
  unused: 'blue',
  used: 'green',
  expired: 'default',
  voided: 'red',
};

export const statusTag = (status: string) => (
  <Tag color={STATUS_COLOR[status]}>{i18n.t(`points.coupon.status_.${status}`)}</Tag>
);

/** What a dialog calls a coupon. */
export const couponName = (r: Coupon) => `${r.code} · ${r.customerName}`;

/** The amount off (a cash coupon) in yuan; a gift coupon has none. */
export const amountText = (r: Pick<Coupon, 'amount'>) => (r.amount ? yuan(r.amount) : '—');
/** The minimum spend in yuan; none ("—") when 0. */
export const minSpendText = (r: Pick<Coupon, 'minSpend'>) =>
  r.minSpend && !/^0+(\.0*)?$/.test(r.minSpend) ? yuan(r.minSpend) : '—';

/** Today in the user's calendar, as the coupons' days are written (yyyy-MM-dd compares as text). */
export const today = () => dayjs().format('YYYY-MM-DD');

export const isUnused = (r: Coupon) => r.status === 'unused';
/** Only an unused coupon within its days can be used (the server refuses any other). */
export const isUsable = (r: Coupon) => {
  const d = today();
  return isUnused(r) && r.validFrom <= d && d <= r.validTo;
};

const validity = (r: Coupon) => `${r.validFrom} ~ ${r.validTo}`;
const money = (text: string) => <span style={RIGHT}>{text}</span>;

/**
 * /fc/coupon/records (优惠券记录): the coupons issued to customers, newest first. The engine's view shows
 * one (its detail); issuing, using and voiding are the page's dialogs, opened through `open` (the row
 * buttons, by status and by permission).
 */
export function couponDef(open: (move: CouponMove, row: Coupon) => void): CrudDef<Coupon> {
  const action = (
    move: CouponMove,
    visible: (r: Coupon) => boolean,
    danger?: boolean,
  ): CrudAction<Coupon> => ({
    key: move,
    label: `points.coupon.${move}`,
    code: `coupon_records_${move}`,
    place: 'row',
    visible,
    danger,
    run: ({ rows }) => open(move, rows[0]!),
  });
  const calls = bladeCalls<Coupon>(COUPON_BASE);
  return {
    name: COUPON_LIST,
    title: 'points.coupon.noun',
    perm: 'coupon_records',
    rowName: couponName,
    // No add, edit or remove through the engine: the page's own dialogs issue, use and void.
    api: { list: calls.list, detail: calls.detail },
    sort: { field: 'createTime', order: 'descend' },
    // The view shows the amounts as the table does.
    toForm: (r) => ({ ...r, amount: amountText(r), minSpend: minSpendText(r) }),
    columns: [
      {
        prop: 'code',
        label: 'points.coupon.code',
        width: 150,
        search: true,
        render: (v) => (
          <span style={{ fontFamily: 'var(--ant-font-family-code, monospace)' }}>{String(v)}</span>
        ),
        form: {},
      },
      { prop: 'customerName', label: 'points.coupon.customerName', width: 110, search: true, form: {} },
      { prop: 'customerPhone', label: 'points.coupon.customerPhone', width: 130, search: true, form: {} },
      { prop: 'title', label: 'points.coupon.title', ellipsis: true, search: true, form: {} },
      {
        prop: 'kind',
        label: 'points.coupon.kind',
        width: 100,
        search: true,
        choices: COUPON_KINDS.map((k) => ({ value: k, label: `points.coupon.kind_.${k}` })),
        form: {},
      },
      {
        prop: 'amount',
        label: 'points.coupon.amount',
        width: 120,
        render: (_, r) => money(amountText(r)),
        text: amountText,
        form: {},
      },
      {
        prop: 'minSpend',
        label: 'points.coupon.minSpend',
        width: 120,
        render: (_, r) => money(minSpendText(r)),
        text: minSpendText,
        form: {},
      },
      {
        prop: 'validTo',
        label: 'points.coupon.validity',
        width: 210,
        sortable: true,
        render: (_, r) => validity(r),
        text: validity,
      },
      // The view shows the two days apart.
      { prop: 'validFrom', label: 'points.coupon.validFrom', table: false, form: {} },
      { prop: 'validTo', label: 'points.coupon.validTo', table: false, form: {} },
      {
        prop: 'status',
        label: 'points.coupon.status',
        width: 90,
        search: true,
        choices: COUPON_STATUSES.map((s) => ({ value: s, label: `points.coupon.status_.${s}` })),
        render: (v) => statusTag(String(v)),
        form: {},
      },
      {
        prop: 'remark',
        label: 'points.coupon.remark',
        ellipsis: true,
        form: { type: 'textarea', wide: true },
      },
      { prop: 'usedAt', label: 'points.coupon.usedAt', width: 170, form: {} },
      { prop: 'createUserName', label: 'points.coupon.createUserName', width: 100, form: {} },
      { prop: 'createTime', label: 'points.coupon.createTime', width: 170, sortable: true, form: {} },
    ],
    actions: [action('use', isUsable), action('void', isUnused, true)],
  };
}
