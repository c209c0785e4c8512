import {
  COUPON_KINDS,
  COUPON_STATUSES,
  EXCHANGE_STATUSES,
  POINT_EVENTS,
  POINT_KINDS,
  POINT_PARTIES,
  POINTS_MAX,
} from '@forecourt/contracts';
import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';

const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * The points area (docs/points.md). A holder's balance lives in `points_account` and every change is a line
 * of `points_ledger` written with it in one transaction: the balance is the sum of the lines, never below
 * zero (CHECK). Lines keep the holder's name and code as they were (a record of what happened), so the
 * ledger searches without a join.
 */
export const pointsMigrations: Migration[] = [
  {
    id: '0001_points',
    sql: `
CREATE TABLE points_rule (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  name varchar(60) NOT NULL,
  party varchar(10) NOT NULL CHECK (party IN (${among(POINT_PARTIES)})),
  event varchar(12) NOT NULL CHECK (event IN (${among(POINT_EVENTS)})),
  points integer NOT NULL CHECK (points BETWEEN 1 AND ${POINTS_MAX}),
  daily_limit integer NOT NULL DEFAULT 0 CHECK (daily_limit BETWEEN 0 AND 100),
  valid_from date,
  valid_to date,
  status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark varchar(200) NOT NULL DEFAULT '',
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0,
  CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from),
  -- A purchase is a customer's.
  CHECK (event <> 'purchase' OR party = 'customer')
);
-- One enabled rule per holder and event: which rule awards is never a guess.
CREATE UNIQUE INDEX points_rule_enabled ON points_rule (tenant_id, party, event) WHERE is_deleted = 0 AND status = 1;
CREATE INDEX points_rule_list ON points_rule (tenant_id, party, event, id) WHERE is_deleted = 0;
CREATE INDEX points_rule_all ON points_rule (party, event, id) WHERE is_deleted = 0;
CREATE INDEX points_rule_points ON points_rule (points, id) WHERE is_deleted = 0;
CREATE INDEX points_rule_created ON points_rule (create_time, id) WHERE is_deleted = 0;

CREATE TABLE points_goods (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  name varchar(60) NOT NULL,
  points integer NOT NULL CHECK (points BETWEEN 1 AND ${POINTS_MAX}),
  stock integer NOT NULL CHECK (stock >= 0),
  image_url varchar(500) NOT NULL DEFAULT '',
  description varchar(500) NOT NULL DEFAULT '',
  status integer NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  sort integer NOT NULL DEFAULT 0,
  exchanged integer NOT NULL DEFAULT 0 CHECK (exchanged >= 0),
  create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(),
  is_deleted integer NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX points_goods_name ON points_goods (tenant_id, name) WHERE is_deleted = 0;
CREATE INDEX points_goods_list ON points_goods (tenant_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX points_goods_all ON points_goods (sort, id) WHERE is_deleted = 0;
CREATE INDEX points_goods_points ON points_goods (points, id) WHERE is_deleted = 0;
CREATE INDEX points_goods_stock ON points_goods (stock, id) WHERE is_deleted = 0;
CREATE INDEX points_goods_status ON points_goods (status, sort) WHERE is_deleted = 0;

CREATE TABLE points_account (
  tenant_id varchar(12) NOT NULL,
  party varchar(10) NOT NULL,
  party_id bigint NOT NULL,
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
  earned integer NOT NULL DEFAULT 0 CHECK (earned >= 0),
  spent integer NOT NULL DEFAULT 0 CHECK (spent >= 0),
  PRIMARY KEY (tenant_id, party, party_id)
);

-- Written once, never changed.
CREATE TABLE points_ledger (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  party varchar(10) NOT NULL CHECK (party IN (${among(POINT_PARTIES)})),
  party_id bigint NOT NULL,
  party_name varchar(64) NOT NULL,
  party_code varchar(32) NOT NULL,
  kind varchar(10) NOT NULL CHECK (kind IN (${among(POINT_KINDS)})),
  event varchar(12),
  rule_id bigint,
  -- What the line is for (an order, an exchange): an award for one thing is made once.
  ref_id bigint,
  change integer NOT NULL CHECK (change <> 0),
  balance integer NOT NULL CHECK (balance >= 0),
  remark varchar(200) NOT NULL DEFAULT '',
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX points_ledger_once ON points_ledger (tenant_id, party, party_id, kind, ref_id) WHERE ref_id IS NOT NULL;
CREATE INDEX points_ledger_holder ON points_ledger (party_id, create_time);
CREATE INDEX points_ledger_list ON points_ledger (tenant_id, party, create_time, id);
CREATE INDEX points_ledger_all ON points_ledger (party, create_time, id);
CREATE INDEX points_ledger_created ON points_ledger (create_time, id);
CREATE INDEX points_ledger_change ON points_ledger (change, id);
CREATE INDEX points_ledger_kind ON points_ledger (kind, create_time);
CREATE INDEX points_ledger_event ON points_ledger (event, create_time);

CREATE TABLE points_exchange (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  exchange_no varchar(24) NOT NULL,
  customer_id bigint NOT NULL,
  -- As they were at the exchange, like the ledger's holder.
  customer_name varchar(40) NOT NULL,
  customer_phone varchar(20) NOT NULL,
  goods_id bigint NOT NULL,
  goods_name varchar(60) NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 99),
  points integer NOT NULL CHECK (points > 0),
  status varchar(10) NOT NULL CHECK (status IN (${among(EXCHANGE_STATUSES)})),
  remark varchar(200) NOT NULL DEFAULT '',
  delivered_at timestamptz,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX points_exchange_no ON points_exchange (tenant_id, exchange_no);
CREATE INDEX points_exchange_list ON points_exchange (tenant_id, create_time, id);
CREATE INDEX points_exchange_all ON points_exchange (create_time, id);
CREATE INDEX points_exchange_points ON points_exchange (points, id);
CREATE INDEX points_exchange_status ON points_exchange (status, create_time);
CREATE INDEX points_exchange_customer ON points_exchange (customer_id, create_time);

-- A tenant's running numbers of exchanges per day (PE…), as the sales counter does for orders.
CREATE TABLE points_counter (
  tenant_id varchar(12) NOT NULL,
  day date NOT NULL,
  value integer NOT NULL,
  PRIMARY KEY (tenant_id, day)
);
${trigramIndexes([
  'CREATE INDEX points_rule_name_trgm ON points_rule USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX points_goods_name_trgm ON points_goods USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX points_ledger_name_trgm ON points_ledger USING gin (party_name gin_trgm_ops);',
  'CREATE INDEX points_ledger_code_trgm ON points_ledger USING gin (party_code gin_trgm_ops);',
  'CREATE INDEX points_exchange_no_trgm ON points_exchange USING gin (exchange_no gin_trgm_ops);',
  'CREATE INDEX points_exchange_name_trgm ON points_exchange USING gin (customer_name gin_trgm_ops);',
  'CREATE INDEX points_exchange_phone_trgm ON points_exchange USING gin (customer_phone gin_trgm_ops);',
])}`,
  },
  {
    // Coupon records (docs/points.md): issued to customers, used once, voided with a reason, expired by date.
    id: '0002_coupons',
    sql: `
CREATE TABLE coupon_record (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(12) NOT NULL CHECK (code ~ '^[2-9A-HJ-NP-Z]{12}$'),
  customer_id bigint NOT NULL,
  customer_name varchar(40) NOT NULL,
  customer_phone varchar(20) NOT NULL,
  title varchar(40) NOT NULL,
  kind varchar(8) NOT NULL CHECK (kind IN (${among(COUPON_KINDS)})),
  amount numeric(14,2) CHECK (amount IS NULL OR amount > 0),
  min_spend numeric(14,2) NOT NULL DEFAULT 0 CHECK (min_spend >= 0),
  valid_from date NOT NULL,
  valid_to date NOT NULL,
  status varchar(8) NOT NULL CHECK (status IN (${among(COUPON_STATUSES)})),
  remark varchar(200) NOT NULL DEFAULT '',
  used_at timestamptz,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now(),
  CHECK (valid_to >= valid_from),
  CHECK ((kind = 'cash') = (amount IS NOT NULL)),
  CHECK ((status = 'used') = (used_at IS NOT NULL))
);
-- A code is a bearer's proof at the counter: one per tenant.
CREATE UNIQUE INDEX coupon_record_code ON coupon_record (tenant_id, code);
CREATE INDEX coupon_record_list ON coupon_record (tenant_id, create_time, id);
CREATE INDEX coupon_record_all ON coupon_record (create_time, id);
CREATE INDEX coupon_record_valid ON coupon_record (valid_to, id);
CREATE INDEX coupon_record_status ON coupon_record (status, create_time);
CREATE INDEX coupon_record_kind ON coupon_record (kind, create_time);
CREATE INDEX coupon_record_customer ON coupon_record (customer_id, create_time);
-- The expiry sweep's rows.
CREATE INDEX coupon_record_expiry ON coupon_record (valid_to) WHERE status = 'unused';
${trigramIndexes([
  'CREATE INDEX coupon_record_code_trgm ON coupon_record USING gin (code gin_trgm_ops);',
  'CREATE INDEX coupon_record_name_trgm ON coupon_record USING gin (customer_name gin_trgm_ops);',
  'CREATE INDEX coupon_record_phone_trgm ON coupon_record USING gin (customer_phone gin_trgm_ops);',
  'CREATE INDEX coupon_record_title_trgm ON coupon_record USING gin (title gin_trgm_ops);',
])}`,
  },
  {
    // What was said when an exchange was delivered or cancelled, beside what was said when it was made (the
    // one remark, written over by the other, lost the first), and when it was cancelled.
    id: '0003_exchange_settled',
    sql: `
ALTER TABLE points_exchange
  ADD COLUMN settle_remark varchar(200) NOT NULL DEFAULT '',
  ADD COLUMN cancelled_at timestamptz;
-- A cancellation's reason (required) had been written over the remark: it is the cancellation's.
UPDATE points_exchange SET settle_remark = remark, remark = '', cancelled_at = update_time
 WHERE status = 'cancelled';
ALTER TABLE points_exchange
  ADD CONSTRAINT points_exchange_delivered CHECK ((status = 'delivered') = (delivered_at IS NOT NULL)),
  ADD CONSTRAINT points_exchange_cancelled CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL));`,
  },
];
