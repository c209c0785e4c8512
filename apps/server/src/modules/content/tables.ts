import { ARTICLE_STATUSES } from '@forecourt/contracts';
import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** Columns (a tree) and their articles (docs/content.md). An article's body is the editor's JSON, never HTML. */
export const contentMigrations: Migration[] = [
  {
    id: '0001_content',
    sql: `
CREATE TABLE content_column (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  name varchar(40) NOT NULL,
  code varchar(32) NOT NULL CHECK (code ~ '^[a-z0-9_-]{1,32}$'),
  sort integer NOT NULL DEFAULT 0,
  status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark varchar(200) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX content_column_code ON content_column (tenant_id, code) WHERE is_deleted = 0;
CREATE INDEX content_column_parent ON content_column (parent_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX content_column_list ON content_column (tenant_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX content_column_all ON content_column (sort, id) WHERE is_deleted = 0;

CREATE TABLE content_article (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  column_id bigint NOT NULL,
  title varchar(100) NOT NULL,
  summary varchar(200) NOT NULL DEFAULT '',
  cover_url varchar(500) NOT NULL DEFAULT '',
  body jsonb NOT NULL,
  status varchar(10) NOT NULL DEFAULT 'draft' CHECK (status IN (${among(ARTICLE_STATUSES)})),
  top boolean NOT NULL DEFAULT false,
  publish_time timestamptz,
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0,
  CHECK (status = 'draft' OR publish_time IS NOT NULL)
);
CREATE INDEX content_article_list ON content_article (tenant_id, top, create_time, id) WHERE is_deleted = 0;
CREATE INDEX content_article_all ON content_article (top, create_time, id) WHERE is_deleted = 0;
CREATE INDEX content_article_created ON content_article (create_time, id) WHERE is_deleted = 0;
CREATE INDEX content_article_published ON content_article (publish_time, id) WHERE is_deleted = 0;
CREATE INDEX content_article_column ON content_article (column_id, create_time) WHERE is_deleted = 0;
CREATE INDEX content_article_status ON content_article (status, create_time) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX content_column_name_trgm ON content_column USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX content_article_title_trgm ON content_article USING gin (title gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
];
