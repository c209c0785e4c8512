import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

/**
 * The logs' tables are their writers' (blade_log_error: system; blade_log_client: desk); the access paths of
 * their lists are here (docs/crud.md, lists at scale). Each tenant's default order is served by the writers'
 * (tenant_id, create_time DESC) indexes.
 */
export const logsMigrations: Migration[] = [
  {
    id: '0001_list_indexes',
    sql: `
CREATE INDEX blade_log_error_all ON blade_log_error (create_time DESC, id DESC);
CREATE INDEX blade_log_error_request ON blade_log_error (request_id);
CREATE INDEX blade_log_error_method ON blade_log_error (method, create_time DESC);
CREATE INDEX blade_log_client_all ON blade_log_client (create_time DESC, id DESC);
CREATE INDEX blade_log_client_type ON blade_log_client (type, create_time DESC);
${trigramIndexes([
  'CREATE INDEX blade_log_error_uri_trgm ON blade_log_error USING gin (request_uri gin_trgm_ops);',
  'CREATE INDEX blade_log_error_message_trgm ON blade_log_error USING gin (message gin_trgm_ops);',
  'CREATE INDEX blade_log_client_message_trgm ON blade_log_client USING gin (message gin_trgm_ops);',
  'CREATE INDEX blade_log_client_url_trgm ON blade_log_client USING gin (url gin_trgm_ops);',
])}`,
  },
];
