import { addResources } from '@/shared/i18n';

/** Texts of the finance workbench card. */
addResources('financeDesk', {
  zh: {
    title: '财务工作台',
    today: '今日收款',
    todayHint: '收款 {{receipts}}，退款 {{refunds}}，共 {{count}} 笔',
    unpaid: '待收款订单',
    partial: '部分收款订单',
    partialHint: '尚未收取 {{amount}}',
    unpaidHint: '应收 {{amount}}',
    settled: '本月已收清',
    settledHint: '合计 {{amount}}',
    orders: '单',
    open: '打开财务收款',
  },
  en: {
    title: 'Finance workbench',
    today: 'Received today',
    todayHint: 'Receipts {{receipts}}, refunds {{refunds}}, {{count}} trades',
    unpaid: 'Unpaid orders',
    partial: 'Partly paid orders',
    partialHint: '{{amount}} still to come in',
    unpaidHint: '{{amount}} due',
    settled: 'Settled this month',
    settledHint: '{{amount}} in all',
    orders: 'orders',
    open: 'Open finance receipts',
  },
});
