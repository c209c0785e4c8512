import type { Migration } from '../../platform/db/index.js';

/**
 * Chat tables. Every row carries its tenant. User ids are strings (staff accounts today, `cust_…` for
 * customers later), unique within a tenant.
 *
 * - im_conversation.last_seq is the per-conversation counter: a send increments it and inserts the message
 *   in one statement, so seqs are gap-free and ordered by the database, never by clocks.
 * - im_member holds each member's read_seq (unread = last_seq − read_seq − own messages after it),
 *   cleared_seq (history hidden below it: a deleted conversation, a later join), pinned and muted.
 * - (sender, client_msg_id) is unique, so a resend can never store a message twice.
 */
export const imMigrations: Migration[] = [
  {
    id: '0001_im',
    sql: `
CREATE TABLE im_user (
  tenant_id varchar(12) NOT NULL,
  user_id varchar(64) NOT NULL,
  kind varchar(12) NOT NULL DEFAULT 'staff',
  nick varchar(64) NOT NULL DEFAULT '',
  avatar varchar(1000) NOT NULL DEFAULT '',
  gender varchar(24) NOT NULL DEFAULT 'Gender_Type_Unknown',
  department varchar(100) NOT NULL DEFAULT '',
  -- false: nick and avatar follow the staff record; true: the user chose them in the chat profile
  custom_profile boolean NOT NULL DEFAULT false,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, user_id)
);

CREATE TABLE im_conversation (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  kind varchar(8) NOT NULL CHECK (kind IN ('c2c', 'group', 'system')),
  -- c2c: the two user ids sorted and joined by a newline; system: the owner; group: null
  pair_key varchar(140),
  user_a varchar(64),
  user_b varchar(64),
  group_id bigint,
  last_seq bigint NOT NULL DEFAULT 0,
  change_ver bigint NOT NULL DEFAULT 0,
  last_time timestamptz,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX im_conversation_pair ON im_conversation (tenant_id, kind, pair_key) WHERE pair_key IS NOT NULL;
CREATE UNIQUE INDEX im_conversation_group ON im_conversation (group_id) WHERE group_id IS NOT NULL;

CREATE TABLE im_member (
  conversation_id bigint NOT NULL REFERENCES im_conversation (id),
  tenant_id varchar(12) NOT NULL,
  user_id varchar(64) NOT NULL,
  read_seq bigint NOT NULL DEFAULT 0,
  cleared_seq bigint NOT NULL DEFAULT 0,
  muted boolean NOT NULL DEFAULT false,
  pinned boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  join_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (conversation_id, user_id)
);
CREATE INDEX im_member_user ON im_member (tenant_id, user_id);

CREATE TABLE im_message (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  conversation_id bigint NOT NULL,
  seq bigint NOT NULL,
  sender varchar(64) NOT NULL,
  client_msg_id varchar(64) NOT NULL,
  type varchar(32) NOT NULL,
  payload jsonb NOT NULL,
  nick varchar(64) NOT NULL DEFAULT '',
  avatar varchar(1000) NOT NULL DEFAULT '',
  create_time timestamptz NOT NULL,
  is_revoked boolean NOT NULL DEFAULT false,
  revoke_time timestamptz,
  modify_time timestamptz,
  change_ver bigint NOT NULL DEFAULT 0,
  CONSTRAINT im_message_seq UNIQUE (conversation_id, seq),
  CONSTRAINT im_message_client UNIQUE (tenant_id, sender, client_msg_id)
);
-- own messages after read_seq (unread), and catch-up of revokes and edits
CREATE INDEX im_message_sender ON im_message (conversation_id, sender, seq);
CREATE INDEX im_message_changed ON im_message (conversation_id, change_ver) WHERE change_ver > 0;

CREATE TABLE im_group (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  conversation_id bigint NOT NULL REFERENCES im_conversation (id),
  name varchar(64) NOT NULL,
  type varchar(16) NOT NULL DEFAULT 'Private',
  avatar varchar(1000) NOT NULL DEFAULT '',
  introduction varchar(240) NOT NULL DEFAULT '',
  notification varchar(300) NOT NULL DEFAULT '',
  owner_id varchar(64) NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now(),
  dismissed_at timestamptz
);
CREATE INDEX im_group_tenant ON im_group (tenant_id);

CREATE TABLE im_group_member (
  group_id bigint NOT NULL REFERENCES im_group (id),
  tenant_id varchar(12) NOT NULL,
  user_id varchar(64) NOT NULL,
  role varchar(8) NOT NULL DEFAULT 'Member' CHECK (role IN ('Owner', 'Admin', 'Member')),
  join_time timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX im_group_member_user ON im_group_member (tenant_id, user_id);
`,
  },
];
