import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

/**
 * The message queue's tables (docs/mq.md). A message is written by its producer's transaction; its body
 * lives apart (mq_message_data) so the dispatcher's and the lists' scans stay narrow. A consumer succeeds
 * once per message: the partial unique index refuses a second success, whatever the broker redelivers.
 */
export const mqMigrations: Migration[] = [
  {
    id: '0001_mq',
    sql: `
CREATE TABLE mq_message (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  topic varchar(64) NOT NULL,
  business_key varchar(64) NOT NULL DEFAULT '',
  status smallint NOT NULL DEFAULT 0,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_time timestamptz NOT NULL DEFAULT now(),
  last_error varchar(500),
  create_time timestamptz NOT NULL DEFAULT now(),
  publish_time timestamptz,
  finish_time timestamptz,
  CONSTRAINT mq_message_status CHECK (status IN (0, 1, 2, 3))
);
-- The dispatcher's two questions: what is due, and what the broker has held too long.
CREATE INDEX mq_message_due ON mq_message (next_attempt_time) WHERE status = 0;
CREATE INDEX mq_message_held ON mq_message (publish_time) WHERE status = 1;
CREATE INDEX mq_message_tenant ON mq_message (tenant_id, create_time DESC, id DESC);
CREATE INDEX mq_message_all ON mq_message (create_time DESC, id DESC);
CREATE INDEX mq_message_topic ON mq_message (tenant_id, topic, create_time DESC);
CREATE INDEX mq_message_state ON mq_message (tenant_id, status, create_time DESC);
CREATE INDEX mq_message_topic_state ON mq_message (topic, status);

CREATE TABLE mq_message_data (
  id bigint PRIMARY KEY REFERENCES mq_message (id) ON DELETE CASCADE,
  tenant_id varchar(12) NOT NULL,
  topic varchar(64) NOT NULL,
  payload text NOT NULL,
  size integer NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mq_message_data_tenant ON mq_message_data (tenant_id, create_time DESC, id DESC);
CREATE INDEX mq_message_data_all ON mq_message_data (create_time DESC, id DESC);
CREATE INDEX mq_message_data_topic ON mq_message_data (tenant_id, topic, create_time DESC);

CREATE TABLE mq_relation (
  id bigint PRIMARY KEY,
  topic varchar(64) NOT NULL,
  consumer varchar(64) NOT NULL,
  status smallint NOT NULL DEFAULT 1,
  max_attempts integer NOT NULL DEFAULT 5,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz,
  CONSTRAINT mq_relation_pair UNIQUE (topic, consumer),
  CONSTRAINT mq_relation_status CHECK (status IN (0, 1)),
  CONSTRAINT mq_relation_attempts CHECK (max_attempts BETWEEN 1 AND 20)
);

CREATE TABLE mq_confirm (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  message_id bigint NOT NULL REFERENCES mq_message (id) ON DELETE CASCADE,
  topic varchar(64) NOT NULL,
  consumer varchar(64) NOT NULL,
  attempt integer NOT NULL,
  status smallint NOT NULL,
  error varchar(500),
  duration_ms integer NOT NULL DEFAULT 0,
  create_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT mq_confirm_status CHECK (status IN (1, 2))
);
CREATE UNIQUE INDEX mq_confirm_once ON mq_confirm (message_id, consumer) WHERE status = 1;
CREATE INDEX mq_confirm_message ON mq_confirm (message_id, create_time);
CREATE INDEX mq_confirm_tenant ON mq_confirm (tenant_id, create_time DESC, id DESC);
CREATE INDEX mq_confirm_all ON mq_confirm (create_time DESC, id DESC);
CREATE INDEX mq_confirm_consumer ON mq_confirm (tenant_id, consumer, create_time DESC);
CREATE INDEX mq_confirm_state ON mq_confirm (tenant_id, status, create_time DESC);
${trigramIndexes([
  'CREATE INDEX mq_message_key_trgm ON mq_message USING gin (business_key gin_trgm_ops);',
  'CREATE INDEX mq_message_data_payload_trgm ON mq_message_data USING gin (payload gin_trgm_ops);',
])}`,
  },
];
