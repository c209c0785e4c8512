import { Type } from 'typebox';
import { ClientErrorLog, ServerErrorLog, type Page } from '@forecourt/contracts';
import { scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { forbidden } from '../../platform/errors.js';
import { listQuerySchema } from '../../platform/paging.js';
import { Id } from '../../platform/schema.js';
import type { Scope } from '../../platform/scope.js';
import { clientErrors, serverErrors, withAccounts } from './rules.js';
import './messages.js';

/** A stack trace is the platform's own code: not for a tenant's administrator. */
const platformOnly = (scope: Scope) => {
  if (!scope.isPlatformAdmin) throw forbidden('logs.platformOnly');
  return scope;
};

export async function logsRoutes(app: App) {
  const { db } = app.ctx;
  const tags = ['logs'];
  const server = '/api/blade-log/error';
  const client = '/api/blade-log/client';

  app.get(
    `${server}/list`,
    {
      config: { permission: 'code:dmt_log' },
      schema: {
        tags,
        summary:
          "A page of the server's failed requests, newest first; filter by request id, method, address and message (contains) and time (platform administrator only)",
        querystring: listQuerySchema(serverErrors.def.filters!),
        response: { 200: envelope(pageSchema(ServerErrorLog)) },
      },
    },
    async (req) => {
      const page = await serverErrors.page(db, platformOnly(scopeOf(req)), req.query);
      return ok({
        ...page,
        records: await withAccounts(db, 'createBy', page.records),
      } as unknown as Page<ServerErrorLog>);
    },
  );

  app.get(
    `${server}/detail`,
    {
      config: { permission: 'code:dmt_log' },
      schema: {
        tags,
        summary: 'One failed request with its stack trace (platform administrator only)',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(ServerErrorLog) },
      },
    },
    async (req) => {
      const row = await serverErrors.detail(db, platformOnly(scopeOf(req)), req.query.id);
      return ok((await withAccounts(db, 'createBy', [row]))[0] as unknown as ServerErrorLog);
    },
  );

  app.get(
    `${client}/list`,
    {
      config: { permission: 'code:dmt_log' },
      schema: {
        tags,
        summary:
          "A page of the browsers' errors uploaded from the log viewer, newest first; filter by type, message and page address (contains) and time",
        querystring: listQuerySchema(clientErrors.def.filters!),
        response: { 200: envelope(pageSchema(ClientErrorLog)) },
      },
    },
    async (req) => {
      const page = await clientErrors.page(db, scopeOf(req), req.query);
      return ok({
        ...page,
        records: await withAccounts(db, 'userId', page.records),
      } as unknown as Page<ClientErrorLog>);
    },
  );

  app.get(
    `${client}/detail`,
    {
      config: { permission: 'code:dmt_log' },
      schema: {
        tags,
        summary: 'One browser error with its stack and the browser it came from',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(ClientErrorLog) },
      },
    },
    async (req) => {
      const row = await clientErrors.detail(db, scopeOf(req), req.query.id);
      return ok((await withAccounts(db, 'userId', [row]))[0] as unknown as ClientErrorLog);
    },
  );
}
