import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

export const riskMigrations: Migration[] = [
  {
    id: '0001_sensitive_words_and_diary',
    sql: `
CREATE TABLE risk_sensitive_word (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  word varchar(100) NOT NULL,
  category varchar(32) NOT NULL DEFAULT 'other',
  remark varchar(255),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0
);
-- "Fuck" and "fuck" are one word: matching ignores Latin case, so the list does too.
CREATE UNIQUE INDEX risk_sensitive_word_word ON risk_sensitive_word (tenant_id, lower(word)) WHERE is_deleted = 0;
CREATE INDEX risk_sensitive_word_page ON risk_sensitive_word (tenant_id, create_time DESC) WHERE is_deleted = 0;

-- One row per message that was masked: who said what where, and which words were hit.
CREATE TABLE risk_diary (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  source varchar(32) NOT NULL,
  ref varchar(128),
  user_id bigint,
  account varchar(100),
  content text NOT NULL,
  masked text NOT NULL,
  hits text[] NOT NULL,
  hit_count integer NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX risk_diary_page ON risk_diary (tenant_id, create_time DESC);
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0002_list_indexes',
    sql: `
-- The sensitive-word and risk-diary lists: their order across tenants, and each sortable field.
CREATE INDEX risk_sensitive_word_created ON risk_sensitive_word (create_time, id) WHERE is_deleted = 0;
CREATE INDEX risk_sensitive_word_updated ON risk_sensitive_word (update_time, id) WHERE is_deleted = 0;
CREATE INDEX risk_sensitive_word_sort ON risk_sensitive_word (word, id) WHERE is_deleted = 0;
CREATE INDEX risk_sensitive_word_category ON risk_sensitive_word (category, id) WHERE is_deleted = 0;
CREATE INDEX risk_diary_created ON risk_diary (create_time, id);
CREATE INDEX risk_diary_hits ON risk_diary (hit_count, id);
CREATE INDEX risk_diary_source ON risk_diary (source, create_time);
${trigramIndexes([
  'CREATE INDEX risk_sensitive_word_trgm ON risk_sensitive_word USING gin (word gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX risk_diary_account_trgm ON risk_diary USING gin (account gin_trgm_ops);',
  'CREATE INDEX risk_diary_content_trgm ON risk_diary USING gin (content gin_trgm_ops);',
])}`,
  },
];
