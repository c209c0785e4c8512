import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

export const memberMigrations: Migration[] = [
  {
    id: '0001_customer',
    sql: `
CREATE TABLE member_customer (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  name varchar(40) NOT NULL,
  phone varchar(20) NOT NULL,
  sex integer NOT NULL DEFAULT 3,
  source varchar(20),
  brand varchar(40),
  intention_level varchar(4),
  user_id bigint,
  remark varchar(255),
  last_login_time timestamptz,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX member_customer_phone ON member_customer (tenant_id, phone) WHERE is_deleted = 0;
CREATE INDEX member_customer_recent ON member_customer (tenant_id, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX member_customer_owner ON member_customer (user_id, create_time DESC) WHERE is_deleted = 0;

CREATE TABLE member_session (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  customer_id bigint NOT NULL,
  ip varchar(64),
  user_agent varchar(255),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX member_session_customer ON member_session (customer_id) WHERE revoked_at IS NULL;

CREATE TABLE member_assign_cursor (
  tenant_id varchar(12) PRIMARY KEY,
  last_user_id bigint NOT NULL
);
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0002_list_indexes',
    sql: `
-- The customer list: its order across tenants, and each sortable field.
CREATE INDEX member_customer_created ON member_customer (create_time, id) WHERE is_deleted = 0;
CREATE INDEX member_customer_updated ON member_customer (update_time, id) WHERE is_deleted = 0;
CREATE INDEX member_customer_last_login ON member_customer (last_login_time, id) WHERE is_deleted = 0;
CREATE INDEX member_customer_name ON member_customer (name, id) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX member_customer_name_trgm ON member_customer USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX member_customer_phone_trgm ON member_customer USING gin (phone gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
  {
    // Lists at scale (docs/crud.md): equality filters that can match few rows (issue 25 §1, list-plans.test.ts: a Seq Scan at 1M rows).
    id: '0003_list_filter_indexes',
    sql: `
-- A rare source or brand finds its customers by index, newest first, instead of scanning the table.
CREATE INDEX member_customer_source ON member_customer (source, create_time) WHERE is_deleted = 0;
CREATE INDEX member_customer_brand ON member_customer (brand, create_time) WHERE is_deleted = 0;
`,
  },
];
