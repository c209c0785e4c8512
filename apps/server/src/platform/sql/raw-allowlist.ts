/**
 * Module files allowed to name tenant-owned tables in hand-written SQL, each with its reason. Everything
 * else reaches those tables through `scoped()` (platform/sql/tenant.ts) or a Repo. `raw-sql.test.ts`
 * fails on a file not listed here and on an entry that no longer matches its file, so the list only
 * shrinks: the goal is the chat's tuned statements and the seeds. Migrations (`tables.ts`) are DDL and
 * always allowed. Paths are relative to src/modules.
 */
export const rawSqlAllowlist: Record<string, { tables: string[]; reason: string }> = {
  'auth/account.ts': {
    tables: ['blade_dept', 'blade_role', 'blade_tenant', 'blade_user'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'auth/sessions.ts': {
    tables: ['auth_session', 'blade_tenant', 'blade_user'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'auth/sign-in.ts': {
    tables: ['blade_user'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'desk/seed.ts': {
    tables: ['blade_notice'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'im/convs.ts': {
    tables: ['im_conversation', 'im_group', 'im_group_member', 'im_member', 'im_message', 'im_user'],
    reason: 'tuned chat statements: named, planned once, tenant checks under test (docs/chat.md)',
  },
  'im/principals.ts': {
    tables: ['blade_role'],
    reason:
      "the chat's sweep of staff sockets (named): built on platform/auth/guard.ts's LIVE_SESSION fragment, moves with it",
  },
  'im/store.ts': {
    tables: ['im_conversation', 'im_member', 'im_message'],
    reason: 'tuned chat statements: named, planned once, tenant checks under test (docs/chat.md)',
  },
  'im/writer.ts': {
    tables: ['im_conversation', 'im_member', 'im_message'],
    reason: 'tuned chat statements: named, planned once, tenant checks under test (docs/chat.md)',
  },
  'member/seed.ts': {
    tables: ['blade_user', 'member_customer'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'menu/routes.ts': {
    tables: ['blade_top_menu'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'menu/seed.ts': {
    tables: ['blade_role', 'blade_top_menu'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'menu/sync-routes.ts': {
    tables: ['blade_user'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'menu/sync.ts': {
    tables: ['blade_menu_sync_record', 'blade_role'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'menu/topmenu.ts': {
    tables: ['blade_top_menu'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'menu/tree.ts': {
    tables: ['blade_top_menu'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'risk/seed.ts': {
    tables: ['blade_tenant', 'risk_sensitive_word'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'system/seed-core.ts': {
    tables: ['blade_dept', 'blade_role', 'blade_tenant', 'blade_user'],
    reason: 'seed: first-start data written before any caller exists',
  },
  'user/routes.ts': {
    tables: ['blade_role', 'blade_tenant', 'blade_user'],
    reason: 'not yet on the query layer (sql-core)',
  },
  'user/sms.ts': {
    tables: ['auth_sms_code', 'blade_notice_log', 'dev_sms_outbox'],
    reason: 'not yet on the query layer (sql-core)',
  },
};
