import { Tag } from 'antd';
import Input from 'antd/es/input/Input';
import { PAYMENT_METHODS, TRADE_KINDS, type TradeView } from '@forecourt/contracts/sales';
import { bladeCalls, type CrudDef, type FieldProps } from '@/shared/crud';
import i18n from '@/shared/i18n';
import { yuan } from '../offer/money';
import { KIND_COLOR } from '../order/colors';
import { moneyColumn } from '../order/money';
import { TRADE_BASE, TRADE_LIST } from './api';
import './messages';

/** A refund takes money back: the table (and its export) show its amount with a minus sign. */
const isRefund = (r: TradeView) => r.kind === 'refund';

/** The view's amount: as the trade stores it (always positive, the kind says which way), in yuan. */
const AmountField = ({ value }: FieldProps) => <Input disabled value={value ? yuan(String(value)) : ''} />;

/**
 * /fc/trade/index (支付流水): every receipt and refund of the tenant, newest first, written once by the
 * orders page and never changed: a list to search, sum (the page's summary line) and export, and a view.
 */
export const tradeDef: CrudDef<TradeView> = (() => {
  const calls = bladeCalls<TradeView>(TRADE_BASE);
  return {
    name: TRADE_LIST,
    title: 'sales.trade.noun',
    perm: 'trade',
    rowName: (r) => r.tradeNo,
    api: { list: calls.list, detail: calls.detail },
    sort: { field: 'paidAt', order: 'descend' },
    columns: [
      { prop: 'tradeNo', label: 'sales.trade.tradeNo', width: 170, search: true, form: {} },
      { prop: 'orderNo', label: 'sales.trade.orderNo', width: 170, search: true, form: {} },
      { prop: 'customerName', label: 'sales.trade.customerName', width: 110, form: {} },
      {
        prop: 'kind',
        label: 'sales.trade.kind',
        width: 80,
        search: true,
        choices: TRADE_KINDS.map((k) => ({ value: k, label: `sales.trade.kind_.${k}` })),
        render: (v) => <Tag color={KIND_COLOR[String(v)]}>{i18n.t(`sales.trade.kind_.${String(v)}`)}</Tag>,
        form: {},
      },
      {
        prop: 'method',
        label: 'sales.trade.method',
        width: 120,
        search: true,
        choices: PAYMENT_METHODS.map((m) => ({ value: m, label: `sales.trade.method_.${m}` })),
        form: {},
      },
      moneyColumn<TradeView>('amount', 'sales.trade.amount', {
        sortable: true,
        sign: isRefund,
        form: { component: AmountField },
      }),
      { prop: 'reference', label: 'sales.trade.reference', width: 180, search: true, form: {} },
      { prop: 'paidAt', label: 'sales.trade.paidAt', width: 170, sortable: true, form: {} },
      { prop: 'createUserName', label: 'sales.trade.createUserName', width: 100, form: {} },
      { prop: 'createTime', label: 'sales.trade.createTime', table: false, form: {} },
      { prop: 'remark', label: 'sales.trade.remark', ellipsis: true, form: { wide: true } },
    ],
  };
})();
