import type { Migration } from '../../platform/db/index.js';

export const storageMigrations: Migration[] = [
  {
    id: '0001_attach',
    sql: `
CREATE TABLE blade_attach (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  link varchar(1000) NOT NULL,
  domain_url varchar(500),
  name varchar(500) NOT NULL,
  original_name varchar(500) NOT NULL,
  extension varchar(12) NOT NULL,
  attach_size bigint NOT NULL,
  content_type varchar(100) NOT NULL,
  policy varchar(20) NOT NULL,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX blade_attach_name ON blade_attach (name);
CREATE INDEX blade_attach_tenant ON blade_attach (tenant_id, create_time DESC) WHERE is_deleted = 0;
`,
  },
];
