import type { Migration } from '../../platform/db/index.js';

/** Sessions, refresh-token chains, sign-in throttling, captcha and SMS codes. */
export const authMigrations: Migration[] = [
  {
    id: '0001_sessions',
    sql: `
CREATE TABLE auth_session (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  user_id bigint NOT NULL,
  client_id varchar(48) NOT NULL,
  grant_type varchar(20) NOT NULL,
  -- the only refresh token of the chain that may still be used
  refresh_jti varchar(64) NOT NULL,
  refresh_expires_at timestamptz NOT NULL,
  ip varchar(64),
  user_agent varchar(500),
  created_at timestamptz NOT NULL DEFAULT now(),
  refreshed_at timestamptz,
  revoked_at timestamptz,
  revoke_reason varchar(40)
);
CREATE INDEX auth_session_user ON auth_session (user_id) WHERE revoked_at IS NULL;

CREATE TABLE auth_refresh_spent (jti varchar(64) PRIMARY KEY, session_id bigint NOT NULL, spent_at timestamptz NOT NULL DEFAULT now());

CREATE TABLE auth_failure (
  key varchar(200) PRIMARY KEY,
  count integer NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

CREATE TABLE auth_captcha (key varchar(64) PRIMARY KEY, code varchar(16) NOT NULL, expires_at timestamptz NOT NULL);

CREATE TABLE auth_sms_code (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  phone varchar(20) NOT NULL,
  purpose varchar(20) NOT NULL,
  code_hash varchar(64) NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_sms_code_phone ON auth_sms_code (phone, created_at DESC);
`,
  },
];
