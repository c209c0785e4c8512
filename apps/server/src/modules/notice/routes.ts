import { Type } from 'typebox';
import { NoticeLog, type Page } from '@forecourt/contracts';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { Id } from '../../platform/schema.js';
import { noticeLog } from './rules.js';

export async function noticeRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-system/notice-log';
  const tags = ['notice-log'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:notice_log' },
      schema: {
        tags,
        summary:
          'A page of the notices sent, newest first; filter by channel, receiver, template, status (1 sent, 2 failed) and time (createTime_ge / createTime_lt)',
        querystring: listQuerySchema(noticeLog.def.filters!),
        response: { 200: envelope(pageSchema(NoticeLog)) },
      },
    },
    async (req) => ok((await noticeLog.page(db, scopeOf(req), req.query)) as Page<NoticeLog>),
  );

  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:notice_log' },
      schema: {
        tags,
        summary: 'One notice sent: its channel, receiver, template, the text as logged (codes masked), its status',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(NoticeLog) },
      },
    },
    async (req) => ok((await noticeLog.detail(db, scopeOf(req), req.query.id)) as NoticeLog),
  );
}
