import { Tag } from 'antd';
import { EXCHANGE_STATUSES, type PointExchange } from '@forecourt/contracts';
import { bladeCalls, type CrudAction, type CrudDef } from '@/shared/crud';
import i18n from '@/shared/i18n';
import { EXCHANGE_BASE, EXCHANGE_LIST, type ExchangeMove } from './api';
import { PointsCell } from './format';
import './messages';

/** The tag colours of an exchange's status. */
export const STATUS_COLOR: Record<string, string> = {
  pending: 'orange',
  delivered: 'green',
  cancelled: 'default',
};

export const statusTag = (status: string) => (
  <Tag color={STATUS_COLOR[status]}>{i18n.t(`points.exchange.status_.${status}`)}</Tag>
);

/** What a confirmation or a dialog calls an exchange. */
export const exchangeName = (r: PointExchange) => `${r.exchangeNo} · ${r.customerName}`;

/** Only a pending exchange moves: delivered, or cancelled (the points and the stock go back). */
export const isPending = (r: PointExchange) => r.status === 'pending';

/**
 * /fc/score/exchange (积分兑换): customers' exchanges of points for goods, newest first. The engine's view
 * shows one (its detail); a new exchange, a delivery and a cancellation are the page's dialogs, opened
 * through `open` (the row buttons, by status and by permission).
 */
export function exchangeDef(open: (move: ExchangeMove, row: PointExchange) => void): CrudDef<PointExchange> {
  const action = (move: ExchangeMove, danger?: boolean): CrudAction<PointExchange> => ({
    key: move,
    label: `points.exchange.${move}`,
    code: `score_exchange_${move}`,
    place: 'row',
    visible: isPending,
    danger,
    run: ({ rows }) => open(move, rows[0]!),
  });
  const calls = bladeCalls<PointExchange>(EXCHANGE_BASE);
  return {
    name: EXCHANGE_LIST,
    title: 'points.exchange.noun',
    perm: 'score_exchange',
    rowName: exchangeName,
    // No add, edit or remove through the engine: the page's own dialog submits an exchange.
    api: { list: calls.list, detail: calls.detail },
    sort: { field: 'createTime', order: 'descend' },
    columns: [
      { prop: 'exchangeNo', label: 'points.exchange.exchangeNo', width: 170, search: true, form: {} },
      { prop: 'customerName', label: 'points.exchange.customerName', width: 110, search: true, form: {} },
      { prop: 'customerPhone', label: 'points.exchange.customerPhone', width: 130, search: true, form: {} },
      { prop: 'goodsName', label: 'points.exchange.goodsName', ellipsis: true, form: {} },
      { prop: 'quantity', label: 'points.exchange.quantity', width: 80, form: {} },
      {
        prop: 'points',
        label: 'points.exchange.points',
        width: 110,
        sortable: true,
        render: (v) => <PointsCell value={v} />,
        form: {},
      },
      {
        prop: 'status',
        label: 'points.exchange.status',
        width: 90,
        search: true,
        choices: EXCHANGE_STATUSES.map((s) => ({ value: s, label: `points.exchange.status_.${s}` })),
        render: (v) => statusTag(String(v)),
        form: {},
      },
      {
        prop: 'remark',
        label: 'points.exchange.remark',
        ellipsis: true,
        form: { type: 'textarea', wide: true },
      },
      {
        prop: 'settleRemark',
        label: 'points.exchange.settleRemark',
        ellipsis: true,
        form: { type: 'textarea', wide: true },
      },
      { prop: 'deliveredAt', label: 'points.exchange.deliveredAt', width: 170, form: {} },
      { prop: 'cancelledAt', label: 'points.exchange.cancelledAt', width: 170, table: false, form: {} },
      { prop: 'createUserName', label: 'points.exchange.createUserName', width: 100, form: {} },
      { prop: 'createTime', label: 'points.exchange.createTime', width: 170, sortable: true, form: {} },
    ],
    actions: [action('deliver'), action('cancel', true)],
  };
}
