/**
 * Module files allowed to name tenant-owned tables in hand-written SQL, each with its reason. Everything
 * else reaches those tables through `scoped()` (platform/sql/tenant.ts) or a Repo. `raw-sql.test.ts`
 * fails on a file not listed here and on an entry that no longer matches its file, so the list only
 * shrinks: the goal is the chat's tuned statements and the seeds. Migrations (`tables.ts`) are DDL and
 * always allowed. Paths are relative to src/modules.
 */
export const rawSqlAllowlist: Record<string, { tables: string[]; reason: string }> = {
  'basic/ground-seed.ts': {
    tables: ['base_ground', 'blade_user', 'blade_zone'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'desk/seed.ts': {
    tables: ['blade_notice'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'im/convs.ts': {
    tables: ['im_conversation', 'im_group', 'im_group_member', 'im_member', 'im_message', 'im_user'],
    reason:
      'tuned chat statements: named, planned once, rows typed from the schema (RawRow); tenant checks under test (im/tenant.test.ts, im/writer.test.ts)',
  },
  'im/profiles.ts': {
    tables: ['im_user'],
    reason:
      "the sign-ins' profiles written together: one named statement for a batch of users (unnest), which scoped()'s row-by-row insert cannot name once; tenant checks under test (im/profiles.test.ts)",
  },
  'im/principals.ts': {
    tables: ['blade_role'],
    reason:
      "the chat's sweep of staff sockets (named): built on platform/auth/guard.ts's LIVE_SESSION fragment, moves with it",
  },
  'im/store.ts': {
    tables: ['im_conversation', 'im_member', 'im_message'],
    reason:
      'tuned chat statements: named, planned once, rows typed from the schema (RawRow); tenant checks under test (im/tenant.test.ts, im/writer.test.ts)',
  },
  'im/writer.ts': {
    tables: ['im_conversation', 'im_member', 'im_message'],
    reason:
      'tuned chat statements: named, planned once, rows typed from the schema (RawRow); tenant checks under test (im/tenant.test.ts, im/writer.test.ts)',
  },
  'member/seed.ts': {
    tables: ['blade_user', 'member_customer'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'menu/seed.ts': {
    tables: ['blade_role', 'blade_top_menu'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'mq/queue.ts': {
    tables: ['mq_confirm', 'mq_message', 'mq_message_data'],
    reason:
      "the queue's dispatcher and consumers work across tenants by nature (one outbox for the node): named claim (FOR UPDATE SKIP LOCKED), settle and confirm statements, tested in mq/queue.test.ts and mq/amqp.test.ts",
  },
  'mq/rules.ts': {
    tables: ['mq_confirm', 'mq_message'],
    reason:
      "the relations' backlog and given-up counts: the caller's tenant condition written once for two correlated counts over the platform's relations (tenant checks under test in mq/mq.test.ts)",
  },
  'mq/seed.ts': {
    tables: [
      'blade_user',
      'mq_confirm',
      'mq_message',
      'mq_message_data',
      'sales_brand',
      'sales_inquiry',
      'sales_model',
      'sales_offer',
      'sales_series',
    ],
    reason: 'seed: first-start data written before any caller exists',
  },
  'notice/seed.ts': {
    tables: ['blade_notice_log', 'blade_notice_template'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'risk/seed.ts': {
    tables: ['blade_tenant', 'risk_sensitive_word'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'sales/seed.ts': {
    tables: ['blade_user', 'member_customer', 'sales_brand', 'sales_model', 'sales_resource', 'sales_series'],
    reason:
      'seed: the demo sales floor written in bulk (INSERT … SELECT FROM unnest) before any caller exists',
  },
  'system/seed-core.ts': {
    tables: ['blade_dept', 'blade_role', 'blade_tenant', 'blade_user'],
    reason: 'seed: first-start data written before any caller exists',
  },
};
