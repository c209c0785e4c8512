import type { Migration } from '../../platform/db/index.js';

export const basicMigrations: Migration[] = [
  {
    id: '0001_zone',
    sql: `
CREATE TABLE blade_zone (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(32) NOT NULL,
  name varchar(64) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_zone_code ON blade_zone (tenant_id, code) WHERE is_deleted = 0;
CREATE INDEX blade_zone_parent ON blade_zone (parent_id) WHERE is_deleted = 0;

-- The regions a zone covers; a region belongs to at most one zone of a tenant.
CREATE TABLE blade_zone_region (
  zone_id bigint NOT NULL,
  tenant_id varchar(12) NOT NULL,
  region_code varchar(12) NOT NULL,
  PRIMARY KEY (zone_id, region_code)
);
CREATE UNIQUE INDEX blade_zone_region_once ON blade_zone_region (tenant_id, region_code);
`,
  },
];
