import { trigramIndexes } from '../../platform/db/trigram.js';
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
  {
    // Every upload first records its token's id and reserves its key here, in one committed insert before
    // any byte is written: the primary key makes a token single-use on every node, the unique name makes
    // a key writable once. A failed upload sets name to NULL (the key is free again, the token stays used).
    // Existing attachments' keys are reserved too, including removed ones, whose links may still be out.
    id: '0002_attach_upload',
    sql: `
CREATE TABLE blade_attach_upload (
  jti varchar(64) NOT NULL,
  name varchar(500),
  tenant_id varchar(12) NOT NULL,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT blade_attach_upload_pkey PRIMARY KEY (jti),
  CONSTRAINT blade_attach_upload_name UNIQUE (name)
);
INSERT INTO blade_attach_upload (jti, name, tenant_id, create_user, create_time)
  SELECT 'attach-' || id, name, tenant_id, create_user, create_time FROM blade_attach;
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0003_list_indexes',
    sql: `
-- The attachment list: its order across tenants, and each sortable field.
CREATE INDEX blade_attach_created ON blade_attach (create_time, id) WHERE is_deleted = 0;
CREATE INDEX blade_attach_size ON blade_attach (attach_size, id) WHERE is_deleted = 0;
CREATE INDEX blade_attach_original_name ON blade_attach (original_name, id) WHERE is_deleted = 0;
CREATE INDEX blade_attach_extension ON blade_attach (extension, create_time) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX blade_attach_original_name_trgm ON blade_attach USING gin (original_name gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
];
