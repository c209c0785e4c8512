import {
  MQ_CONFIRM_FAILED,
  MQ_CONFIRM_OK,
  MQ_DONE,
  MQ_FAILED,
  MQ_PENDING,
  type MqConfirm,
  type MqMessageDetail,
  type MqRelation,
} from '@forecourt/contracts';
import { Repo } from '../../platform/crud.js';
import type { Db } from '../../platform/db/index.js';
import { bad, forbidden, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/scope.js';
import { camelRow } from '../../platform/rows.js';
import { all, exec, first, scoped, sql, type SqlBool } from '../../platform/sql/index.js';

const TIME = { column: 'createTime', type: 'date' } as const;

export const messages = new Repo({
  table: 'mq_message',
  fields: [
    'id',
    'tenantId',
    'topic',
    'businessKey',
    'status',
    'attempts',
    'nextAttemptTime',
    'lastError',
    'createTime',
    'publishTime',
    'finishTime',
  ],
  filters: {
    topic: { column: 'topic', type: 'exact' },
    status: { column: 'status', type: 'exact' },
    businessKey: { column: 'businessKey', type: 'text' },
    createTime: TIME,
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

export const bodies = new Repo({
  table: 'mq_message_data',
  fields: ['id', 'tenantId', 'topic', 'payload', 'size', 'createTime'],
  filters: {
    topic: { column: 'topic', type: 'exact' },
    payload: { column: 'payload', type: 'text' },
    createTime: TIME,
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

export const confirms = new Repo({
  table: 'mq_confirm',
  fields: [
    'id',
    'tenantId',
    'messageId',
    'topic',
    'consumer',
    'attempt',
    'status',
    'error',
    'durationMs',
    'createTime',
  ],
  filters: {
    messageId: { column: 'messageId', type: 'exact' },
    consumer: { column: 'consumer', type: 'exact' },
    status: { column: 'status', type: 'exact' },
    createTime: TIME,
  },
  sortable: ['createTime'],
  defaultOrder: 't.create_time DESC, t.id DESC',
});

/** A message with its body and its confirmations, oldest first; another tenant's is a 404 like a missing one. */
export async function messageDetail(db: Db, scope: Scope, id: string): Promise<MqMessageDetail> {
  const m = await messages.detail(db, scope, id);
  const body = await first(
    db,
    scoped(scope).selectFrom('mq_message_data', 'd').select('d.payload').where('d.id', '=', id),
  );
  const answers = await all(
    db,
    scoped(scope)
      .selectFrom('mq_confirm', 'c')
      .selectAll('c')
      .where('c.messageId', '=', id)
      .orderBy('c.createTime')
      .orderBy('c.id'),
  );
  return {
    ...(m as unknown as MqMessageDetail),
    payload: body?.payload ?? 'null',
    confirms: answers.map((a) => camelRow<MqConfirm>(a)),
  };
}

/**
 * Delivers given-up messages again with a fresh count of attempts. All or none: a message of another
 * state is named in the refusal (a waiting one is already coming; a settled one would repeat its effect).
 */
export async function redeliver(db: Db, scope: Scope, ids: string[]): Promise<number> {
  return db.tx(async (t) => {
    await messages.assertAccessible(t, scope, ids);
    const rows = await all(
      t,
      scoped(scope)
        .selectFrom('mq_message', 'm')
        .select(['m.id', 'm.status'])
        .where(sql<SqlBool>`m.id = ANY(${ids}::bigint[])`)
        .forUpdate(),
    );
    if (rows.length !== ids.length) throw notFound();
    const refused = rows.filter((r) => r.status !== MQ_FAILED).map((r) => String(r.id));
    if (refused.length) throw bad('mq.notGivenUp', { ids: refused.join(', ') });
    await exec(
      t,
      scoped(scope)
        .updateTable('mq_message')
        .set({
          status: MQ_PENDING,
          attempts: 0,
          nextAttemptTime: sql`now()`,
          lastError: null,
          finishTime: null,
        } as never)
        .where(sql<SqlBool>`id = ANY(${ids}::bigint[])`),
    );
    return rows.length;
  });
}

/**
 * The relations (the platform's, one set for every tenant) with the caller's backlog and given-up counts:
 * a tenant's administrator sees their own tenant's numbers, the platform administrator everyone's.
 */
export async function relationList(db: Db, scope: Scope): Promise<MqRelation[]> {
  // The caller's tenant, once for both counts ($1 null: every tenant's, the platform administrator's).
  const rows = await db.query<Record<string, unknown>>(
    `SELECT r.id, r.topic, r.consumer, r.status, r.max_attempts, r.update_time,
        (SELECT count(*)::int FROM mq_message m
          WHERE m.topic = r.topic AND m.status < ${MQ_DONE} AND ($1::varchar IS NULL OR m.tenant_id = $1)) AS backlog,
        (SELECT count(*)::int FROM mq_message m
          WHERE m.topic = r.topic AND m.status = ${MQ_FAILED} AND ($1::varchar IS NULL OR m.tenant_id = $1)
            AND EXISTS (SELECT 1 FROM mq_confirm c
                         WHERE c.message_id = m.id AND c.consumer = r.consumer AND c.status = ${MQ_CONFIRM_FAILED})
            AND NOT EXISTS (SELECT 1 FROM mq_confirm c
                         WHERE c.message_id = m.id AND c.consumer = r.consumer AND c.status = ${MQ_CONFIRM_OK})) AS failed
       FROM mq_relation r ORDER BY r.topic, r.consumer`,
    [scope.isPlatformAdmin ? null : scope.tenantId],
  );
  return rows.map((r) => camelRow<MqRelation>(r));
}

/** Pauses or resumes a relation, or changes its attempts: every tenant's queue, so the platform's call. */
export async function submitRelation(
  db: Db,
  scope: Scope,
  body: { id: string; status: number; maxAttempts: number },
): Promise<MqRelation> {
  if (!scope.isPlatformAdmin) throw forbidden('mq.platformOnly');
  const changed = await db.query(
    `UPDATE mq_relation SET status = $2, max_attempts = $3, update_user = $4, update_time = now()
      WHERE id = $1 RETURNING id`,
    [body.id, body.status, body.maxAttempts, scope.userId],
  );
  if (!changed.length) throw notFound();
  return (await relationList(db, scope)).find((r) => r.id === body.id)!;
}
