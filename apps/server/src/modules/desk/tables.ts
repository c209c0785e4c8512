import type { Migration } from '../../platform/db/index.js';

export const deskMigrations: Migration[] = [
  {
    id: '0001_notice_and_client_log',
    sql: `
CREATE TABLE blade_notice (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  title varchar(255) NOT NULL,
  title_en varchar(255),
  category integer NOT NULL DEFAULT 1,
  content text,
  content_en text,
  publish_time timestamptz NOT NULL DEFAULT now(),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
CREATE INDEX blade_notice_time ON blade_notice (tenant_id, publish_time DESC) WHERE is_deleted = 0;

-- Which notices a user has read (the workbench counts the rest as unread).
CREATE TABLE blade_notice_read (notice_id bigint NOT NULL, user_id bigint NOT NULL, read_time timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (notice_id, user_id));

-- Front-end errors uploaded from the shell's log viewer.
CREATE TABLE blade_log_client (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  type varchar(40) NOT NULL,
  message text NOT NULL,
  stack text,
  info text,
  url varchar(1000),
  occurred_at varchar(40),
  user_agent varchar(500),
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blade_log_client_time ON blade_log_client (tenant_id, create_time DESC);
`,
  },
];
