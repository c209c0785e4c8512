import type { PageLoader } from '@/shared/page/loader';
import { declared } from '@/shared/crud/declared';

/** The development SMS outbox, at the path the menu catalog gives it (platform administrator only). */
export const pages: Record<string, PageLoader> = {
  '/monitor/notice/sms_outbox': declared(() => import('./outboxDef').then((m) => m.outboxDef)),
};
