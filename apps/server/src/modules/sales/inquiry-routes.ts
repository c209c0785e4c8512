import { Type } from 'typebox';
import {
  InquiryAssignSchema,
  InquiryCloseSchema,
  InquiryDetailSchema,
  InquiryFollowSchema,
  InquiryRowSchema,
  InquirySubmitSchema,
  InquiryTransferSchema,
} from '@forecourt/contracts/sales';
import type { App } from '../../platform/context.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import {
  INQUIRY_FILTERS,
  assignInquiry,
  closeInquiry,
  followInquiry,
  inquiryDetail,
  inquiryPage,
  removeInquiries,
  salespeople,
  submitInquiry,
  transferInquiry,
} from './inquiry-rules.js';

/** `/api/blade-sales/inquiry/*`: inquiries, follow-ups, assignment and transfer (issue 24). */
export async function inquiryRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/inquiry';
  const tags = ['sales-inquiry'];

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:inquiry' },
      schema: {
        tags,
        summary:
          'A page of the inquiries the caller may see (own, department subtree for heads, all for administrators); overdue=1 for those past the first-response limit',
        querystring: listQuerySchema(INQUIRY_FILTERS, {
          overdue: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
        }),
        response: { 200: envelope(pageSchema(InquiryRowSchema)) },
      },
    },
    async (req) => ok(await inquiryPage(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:inquiry' },
      schema: {
        tags,
        summary: 'One inquiry with its follow-ups and history (403 when it is not the caller’s to see)',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(InquiryDetailSchema) },
      },
    },
    async (req) => ok(await inquiryDetail(db, scopeOf(req), req.query.id)),
  );
  app.get(
    `${base}/salespeople`,
    {
      config: { permission: 'code:inquiry' },
      schema: {
        tags,
        summary: 'Staff who may own inquiries (the assign and transfer pickers)',
        response: {
          200: envelope(
            Type.Array(
              Type.Object({
                id: Type.String(),
                name: Type.String(),
                account: Type.String(),
                onlineSales: Type.Boolean(),
              }),
            ),
          ),
        },
      },
    },
    async (req) => ok(await salespeople(db, scopeOf(req))),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:inquiry_add' },
      schema: {
        tags,
        summary:
          'Adds (no id) or changes an inquiry; the customer is found or created by phone within the tenant',
        body: InquirySubmitSchema,
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'inquiry_edit', app.ctx.permissions);
      return ok(await submitInquiry(db, scope, req.body));
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:inquiry_delete' },
      schema: {
        tags,
        summary: 'Removes inquiries (ids=1,2,3) the caller may see',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeInquiries(db, scopeOf(req), splitIds(req.query.ids))),
  );
  app.post(
    `${base}/assign`,
    {
      config: { permission: 'code:inquiry_assign' },
      schema: {
        tags,
        summary:
          'Assigns an inquiry to a salesperson, or without userId to the next online-sales colleague in turn (round-robin)',
        body: InquiryAssignSchema,
        response: { 200: envelope(Type.Object({ ownerUser: Type.String() })) },
      },
    },
    async (req) => ok(await assignInquiry(db, scopeOf(req), req.body.id, req.body.userId)),
  );
  app.post(
    `${base}/transfer`,
    {
      config: { permission: 'code:inquiry_transfer' },
      schema: {
        tags,
        summary: 'Transfers an open inquiry to another salesperson with a reason (kept in the history)',
        body: InquiryTransferSchema,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      await transferInquiry(db, scopeOf(req), req.body.id, req.body.userId, req.body.reason);
      return ok(true);
    },
  );
  app.post(
    `${base}/follow`,
    {
      config: { permission: 'code:inquiry_follow' },
      schema: {
        tags,
        summary: 'Records a follow-up (assigned → following) and the next follow-up time',
        body: InquiryFollowSchema,
        response: { 200: envelope(Type.String()) },
      },
    },
    async (req) => ok(await followInquiry(db, scopeOf(req), req.body)),
  );
  app.post(
    `${base}/close`,
    {
      config: { permission: 'code:inquiry_close' },
      schema: {
        tags,
        summary: 'Closes an inquiry as won, lost or invalid (lost and invalid need a reason)',
        body: InquiryCloseSchema,
        response: { 200: envelope(Type.Boolean()) },
      },
    },
    async (req) => {
      await closeInquiry(db, scopeOf(req), req.body.id, req.body.status, req.body.reason);
      return ok(true);
    },
  );
}
