import type { Migration } from '../../platform/db/index.js';

export const outboxMigrations: Migration[] = [
  {
    id: '0001_dev_sms_outbox',
    sql: `
CREATE TABLE dev_sms_outbox (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  receiver varchar(255) NOT NULL,
  template_code varchar(64),
  content text NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dev_sms_outbox_time ON dev_sms_outbox (create_time DESC);
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0002_list_indexes',
    sql: `
-- The development SMS outbox list: its order is served by dev_sms_outbox_time; its search by trigrams.
-- Trigram indexes serve the lists' LIKE '%v%' searches, where the server has pg_trgm (PGlite does not load
-- it, so searches scan there; a role that may not create the extension gets a notice, not a failed start).
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX dev_sms_outbox_receiver_trgm ON dev_sms_outbox USING gin (receiver gin_trgm_ops);
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm not created (%): list searches scan', SQLERRM;
END $$;
`,
  },
];
