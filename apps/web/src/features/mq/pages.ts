import type { PageLoader } from '@/shared/page/loader';

/** The message queue's monitoring pages, at the paths the menu catalog gives them. */
export const pages: Record<string, PageLoader> = {
  '/monitor/dmt/mq_message': () => import('./MessagePage'),
  '/monitor/dmt/mq_message_data': () => import('./DataPage'),
  '/monitor/dmt/mq_confirm': () => import('./ConfirmPage'),
  '/monitor/dmt/mq_relation': () => import('./RelationPage'),
};
