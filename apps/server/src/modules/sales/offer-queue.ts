import type { MqConsumer, MqTopic } from '@forecourt/contracts';
import { OFFER_CARD_BUSINESS_ID, type OfferCard, type OfferView } from '@forecourt/contracts/sales';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/index.js';
import { t as text } from '../../platform/i18n.js';
import { systemScope, type Scope } from '../../platform/scope.js';
import { first, scoped } from '../../platform/sql/index.js';
import { enqueue } from '../mq/index.js';
import { offerDetail } from './offer-rules.js';

/**
 * What the offers tell others through the message queue (modules/mq), written in the transaction that
 * changes the offer: a sent offer's card reaches the customer's chat, and an approval or a rejection
 * reaches the author's system conversation, even when the chat fails at that moment (the queue retries).
 */
export const OFFER_SENT: MqTopic = 'sales.offer.sent';
export const OFFER_DECIDED: MqTopic = 'sales.offer.decided';
const CARD: MqConsumer = 'chat.offer-card';
const DECISION: MqConsumer = 'chat.decision-notice';
/** operationType of the decision's system notice (after the chat's own 4 and 5: modules/im/groups.ts). */
export const OFFER_DECISION_NOTICE = 20;

/** The chat ends of a sent offer: the author's chat id and name, the customer's chat id. */
export interface OfferSent {
  offerId: string;
  from: string;
  nick: string;
  to: string;
}

export interface OfferDecided {
  offerId: string;
  version: number;
  modelName: string;
  decision: 'approved' | 'rejected';
  remark: string;
  /** The author's chat id (account). */
  to: string;
  by: string;
}

export function offerCard(o: OfferView): OfferCard {
  return {
    businessID: OFFER_CARD_BUSINESS_ID,
    offerId: o.id,
    version: o.version,
    modelName: o.modelName,
    vin: o.vin,
    invoicePrice: o.invoicePrice,
    total: o.total,
    dueAtSigning: o.dueAtSigning,
    monthlyPayment: o.finance?.monthlyPayment ?? null,
    termMonths: o.finance?.termMonths ?? null,
    validUntil: o.validUntil,
  };
}

export const queueOfferSent = (t: Db, scope: Scope, m: OfferSent) =>
  enqueue(t, { tenantId: scope.tenantId, topic: OFFER_SENT, businessKey: m.offerId, payload: m });

/** Inside the decision's transaction: the author learns it from the decided row. */
export async function queueOfferDecided(t: Db, scope: Scope, offerId: string) {
  const o = await offerDetail(t, scope, offerId);
  const author = await first(
    t,
    scoped(scope)
      .selectFrom('blade_user', 'u', { withDeleted: true })
      .select('u.account')
      .where('u.id', '=', o.ownerUser),
  );
  if (!author) return null;
  const payload: OfferDecided = {
    offerId,
    version: o.version,
    modelName: o.modelName,
    decision: o.status === 'rejected' ? 'rejected' : 'approved',
    remark: o.approvalRemark,
    to: author.account,
    by: o.approvedByName ?? '',
  };
  return enqueue(t, { tenantId: scope.tenantId, topic: OFFER_DECIDED, businessKey: offerId, payload });
}

/**
 * The offers' consumers, declared at the sales module's routes (the queue starts after them). Each effect
 * carries the message id as its chat key, so a repeated delivery stores nothing twice.
 */
export function declareOfferConsumers(ctx: AppContext) {
  const mq = ctx.mq!;
  mq.consume<OfferSent>({
    topic: OFFER_SENT,
    consumer: CARD,
    handle: async (d) => {
      if (!ctx.im) throw new Error('chat is off');
      const o = await offerDetail(ctx.db, systemScope(d.tenantId), d.payload.offerId);
      const card = offerCard(o);
      await ctx.im.sendAs(
        d.tenantId,
        { userID: d.payload.from, nick: d.payload.nick },
        {
          clientMsgId: `offer-${o.id}-m${d.id}`,
          to: d.payload.to,
          conversationType: 'C2C',
          type: 'TIMCustomElem',
          payload: {
            data: JSON.stringify(card),
            // What chat lists and clients without the card show.
            description: `报价 Offer v${o.version}: ${o.modelName} ¥${o.total}`,
            extension: '',
          },
        },
      );
    },
  });
  mq.consume<OfferDecided>({
    topic: OFFER_DECIDED,
    consumer: DECISION,
    handle: async (d) => {
      if (!ctx.im) throw new Error('chat is off');
      const p = d.payload;
      // The chat's system notices are written once, in the platform's language (as the chat's own are).
      const say = p.decision === 'approved' ? 'sales.offer.noticeApproved' : 'sales.offer.noticeRejected';
      await ctx.im.notice(
        d.tenantId,
        p.to,
        {
          operationType: OFFER_DECISION_NOTICE,
          title: text('zh', 'sales.offer.noticeTitle'),
          text: text('zh', say, {
            version: p.version,
            model: p.modelName,
            by: p.by,
            remark: p.remark || '—',
          }),
          extension: JSON.stringify({ offerId: p.offerId, decision: p.decision }),
        },
        `offer-decision-m${d.id}`,
      );
    },
  });
}
