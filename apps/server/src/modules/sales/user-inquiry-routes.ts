import { Type } from 'typebox';
import { UserInquiryRowSchema } from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { scopeOf } from '../../platform/auth/guard.js';
import { t } from '../../platform/i18n.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import {
  USER_INQUIRY_FILTERS,
  assignUnclaimed,
  claim,
  removeUserInquiries,
  userInquiryDetail,
  userInquiryPage,
} from './user-inquiry-rules.js';

/** How often the server hands out user inquiries nobody claimed in time. */
export const SWEEP_MS = 60_000;

/** `/api/blade-sales/user-inquiry/*`: the pool of customers' own inquiries, and the claim. */
export async function userInquiryRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/user-inquiry';
  const tags = ['sales-user-inquiry'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:user_inquiry' },
      schema: {
        tags,
        summary: 'A page of user inquiries: the waiting pool, and the taken ones the caller may see',
        querystring: listQuerySchema(USER_INQUIRY_FILTERS),
        response: { 200: envelope(pageSchema(UserInquiryRowSchema)) },
      },
    },
    async (req) => ok(await userInquiryPage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:user_inquiry' },
      schema: {
        tags,
        summary: 'One user inquiry',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(UserInquiryRowSchema) },
      },
    },
    async (req) => ok(await userInquiryDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/claim`,
    {
      config: { permission: 'code:user_inquiry_claim' },
      schema: {
        tags,
        summary:
          'Claims a waiting user inquiry (the first claim wins; the others get 409) and answers the inquiry it becomes',
        body: Type.Object({ id: Id() }),
        response: { 200: envelope(Type.Object({ inquiryId: Type.String() })) },
      },
    },
    async (req) =>
      ok({ inquiryId: await claim(db, scopeOf(req), req.body.id) }, t(req.lang, 'sales.userInquiry.claimed')),
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:user_inquiry_delete' },
      schema: {
        tags,
        summary: 'Removes user inquiries (ids=1,2,3)',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeUserInquiries(db, scopeOf(req), splitIds(req.query.ids))),
  );

  // The sweep runs on every node; the conditional UPDATE and the round-robin lock keep it single-handed.
  if (app.ctx.config.NODE_ENV !== 'test') {
    const timer = setInterval(() => {
      assignUnclaimed(db).catch((e: unknown) => app.log.error({ err: e }, 'user-inquiry sweep failed'));
    }, SWEEP_MS).unref();
    app.ctx.onClose.push(async () => clearInterval(timer));
  }
}
