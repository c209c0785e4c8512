import { ENUM_LABELS } from '@forecourt/contracts/sales';
import { addResources } from '@/shared/i18n';

// The values' names are the contracts' own (shared with the server's messages and exports).
const names = (table: Record<string, readonly [string, string]>, i: 0 | 1) =>
  Object.fromEntries(Object.entries(table).map(([k, pair]) => [k, pair[i]]));
const labels = (i: 0 | 1) => ({
  kind_: names(ENUM_LABELS.tradeKind!, i),
  method_: names(ENUM_LABELS.paymentMethod!, i),
});

/** Texts of the payment transactions page (namespace sales.trade). */
addResources('sales', {
  zh: {
    trade: {
      title: '支付流水',
      noun: '支付流水',
      tradeNo: '交易编号',
      orderNo: '订单号',
      customerName: '客户',
      kind: '类型',
      method: '支付方式',
      amount: '金额',
      reference: '流水号',
      paidAt: '收付时间',
      paidFrom: '收付开始日期',
      paidTo: '收付结束日期',
      createUserName: '经办人',
      createTime: '登记时间',
      remark: '备注',
      summary: '合计：收款 {{receipts}}，退款 {{refunds}}，净额 {{net}}（{{count}} 笔）',
      ...labels(0),
    },
  },
  en: {
    trade: {
      title: 'Payment transactions',
      noun: 'payment transaction',
      tradeNo: 'Trade no.',
      orderNo: 'Order no.',
      customerName: 'Customer',
      kind: 'Type',
      method: 'Payment method',
      amount: 'Amount',
      reference: 'Serial number',
      paidAt: 'Paid at',
      paidFrom: 'Paid from',
      paidTo: 'Paid to',
      createUserName: 'Recorded by',
      createTime: 'Recorded at',
      remark: 'Remark',
      summary_one: 'Total: receipts {{receipts}}, refunds {{refunds}}, net {{net}} ({{count}} trade)',
      summary_other: 'Total: receipts {{receipts}}, refunds {{refunds}}, net {{net}} ({{count}} trades)',
      ...labels(1),
    },
  },
});
