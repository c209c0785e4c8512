import type { WorkbenchWidget } from '@/shared/page/widgets';

/** The sales floor's cards on the workbench (sales-desk, finance-desk). */
export const widgets: WorkbenchWidget[] = [
  { key: 'sales-desk', permission: 'sales_desk', order: 10, load: () => import('./desk/SalesDesk') },
  // Finance's card: today's money and what is still to come in. Above the sales desk: it is drawn at its
  // final size at once (a small chunk), and the sales desk, which grows when its figures come, sits below.
  {
    key: 'finance-desk',
    permission: 'finance_desk',
    order: 9,
    load: () => import('./finance-desk/FinanceDesk'),
  },
];
