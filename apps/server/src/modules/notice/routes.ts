import { Type } from 'typebox';
import {
  NOTICE_TEMPLATE_CODES,
  NOTICE_TEMPLATE_MAX,
  NoticeLog,
  NoticeTemplate,
  type Page,
} from '@forecourt/contracts';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import { noticeLog, removeTemplates, submitTemplate, templates } from './rules.js';
import './messages.js';

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
        summary:
          'One notice sent: its channel, receiver, template, the text as logged (codes masked), its status',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(NoticeLog) },
      },
    },
    async (req) => ok((await noticeLog.detail(db, scopeOf(req), req.query.id)) as NoticeLog),
  );

  const tplBase = '/api/blade-system/notice-template';
  const tplTags = ['notice-template'];
  app.get(
    `${tplBase}/list`,
    {
      config: { permission: 'code:notice_template' },
      schema: {
        tags: tplTags,
        summary: 'A page of notice templates, last changed first; filter by code, name (contains) and status',
        querystring: listQuerySchema(templates.def.filters!),
        response: { 200: envelope(pageSchema(NoticeTemplate)) },
      },
    },
    async (req) => ok((await templates.page(db, scopeOf(req), req.query)) as Page<NoticeTemplate>),
  );

  app.get(
    `${tplBase}/detail`,
    {
      config: { permission: 'code:notice_template' },
      schema: {
        tags: tplTags,
        summary: 'One notice template',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(NoticeTemplate) },
      },
    },
    async (req) => ok((await templates.detail(db, scopeOf(req), req.query.id)) as NoticeTemplate),
  );

  app.post(
    `${tplBase}/submit`,
    {
      config: { permission: 'code:notice_template_add' },
      schema: {
        tags: tplTags,
        summary:
          'Adds (no id) or changes a template; its text must contain {code} and no other placeholder than {code} and {minutes}; one live template per code',
        body: Type.Object({
          id: Type.Optional(Id()),
          code: Type.Union(NOTICE_TEMPLATE_CODES.map((c) => Type.Literal(c))),
          name: Type.String({ minLength: 1, maxLength: 100 }),
          content: Type.String({ minLength: 1, maxLength: NOTICE_TEMPLATE_MAX }),
          status: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
          remark: Type.Optional(Type.String({ maxLength: 255 })),
        }),
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'notice_template_edit', app.ctx.permissions);
      return ok(await submitTemplate(db, scope, req.body));
    },
  );

  app.post(
    `${tplBase}/remove`,
    {
      config: { permission: 'code:notice_template_delete' },
      schema: {
        tags: tplTags,
        summary: 'Removes templates; their notices go out with the built-in text again',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeTemplates(db, scopeOf(req), splitIds(req.query.ids))),
  );
}
