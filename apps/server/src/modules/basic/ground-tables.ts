import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

/**
 * A tenant's ground stores (showrooms). Code and name are each one per tenant among live stores: the
 * unique indexes decide, so two administrators adding the same store at once get one store and a clear
 * refusal. A store stands somewhere on the map: its coordinates are required and within range.
 */
export const groundMigrations: Migration[] = [
  {
    id: '0002_ground',
    sql: `
CREATE TABLE base_ground (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  name varchar(64) NOT NULL,
  code varchar(32) NOT NULL,
  zone_id bigint,
  address varchar(255) NOT NULL,
  longitude double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  latitude double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  area_code varchar(12),
  phone varchar(20),
  manager_user bigint,
  business_hours varchar(64),
  status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX base_ground_code ON base_ground (tenant_id, code) WHERE is_deleted = 0;
CREATE UNIQUE INDEX base_ground_name ON base_ground (tenant_id, name) WHERE is_deleted = 0;
CREATE INDEX base_ground_list ON base_ground (tenant_id, sort, code, id) WHERE is_deleted = 0;
CREATE INDEX base_ground_all ON base_ground (sort, code, id) WHERE is_deleted = 0;
CREATE INDEX base_ground_all_code ON base_ground (code, id) WHERE is_deleted = 0;
CREATE INDEX base_ground_zone ON base_ground (tenant_id, zone_id, sort) WHERE is_deleted = 0;
CREATE INDEX base_ground_status ON base_ground (tenant_id, status, sort) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX base_ground_name_trgm ON base_ground USING gin (name gin_trgm_ops);',
  'CREATE INDEX base_ground_code_trgm ON base_ground USING gin (code gin_trgm_ops);',
])}`,
  },
];
