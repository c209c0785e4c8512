import type { Migration } from '../../platform/db/index.js';

export const menuMigrations: Migration[] = [
  {
    id: '0001_top_menu_meta_and_sync',
    sql: `
ALTER TABLE blade_top_menu ADD COLUMN meta jsonb;

-- One row per menu sync between environments: who, when, from where, what changed.
CREATE TABLE blade_menu_sync_record (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  remote_url varchar(500) NOT NULL,
  added integer NOT NULL DEFAULT 0,
  changed integer NOT NULL DEFAULT 0,
  removed integer NOT NULL DEFAULT 0,
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blade_menu_sync_record_time ON blade_menu_sync_record (tenant_id, create_time DESC);
`,
  },
];
