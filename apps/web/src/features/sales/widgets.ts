import type { WorkbenchWidget } from '@/shared/page/widgets';

/** The sales floor's cards on the workbench (sales-desk). */
export const widgets: WorkbenchWidget[] = [
  { key: 'sales-desk', permission: 'sales_desk', order: 10, load: () => import('./desk/SalesDesk') },
];
