import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

/** The notice log's table is the system module's (blade_notice_log); its list's access paths are here. */
export const noticeMigrations: Migration[] = [
  {
    // Lists at scale (docs/crud.md): one index per access path the list runs. The tenant's default order is
    // served by the system module's blade_notice_log_time (tenant_id, create_time DESC).
    id: '0001_list_indexes',
    sql: `
CREATE INDEX blade_notice_log_all ON blade_notice_log (create_time DESC, id DESC);
CREATE INDEX blade_notice_log_channel ON blade_notice_log (channel, create_time DESC);
CREATE INDEX blade_notice_log_template ON blade_notice_log (template_code, create_time DESC);
CREATE INDEX blade_notice_log_status ON blade_notice_log (send_status, create_time DESC);
${trigramIndexes([
  'CREATE INDEX blade_notice_log_receiver_trgm ON blade_notice_log USING gin (receiver gin_trgm_ops);',
])}`,
  },
  {
    id: '0002_notice_template',
    sql: `
-- The texts a tenant writes for the notices the platform sends (NOTICE_TEMPLATE_CODES): one live template
-- per code and tenant, which the database holds to.
CREATE TABLE blade_notice_template (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  code varchar(64) NOT NULL,
  name varchar(100) NOT NULL,
  channel varchar(20) NOT NULL,
  content varchar(300) NOT NULL,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_notice_template_code ON blade_notice_template (tenant_id, code) WHERE is_deleted = 0;
-- Lists at scale: the default order per tenant and across tenants, and each sortable field.
CREATE INDEX blade_notice_template_page ON blade_notice_template (tenant_id, update_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX blade_notice_template_all ON blade_notice_template (update_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX blade_notice_template_codes ON blade_notice_template (code, id) WHERE is_deleted = 0;
CREATE INDEX blade_notice_template_status ON blade_notice_template (status, update_time DESC) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX blade_notice_template_name_trgm ON blade_notice_template USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
];
