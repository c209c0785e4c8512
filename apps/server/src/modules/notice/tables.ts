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
];
