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
  {
    // Menus open as tabs: only an http(s) address opens in a new window, yet the first seeds left every
    // menu at the column's default 1 ("Open in new window: Yes"). The developer's sample micro-app moves
    // from Workflow (where it was the only visible item) to the Workbench group, beside the test page.
    id: '0002_menus_open_as_tabs_micro_demo_to_test_area',
    sql: `
ALTER TABLE blade_menu ALTER COLUMN is_open SET DEFAULT 0;
UPDATE blade_menu SET is_open = 0 WHERE is_open = 1 AND (path IS NULL OR path !~* '^https?:');
UPDATE blade_menu AS m SET parent_id = desk.id, sort = test.sort + 1
  FROM blade_menu AS desk, blade_menu AS test
 WHERE m.code = 'micro_demo' AND desk.code = 'desk' AND test.code = 'test'
   AND m.is_deleted = 0 AND desk.is_deleted = 0 AND test.is_deleted = 0;
`,
  },
];
