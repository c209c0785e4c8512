import { OutboxSms, type Page } from '@forecourt/contracts';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { forbidden } from '../../platform/errors.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { Repo } from '../../platform/crud.js';
import { listQuerySchema } from '../../platform/paging.js';
import './messages.js';

/**
 * The development outbox: the texts a server without an SMS gateway would have sent (sign-in and
 * password codes), so a fresh install can be used. A configured gateway never writes here.
 */
export const outbox = new Repo({
  table: 'dev_sms_outbox',
  fields: ['id', 'tenantId', 'receiver', 'templateCode', 'content', 'createTime'],
  filters: { receiver: { column: 'receiver', type: 'text' } },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

export async function outboxRoutes(app: App) {
  const { db } = app.ctx;
  app.get(
    '/api/blade-system/sms-outbox/list',
    {
      // A tenant's administrator passes every role check; the codes of every tenant are the platform's.
      config: { permission: 'role:administrator' },
      schema: {
        tags: ['sms-outbox'],
        summary:
          'A page of the development SMS outbox, newest first (texts of a server without an SMS gateway; platform administrator only)',
        querystring: listQuerySchema(outbox.def.filters!),
        response: { 200: envelope(pageSchema(OutboxSms)) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (!scope.isPlatformAdmin) throw forbidden('outbox.platformOnly');
      return ok((await outbox.page(db, scope, req.query)) as Page<OutboxSms>);
    },
  );
}
