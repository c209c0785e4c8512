import { Type } from 'typebox';
import {
  OfferDecisionBody,
  OfferDetail,
  OfferIdBody,
  OfferSubmitBody,
  OfferView,
} from '@forecourt/contracts/sales';
import { requireCode, scopeOf } from '../../platform/auth/guard.js';
import type { App } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { envelope, ok, pageSchema } from '../../platform/envelope.js';
import { bad } from '../../platform/errors.js';
import { langOf } from '../../platform/i18n.js';
import { listQuerySchema } from '../../platform/paging.js';
import { splitIds } from '../../platform/rows.js';
import { Id, IdList } from '../../platform/schema.js';
import type { Scope } from '../../platform/scope.js';
import { exec, first, scoped, sql } from '../../platform/sql/index.js';
import { CUSTOMER_PREFIX } from '../im/index.js';
import {
  OFFER_FILTERS,
  actOnOffer,
  listOffers,
  offerDetail,
  removeOffers,
  submitOffer,
  today,
  type OfferAction,
} from './offer-rules.js';
import { offerPdf } from './offer-pdf.js';
import { declareOfferConsumers, queueOfferDecided, queueOfferSent } from './offer-queue.js';
import { expireOffers } from './rules.js';

/** How often the server looks for sent offers past their validity date. */
export const OFFER_SWEEP_MS = 10 * 60_000;

/** The chat ends of an offer: its author's chat id (the account) and the customer's; null when not allowed. */
async function chatEnds(db: Db, scope: Scope, offerId: string) {
  const r = await first(
    db,
    scoped(scope)
      .selectFrom('sales_offer', 'o')
      .innerJoin('sales_inquiry as q', 'q.id', 'o.inquiryId')
      .innerJoin('member_customer as c', 'c.id', 'q.customerId')
      .innerJoin('blade_user as u', 'u.id', 'o.ownerUser')
      .select(['c.id as customerId', 'c.userId as advisor', 'o.ownerUser', 'u.account', 'u.realName'])
      .where('o.id', '=', offerId),
  );
  if (!r) return null;
  // The customer talks only with their advisor (member/chat.ts): the card comes from them or not at all. A
  // customer nobody looks after yet gets the offer's author as advisor.
  if (r.advisor === null) {
    await exec(
      db,
      scoped(scope)
        .updateTable('member_customer')
        .set({ userId: String(r.ownerUser), updateTime: sql`now()` } as never)
        .where('id', '=', String(r.customerId))
        .where('userId', 'is', null),
    );
  } else if (String(r.advisor) !== String(r.ownerUser)) return null;
  return { from: r.account, nick: r.realName || r.account, to: `${CUSTOMER_PREFIX}${String(r.customerId)}` };
}

export async function offerRoutes(app: App) {
  const { db } = app.ctx;
  const base = '/api/blade-sales/offer';
  const tags = ['sales-offer'];
  declareOfferConsumers(app.ctx);

  // Sent offers expire at their validity date: the sweep runs on every node (one UPDATE, harmless twice).
  const timer = setInterval(() => {
    expireOffers(db, today()).catch((e: unknown) => app.log.warn({ err: e }, 'offer expiry sweep failed'));
  }, OFFER_SWEEP_MS);
  timer.unref();
  app.ctx.onClose.push(async () => clearInterval(timer));

  app.get(
    `${base}/list`,
    {
      config: { permission: 'code:offer' },
      schema: {
        tags,
        summary:
          'A page of the offers the caller may see: the latest version of each inquiry (versions=all: every version)',
        querystring: listQuerySchema(OFFER_FILTERS, {
          versions: Type.Optional(Type.Union([Type.Literal('latest'), Type.Literal('all')])),
        }),
        response: { 200: envelope(pageSchema(OfferView)) },
      },
    },
    async (req) => ok(await listOffers(db, scopeOf(req), req.query)),
  );
  app.get(
    `${base}/detail`,
    {
      config: { permission: 'code:offer' },
      schema: {
        tags,
        summary: 'One offer version with the list of every version of the same inquiry',
        querystring: Type.Object({ id: Id() }),
        response: { 200: envelope(OfferDetail) },
      },
    },
    async (req) => ok(await offerDetail(db, scopeOf(req), req.query.id)),
  );
  app.post(
    `${base}/submit`,
    {
      config: { permission: 'code:offer_add' },
      schema: {
        tags,
        summary:
          "A new version of the inquiry's offer (no id), or a change of a draft (id); the server computes every line",
        body: OfferSubmitBody,
        response: { 200: envelope(OfferDetail) },
      },
    },
    async (req) => {
      const scope = scopeOf(req);
      if (req.body.id) await requireCode(scope, 'offer_edit', app.ctx.permissions);
      const id = await submitOffer(db, scope, req.body);
      return ok(await offerDetail(db, scope, id));
    },
  );
  app.post(
    `${base}/remove`,
    {
      config: { permission: 'code:offer_delete' },
      schema: {
        tags,
        summary: 'Removes drafts and rejected versions',
        querystring: Type.Object({ ids: IdList() }),
        response: { 200: envelope(Type.Integer()) },
      },
    },
    async (req) => ok(await removeOffers(db, scopeOf(req), splitIds(req.query.ids))),
  );

  const action = (path: OfferAction, code: string, summary: string, decision = false) =>
    app.post(
      `${base}/${path}`,
      {
        config: { permission: `code:${code}` },
        schema: {
          tags,
          summary,
          body: decision ? OfferDecisionBody : OfferIdBody,
          response: { 200: envelope(OfferView) },
        },
      },
      async (req) => {
        const scope = scopeOf(req);
        const body = req.body as { id: string; remark?: string };
        if (path === 'approve' || path === 'reject') {
          const { offer } = await actOnOffer(db, scope, body.id, path, {
            remark: body.remark,
            within: async (t) => void (await queueOfferDecided(t, scope, body.id)),
          });
          app.ctx.mq!.queue.kick();
          return ok(offer);
        }
        if (path !== 'send') return ok((await actOnOffer(db, scope, body.id, path, body)).offer);
        if (!app.ctx.im) throw bad('sales.offer.chatOff');
        const ends = await chatEnds(db, scope, body.id);
        if (!ends) throw bad('sales.offer.noCustomerChat');
        const queued: string[] = [];
        const { offer } = await actOnOffer(db, scope, body.id, 'send', {
          within: async (t) => {
            queued.push(await queueOfferSent(t, scope, { offerId: body.id, ...ends }));
          },
        });
        // The author's answer waits for the card to reach the chat (briefly: a failing chat only delays it,
        // and the queue keeps trying).
        await app.ctx.mq!.deliverNow(queued);
        return ok(offer);
      },
    );
  action('submit-approval', 'offer_edit', 'Submits a draft whose discount or price needs a manager');
  action('approve', 'offer_approve', "Approves an offer (a manager, never the offer's author)", true);
  action('reject', 'offer_approve', "Rejects an offer (a manager, never the offer's author)", true);
  action('send', 'offer_send', 'Sends the offer to the customer as a card in chat');
  action('accept', 'offer_edit', "Records the customer's acceptance; reserves the stock vehicle");
  action('decline', 'offer_edit', "Records the customer's refusal");

  app.get(
    `${base}/pdf`,
    {
      config: { permission: 'code:offer' },
      schema: {
        tags,
        summary: "The printable offer (PDF, in the caller's language)",
        querystring: Type.Object({ id: Id() }),
        produces: ['application/pdf'],
      },
    },
    async (req, reply) => {
      const offer = await offerDetail(db, scopeOf(req), req.query.id);
      const pdf = await offerPdf(offer, langOf(req.headers['accept-language']));
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="offer-${offer.id}-v${offer.version}.pdf"`)
        .send(pdf);
    },
  );
}
