import { Tag } from 'antd';
import { ORDER_STATUSES, canMove } from '@forecourt/contracts/sales';
import type { OrderDetail, OrderView } from '@forecourt/contracts/sales';
import { bladeCalls, lazyField, type CrudAction, type CrudDef } from '@/shared/crud';
import i18n from '@/shared/i18n';
import { ORDER_BASE, ORDER_LIST } from './api';
import { STATUS_COLOR } from './colors';
import { moneyColumn } from './money';
import './messages';

// The detail's blocks (the offer's lines, the payments, the trades table) load with the view dialog.
const detail = () => import('./OrderDetailView');
const OfferLines = lazyField(() => detail().then((m) => m.OfferLines));
const Payments = lazyField(() => detail().then((m) => m.Payments));
const Trades = lazyField(() => detail().then((m) => m.Trades));

/** A row as the list answers it; the view's detail adds the offer's lines, the loan received and the trades. */
export type OrderRow = OrderView & Partial<Omit<OrderDetail, keyof OrderView>>;

/** The page's own dialogs, opened by the row buttons. */
export type OrderDialog = 'receive' | 'refund' | 'cancel';

export const statusTag = (status: string) => (
  <Tag color={STATUS_COLOR[status]}>{i18n.t(`sales.order.status_.${status}`)}</Tag>
);

const rowName = (r: OrderView) => `${r.orderNo} · ${r.customerName}`;

/**
 * Which money moves a row offers, from the order's state machine (the same table the server enforces):
 * a receipt where a receipt can settle the order (unpaid, partly paid); a refund where one can take the
 * order back (partly paid: a paid order's vehicle is sold); a cancellation where the machine allows it
 * (unpaid: nothing received).
 */
export const canReceive = (r: OrderView) => canMove('order', r.status, 'paid');
export const canRefund = (r: OrderView) => canMove('order', r.status, 'unpaid');
export const canCancel = (r: OrderView) => canMove('order', r.status, 'cancelled');

/**
 * /fc/order/index (财务收款): the orders accepted offers opened, with what is due, received and outstanding.
 * Orders are never written here (the offer opens them): the engine's view shows an order with its lines and
 * trades; a receipt, a refund and a cancellation are the page's dialogs, opened through `open`.
 */
export function orderDef(open: (kind: OrderDialog, row: OrderView) => void): CrudDef<OrderRow> {
  const action = (
    kind: OrderDialog,
    code: string,
    visible: (r: OrderView) => boolean,
    danger?: boolean,
  ): CrudAction<OrderRow> => ({
    key: kind,
    label: `sales.order.${kind}`,
    code,
    place: 'row',
    visible,
    danger,
    run: ({ rows }) => open(kind, rows[0]!),
  });
  const calls = bladeCalls<OrderRow>(ORDER_BASE);
  return {
    name: ORDER_LIST,
    title: 'sales.order.noun',
    perm: 'order',
    rowName,
    // No add, edit or remove: the accepted offer opens an order, and money moves by trades.
    api: { list: calls.list, detail: calls.detail },
    sort: { field: 'createTime', order: 'descend' },
    formWidth: 900,
    columns: [
      { prop: 'orderNo', label: 'sales.order.orderNo', width: 170, search: true, form: {} },
      { prop: 'customerName', label: 'sales.order.customerName', width: 110, search: true, form: {} },
      { prop: 'customerPhone', label: 'sales.order.customerPhone', width: 130, search: true, form: {} },
      { prop: 'modelName', label: 'sales.order.modelName', ellipsis: true, form: {} },
      { prop: 'vin', label: 'sales.order.vin', width: 180, form: {} },
      moneyColumn<OrderRow>('amountDue', 'sales.order.amountDue', { sortable: true }),
      moneyColumn<OrderRow>('received', 'sales.order.received', { sortable: true }),
      moneyColumn<OrderRow>('outstanding', 'sales.order.outstanding'),
      {
        prop: 'status',
        label: 'sales.order.status',
        width: 100,
        search: true,
        sortable: true,
        choices: ORDER_STATUSES.map((s) => ({ value: s, label: `sales.order.status_.${s}` })),
        render: (v) => statusTag(String(v)),
        form: {},
      },
      { prop: 'ownerName', label: 'sales.order.ownerName', width: 100, form: {} },
      { prop: 'createTime', label: 'sales.order.createTime', width: 170, sortable: true, form: {} },
      // The view's blocks: what the order is for, how it is being paid, and every trade on it.
      {
        prop: 'invoicePrice',
        label: 'sales.order.lines',
        table: false,
        export: false,
        form: { wide: true, component: OfferLines },
      },
      {
        prop: 'loanReceived',
        label: 'sales.order.payments',
        table: false,
        export: false,
        form: { wide: true, component: Payments },
      },
      {
        prop: 'trades',
        label: 'sales.order.trades',
        table: false,
        export: false,
        form: { wide: true, component: Trades },
      },
    ],
    actions: [
      action('receive', 'order_receive', canReceive),
      action('refund', 'order_refund', canRefund),
      action('cancel', 'order_cancel', canCancel, true),
    ],
  };
}
