import { trigramIndexes } from '../../platform/db/trigram.js';
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
${trigramIndexes([
  'CREATE INDEX dev_sms_outbox_receiver_trgm ON dev_sms_outbox USING gin (receiver gin_trgm_ops);',
])}`,
  },
];
