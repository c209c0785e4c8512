import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

/**
 * The platform's own tables (BladeX names and columns). Business rows carry tenant_id and
 * is_deleted; audit columns are filled by the CRUD layer.
 */
const audit = `
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  status integer NOT NULL DEFAULT 1, is_deleted integer NOT NULL DEFAULT 0`;

export const systemMigrations: Migration[] = [
  {
    id: '0001_core',
    sql: `
CREATE TABLE sys_secret (name text PRIMARY KEY, value text NOT NULL, create_time timestamptz NOT NULL DEFAULT now());

CREATE TABLE blade_tenant (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  tenant_name varchar(50) NOT NULL,
  domain varchar(255),
  background_url varchar(1000),
  linkman varchar(20),
  contact_number varchar(20),
  address varchar(255),
  account_number integer NOT NULL DEFAULT -1,
  expire_time timestamptz,
  package_id bigint,
  datasource_id bigint,
  license_key varchar(1000),
  ${audit}
);
CREATE UNIQUE INDEX blade_tenant_tenant_id ON blade_tenant (tenant_id) WHERE is_deleted = 0;
CREATE INDEX blade_tenant_domain ON blade_tenant (domain) WHERE is_deleted = 0;

CREATE TABLE blade_client (
  id bigint PRIMARY KEY,
  client_id varchar(48) NOT NULL UNIQUE,
  secret_hash varchar(64) NOT NULL,
  resource_ids varchar(256),
  scope varchar(256) NOT NULL DEFAULT 'all',
  authorized_grant_types varchar(256) NOT NULL DEFAULT 'password,captcha,refresh_token,social',
  web_server_redirect_uri varchar(256),
  access_token_validity integer NOT NULL DEFAULT 3600,
  refresh_token_validity integer NOT NULL DEFAULT 604800,
  ${audit}
);

CREATE TABLE blade_dept (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  ancestors varchar(2000) NOT NULL DEFAULT '0',
  dept_category integer NOT NULL DEFAULT 1,
  dept_name varchar(45) NOT NULL,
  full_name varchar(45),
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  ${audit}
);
CREATE INDEX blade_dept_parent ON blade_dept (tenant_id, parent_id) WHERE is_deleted = 0;

CREATE TABLE blade_role (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  role_name varchar(255) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  role_alias varchar(255) NOT NULL,
  ${audit}
);
CREATE UNIQUE INDEX blade_role_alias ON blade_role (tenant_id, role_alias) WHERE is_deleted = 0;

CREATE TABLE blade_post (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  category integer NOT NULL DEFAULT 1,
  post_code varchar(12),
  post_name varchar(64) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  ${audit}
);

CREATE TABLE blade_user (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(12),
  user_type integer NOT NULL DEFAULT 1,
  account varchar(45) NOT NULL,
  password varchar(255) NOT NULL,
  password_initial boolean NOT NULL DEFAULT true,
  name varchar(20),
  real_name varchar(20),
  avatar varchar(500),
  email varchar(45),
  phone varchar(45),
  birthday date,
  sex integer NOT NULL DEFAULT 3,
  role_id varchar(1000) NOT NULL DEFAULT '',
  dept_id varchar(1000) NOT NULL DEFAULT '',
  post_id varchar(1000) NOT NULL DEFAULT '',
  brand_names jsonb NOT NULL DEFAULT '[]'::jsonb,
  oauth_id varchar(64),
  failed_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  ${audit}
);
-- status: 1 active, 0 awaiting approval, 2 disabled
CREATE UNIQUE INDEX blade_user_account ON blade_user (tenant_id, account) WHERE is_deleted = 0;
CREATE INDEX blade_user_phone ON blade_user (phone) WHERE is_deleted = 0;

CREATE TABLE blade_user_role (user_id bigint NOT NULL, role_id bigint NOT NULL, PRIMARY KEY (user_id, role_id));
CREATE TABLE blade_user_dept (user_id bigint NOT NULL, dept_id bigint NOT NULL, PRIMARY KEY (user_id, dept_id));
CREATE INDEX blade_user_dept_dept ON blade_user_dept (dept_id);

CREATE TABLE blade_menu (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255),
  name varchar(255) NOT NULL,
  alias varchar(255),
  path varchar(255),
  source varchar(255),
  sort integer NOT NULL DEFAULT 0,
  category integer NOT NULL DEFAULT 1,
  action integer NOT NULL DEFAULT 0,
  is_open integer NOT NULL DEFAULT 1,
  component varchar(255),
  remark varchar(255),
  meta jsonb,
  ${audit}
);
-- category: 1 menu, 2 button; action: 0 toolbar, 1 row, 2 both
CREATE INDEX blade_menu_parent ON blade_menu (parent_id) WHERE is_deleted = 0;
CREATE UNIQUE INDEX blade_menu_code ON blade_menu (code) WHERE is_deleted = 0 AND code IS NOT NULL AND code <> '';

CREATE TABLE blade_role_menu (role_id bigint NOT NULL, menu_id bigint NOT NULL, PRIMARY KEY (role_id, menu_id));
CREATE INDEX blade_role_menu_menu ON blade_role_menu (menu_id);

CREATE TABLE blade_top_menu (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(255),
  name varchar(255) NOT NULL,
  source varchar(255),
  path varchar(255),
  sort integer NOT NULL DEFAULT 0,
  ${audit}
);
CREATE TABLE blade_top_menu_setting (top_menu_id bigint NOT NULL, menu_id bigint NOT NULL, PRIMARY KEY (top_menu_id, menu_id));

CREATE TABLE blade_dict (
  id bigint PRIMARY KEY,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255) NOT NULL,
  dict_key varchar(255) NOT NULL DEFAULT '-1',
  dict_value varchar(255) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  ${audit}
);
CREATE INDEX blade_dict_code ON blade_dict (code) WHERE is_deleted = 0;
CREATE INDEX blade_dict_parent ON blade_dict (parent_id) WHERE is_deleted = 0;
CREATE UNIQUE INDEX blade_dict_key ON blade_dict (code, dict_key) WHERE is_deleted = 0 AND parent_id <> 0;
CREATE UNIQUE INDEX blade_dict_root ON blade_dict (code) WHERE is_deleted = 0 AND parent_id = 0;

CREATE TABLE blade_dict_biz (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  parent_id bigint NOT NULL DEFAULT 0,
  code varchar(255) NOT NULL,
  dict_key varchar(255) NOT NULL DEFAULT '-1',
  dict_value varchar(255) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255),
  is_sealed integer NOT NULL DEFAULT 0,
  ${audit}
);
CREATE INDEX blade_dict_biz_code ON blade_dict_biz (tenant_id, code) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_parent ON blade_dict_biz (parent_id) WHERE is_deleted = 0;
CREATE UNIQUE INDEX blade_dict_biz_key ON blade_dict_biz (tenant_id, code, dict_key) WHERE is_deleted = 0 AND parent_id <> 0;
CREATE UNIQUE INDEX blade_dict_biz_root ON blade_dict_biz (tenant_id, code) WHERE is_deleted = 0 AND parent_id = 0;

CREATE TABLE blade_region (
  code varchar(12) PRIMARY KEY,
  parent_code varchar(12) NOT NULL DEFAULT '00',
  ancestors varchar(255) NOT NULL DEFAULT '00',
  name varchar(32) NOT NULL,
  province_code varchar(12), province_name varchar(32),
  city_code varchar(12), city_name varchar(32),
  district_code varchar(12), district_name varchar(32),
  town_code varchar(12), town_name varchar(32),
  village_code varchar(12), village_name varchar(32),
  region_level integer NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  remark varchar(255)
);
CREATE INDEX blade_region_parent ON blade_region (parent_code);

CREATE TABLE blade_param (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL DEFAULT '000000',
  param_name varchar(255) NOT NULL,
  param_key varchar(255) NOT NULL,
  param_value varchar(2000) NOT NULL,
  remark varchar(255),
  ${audit}
);
CREATE UNIQUE INDEX blade_param_key ON blade_param (tenant_id, param_key) WHERE is_deleted = 0;

CREATE TABLE blade_log_error (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  request_id varchar(64),
  method varchar(10),
  request_uri varchar(500),
  message text,
  stack_trace text,
  create_by bigint,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blade_log_error_time ON blade_log_error (tenant_id, create_time DESC);

CREATE TABLE blade_notice_log (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  channel varchar(20) NOT NULL,
  receiver varchar(255) NOT NULL,
  template_code varchar(64),
  content text NOT NULL,
  send_status integer NOT NULL DEFAULT 1,
  error text,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blade_notice_log_time ON blade_notice_log (tenant_id, create_time DESC);
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0002_list_indexes',
    sql: `
-- The console's lists: each default order with and without the tenant in front, and each sortable field.
-- Default orders, per tenant and across tenants (the platform administrator's view).
CREATE INDEX blade_top_menu_list ON blade_top_menu (tenant_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX blade_top_menu_sort ON blade_top_menu (sort, id) WHERE is_deleted = 0;
CREATE INDEX blade_top_menu_code ON blade_top_menu (code, id) WHERE is_deleted = 0;
CREATE INDEX blade_top_menu_name ON blade_top_menu (name, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_list_code ON blade_dict (parent_id, code, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_list_key ON blade_dict (parent_id, dict_key, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_list_value ON blade_dict (parent_id, dict_value, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_list ON blade_dict_biz (tenant_id, parent_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_list_code ON blade_dict_biz (parent_id, code, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_list_key ON blade_dict_biz (parent_id, dict_key, id) WHERE is_deleted = 0;
CREATE INDEX blade_dict_biz_list_value ON blade_dict_biz (parent_id, dict_value, id) WHERE is_deleted = 0;
CREATE INDEX blade_user_list ON blade_user (tenant_id, code, id) WHERE is_deleted = 0;
CREATE INDEX blade_user_code ON blade_user (code, id) WHERE is_deleted = 0;
CREATE INDEX blade_user_account_sort ON blade_user (account, id) WHERE is_deleted = 0;
CREATE INDEX blade_user_real_name ON blade_user (real_name, id) WHERE is_deleted = 0;
CREATE INDEX blade_user_created ON blade_user (create_time, id) WHERE is_deleted = 0;
CREATE INDEX blade_tenant_name ON blade_tenant (tenant_name, id) WHERE is_deleted = 0;
CREATE INDEX blade_tenant_created ON blade_tenant (create_time, id) WHERE is_deleted = 0;
CREATE INDEX blade_param_key_sort ON blade_param (param_key, id) WHERE is_deleted = 0;
CREATE INDEX blade_param_name ON blade_param (param_name, id) WHERE is_deleted = 0;
-- Text filters of the same lists.
${trigramIndexes([
  'CREATE INDEX blade_top_menu_code_trgm ON blade_top_menu USING gin (code gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_top_menu_name_trgm ON blade_top_menu USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_dict_code_trgm ON blade_dict USING gin (code gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_dict_value_trgm ON blade_dict USING gin (dict_value gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_dict_biz_code_trgm ON blade_dict_biz USING gin (code gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_dict_biz_value_trgm ON blade_dict_biz USING gin (dict_value gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_user_account_trgm ON blade_user USING gin (account gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_user_real_name_trgm ON blade_user USING gin (real_name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_user_phone_trgm ON blade_user USING gin (phone gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_tenant_name_trgm ON blade_tenant USING gin (tenant_name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_tenant_linkman_trgm ON blade_tenant USING gin (linkman gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_param_name_trgm ON blade_param USING gin (param_name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX blade_param_key_trgm ON blade_param USING gin (param_key gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
  {
    // What a start's seeds ran with (boot.ts, prepareDatabase): a restart of the same build skips them.
    id: '0003_seed_state',
    sql: `
CREATE TABLE sys_seed_state (
  id smallint PRIMARY KEY CHECK (id = 1),
  fingerprint text NOT NULL,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
`,
  },
];
