import {
  MQ_CONFIRM_FAILED,
  MQ_CONFIRM_OK,
  MQ_DONE,
  MQ_FAILED,
  type MqConsumer,
  type MqTopic,
} from '@forecourt/contracts';
import { newId } from '../../platform/ids.js';
import { PLATFORM_TENANT } from '../../platform/scope.js';
import type { SeedContext } from '../module.js';
import { ensureRelations, retryDelayMs } from './queue.js';

/** The product's relations: each topic and the consumer that reacts to it (sales/offer-queue.ts). */
const RELATIONS: Array<{ topic: MqTopic; consumer: MqConsumer }> = [
  { topic: 'sales.offer.sent', consumer: 'chat.offer-card' },
  { topic: 'sales.offer.decided', consumer: 'chat.decision-notice' },
];
/** The demo's given-up message: what the chat answered each time (a customer without a chat account). */
const GIVEN_UP_ERROR = '客户尚未开通聊天账号';
const GIVEN_UP_ATTEMPTS = 5;

interface Row {
  id: string;
  tenant_id: string;
  topic: string;
  business_key: string;
  status: number;
  attempts: number;
  last_error: string | null;
  at: Date;
  payload: string;
  consumer: string;
}

interface OfferRow {
  id: string;
  version: number;
  model_name: string;
  status: string;
  approval_remark: string;
  sent_at: Date | null;
  approved_at: Date | null;
  customer_id: string;
  account: string;
  real_name: string;
  approver: string | null;
}

/**
 * Runs once, with the demo data: the queue's history of the demo company's offers, as the offer routes
 * would have written it (every sent card confirmed, every decision told), and one message the chat gave
 * up on, so each monitoring page shows what it is for and the redelivery has something to redeliver.
 */
export async function seedMq(ctx: SeedContext): Promise<void> {
  const { db, config } = ctx;
  await ensureRelations(db, RELATIONS);
  if (!config.SEED_DEMO) return;
  if (await db.one('SELECT 1 FROM mq_message WHERE tenant_id = $1 LIMIT 1', [PLATFORM_TENANT])) return;
  const offers = await db.query<OfferRow>(
    `SELECT o.id, o.version, concat_ws(' ', b.name, s.name, m.model_year::text, m.trim) AS model_name, o.status, o.approval_remark, o.sent_at, o.approved_at,
            q.customer_id, u.account, u.real_name, a.real_name AS approver
       FROM sales_offer o
       JOIN sales_inquiry q ON q.id = o.inquiry_id
       JOIN sales_model m ON m.id = o.model_id
       JOIN sales_series s ON s.id = m.series_id
       JOIN sales_brand b ON b.id = s.brand_id
       JOIN blade_user u ON u.id = o.owner_user
       LEFT JOIN blade_user a ON a.id = o.approved_by
      WHERE o.tenant_id = $1 AND o.is_deleted = 0 AND (o.sent_at IS NOT NULL OR o.approved_at IS NOT NULL)
      ORDER BY coalesce(o.sent_at, o.approved_at) DESC
      LIMIT 40`,
    [PLATFORM_TENANT],
  );
  const rows: Row[] = [];
  const sent = offers.filter((o) => o.sent_at).slice(0, 11);
  for (const [i, o] of sent.entries()) {
    const givenUp = i === sent.length - 1 && sent.length > 1;
    rows.push({
      id: newId(),
      tenant_id: PLATFORM_TENANT,
      topic: 'sales.offer.sent',
      business_key: String(o.id),
      status: givenUp ? MQ_FAILED : MQ_DONE,
      attempts: givenUp ? GIVEN_UP_ATTEMPTS : 1,
      last_error: givenUp ? `chat.offer-card: ${GIVEN_UP_ERROR}` : null,
      at: o.sent_at!,
      consumer: 'chat.offer-card',
      payload: JSON.stringify({
        offerId: String(o.id),
        from: o.account,
        nick: o.real_name || o.account,
        to: `cust_${String(o.customer_id)}`,
      }),
    });
  }
  for (const o of offers.filter((x) => x.approved_at).slice(0, 4))
    rows.push({
      id: newId(),
      tenant_id: PLATFORM_TENANT,
      topic: 'sales.offer.decided',
      business_key: String(o.id),
      status: MQ_DONE,
      attempts: 1,
      last_error: null,
      at: o.approved_at!,
      consumer: 'chat.decision-notice',
      payload: JSON.stringify({
        offerId: String(o.id),
        version: o.version,
        modelName: o.model_name,
        decision: o.status === 'rejected' ? 'rejected' : 'approved',
        remark: o.approval_remark ?? '',
        to: o.account,
        by: o.approver ?? '',
      }),
    });
  if (!rows.length) return;

  // Each delivery's answer: a success a moment after the message, or the given-up one's failures, backing off.
  const answers: Array<[string, string, string, string, number, number, string | null, Date]> = [];
  // A given-up message settles with its last failure.
  const settledAt = new Map<string, Date>();
  for (const r of rows) {
    if (r.status === MQ_DONE) {
      answers.push([
        newId(),
        r.id,
        r.topic,
        r.consumer,
        1,
        MQ_CONFIRM_OK,
        null,
        new Date(r.at.getTime() + 180),
      ]);
      continue;
    }
    let at = r.at.getTime();
    for (let n = 1; n <= r.attempts; n++) {
      at += n === 1 ? 150 : retryDelayMs(n - 1, 5_000);
      answers.push([newId(), r.id, r.topic, r.consumer, n, MQ_CONFIRM_FAILED, GIVEN_UP_ERROR, new Date(at)]);
    }
    settledAt.set(r.id, new Date(at));
  }
  await db.tx(async (t) => {
    await t.query(
      `INSERT INTO mq_message (id, tenant_id, topic, business_key, status, attempts, last_error,
                               next_attempt_time, create_time, publish_time, finish_time)
       SELECT s.id, s.tenant, s.topic, s.key, s.status, s.attempts, s.error, s.at, s.at, s.at,
              CASE WHEN s.status = ${MQ_DONE} THEN s.at + interval '180 milliseconds' ELSE s.settled END
         FROM unnest($1::bigint[], $2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::int[],
                     $7::varchar[], $8::timestamptz[], $9::timestamptz[])
              AS s(id, tenant, topic, key, status, attempts, error, at, settled)`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.tenant_id),
        rows.map((r) => r.topic),
        rows.map((r) => r.business_key),
        rows.map((r) => r.status),
        rows.map((r) => r.attempts),
        rows.map((r) => r.last_error),
        rows.map((r) => r.at.toISOString()),
        rows.map((r) => settledAt.get(r.id)?.toISOString() ?? null),
      ],
    );
    await t.query(
      `INSERT INTO mq_message_data (id, tenant_id, topic, payload, size, create_time)
       SELECT s.id, $1, s.topic, s.payload, octet_length(s.payload), s.at
         FROM unnest($2::bigint[], $3::varchar[], $4::text[], $5::timestamptz[]) AS s(id, topic, payload, at)`,
      [
        PLATFORM_TENANT,
        rows.map((r) => r.id),
        rows.map((r) => r.topic),
        rows.map((r) => r.payload),
        rows.map((r) => r.at.toISOString()),
      ],
    );
    await t.query(
      `INSERT INTO mq_confirm (id, tenant_id, message_id, topic, consumer, attempt, status, error, duration_ms, create_time)
       SELECT s.id, $1, s.message, s.topic, s.consumer, s.attempt, s.status, s.error, 40 + (s.attempt * 7) % 90, s.at
         FROM unnest($2::bigint[], $3::bigint[], $4::varchar[], $5::varchar[], $6::int[], $7::int[], $8::varchar[],
                     $9::timestamptz[]) AS s(id, message, topic, consumer, attempt, status, error, at)`,
      [
        PLATFORM_TENANT,
        answers.map((a) => a[0]),
        answers.map((a) => a[1]),
        answers.map((a) => a[2]),
        answers.map((a) => a[3]),
        answers.map((a) => a[4]),
        answers.map((a) => a[5]),
        answers.map((a) => a[6]),
        answers.map((a) => a[7].toISOString()),
      ],
    );
  });
  ctx.log(`seeded ${rows.length} queue messages`);
}
