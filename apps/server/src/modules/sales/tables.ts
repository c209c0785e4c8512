import { trigramIndexes } from '../../platform/db/trigram.js';
import type { Migration } from '../../platform/db/index.js';
import {
  ENERGY_TYPES,
  FOLLOW_METHODS,
  INQUIRY_CHANNELS,
  PURCHASE_PLANS,
  USER_INQUIRY_STATUSES,
} from '@forecourt/contracts/sales';
import {
  INQUIRY_STATUSES,
  OFFER_STATUSES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  RED_PACKET_SCENES,
  RED_PACKET_STATUSES,
  RESOURCE_STATUSES,
  TRADE_KINDS,
} from '@forecourt/contracts/sales';

/** A CHECK list from the shared value sets, so the database refuses exactly what the rules refuse. */
const among = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Audit columns as every BladeX table has them. Amounts are NUMERIC(14,2) (docs/sales.md): both drivers return
 * them as text, so no float ever holds one.
 */
const AUDIT = `create_user bigint, create_dept bigint, create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint, update_time timestamptz NOT NULL DEFAULT now(), is_deleted integer NOT NULL DEFAULT 0`;

export const salesMigrations: Migration[] = [
  {
    id: '0001_catalog',
    sql: `
CREATE TABLE sales_brand (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  code varchar(40) NOT NULL,
  name varchar(40) NOT NULL,
  name_en varchar(60) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  ${AUDIT}
);
CREATE UNIQUE INDEX sales_brand_code ON sales_brand (tenant_id, code) WHERE is_deleted = 0;

CREATE TABLE sales_series (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  brand_id bigint NOT NULL,
  name varchar(60) NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  ${AUDIT}
);
CREATE UNIQUE INDEX sales_series_name ON sales_series (tenant_id, brand_id, name) WHERE is_deleted = 0;

CREATE TABLE sales_model (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  series_id bigint NOT NULL,
  model_year integer NOT NULL CHECK (model_year BETWEEN 1990 AND 2100),
  trim varchar(80) NOT NULL,
  energy_type varchar(10) NOT NULL CHECK (energy_type IN (${among(ENERGY_TYPES)})),
  guide_price numeric(14,2) NOT NULL CHECK (guide_price >= 0),
  sort integer NOT NULL DEFAULT 0,
  ${AUDIT}
);
CREATE UNIQUE INDEX sales_model_trim ON sales_model (tenant_id, series_id, model_year, trim) WHERE is_deleted = 0;
CREATE INDEX sales_model_series ON sales_model (series_id) WHERE is_deleted = 0;
`,
  },
  {
    id: '0002_resource',
    sql: `
CREATE TABLE sales_resource (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  vin char(17) NOT NULL CHECK (vin ~ '^[A-HJ-NPR-Z0-9]{17}$'),
  model_id bigint NOT NULL,
  exterior_color varchar(40) NOT NULL DEFAULT '',
  interior_color varchar(40) NOT NULL DEFAULT '',
  production_date date NOT NULL,
  arrival_date date,
  store_id bigint,
  purchase_cost numeric(14,2) NOT NULL CHECK (purchase_cost >= 0),
  guide_price numeric(14,2) NOT NULL CHECK (guide_price >= 0),
  floor_price numeric(14,2) NOT NULL CHECK (floor_price >= 0),
  photos jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(photos) = 'array' AND jsonb_array_length(photos) <= 8),
  remark varchar(500) NOT NULL DEFAULT '',
  status varchar(12) NOT NULL DEFAULT 'in_transit' CHECK (status IN (${among(RESOURCE_STATUSES)})),
  reserved_until timestamptz,
  reserved_offer_id bigint,
  owner_user bigint,
  ${AUDIT},
  -- a reservation has an end, and only a reservation has one
  CHECK ((status = 'reserved') = (reserved_until IS NOT NULL)),
  -- arrived vehicles have an arrival date
  CHECK (status = 'in_transit' OR arrival_date IS NOT NULL)
);
CREATE UNIQUE INDEX sales_resource_vin ON sales_resource (tenant_id, vin) WHERE is_deleted = 0;
CREATE INDEX sales_resource_list ON sales_resource (tenant_id, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_resource_model ON sales_resource (tenant_id, model_id, status) WHERE is_deleted = 0;
CREATE INDEX sales_resource_owner ON sales_resource (owner_user, create_time DESC) WHERE is_deleted = 0;
-- the reservation sweep reads only what is due
CREATE INDEX sales_resource_hold ON sales_resource (reserved_until) WHERE status = 'reserved' AND is_deleted = 0;
`,
  },
  {
    id: '0003_inquiry',
    sql: `
CREATE TABLE sales_inquiry (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  customer_id bigint NOT NULL,
  customer_name varchar(40) NOT NULL,
  customer_phone varchar(20) NOT NULL,
  model_id bigint,
  model_text varchar(100) NOT NULL DEFAULT '',
  city_code varchar(12) NOT NULL,
  budget numeric(14,2) CHECK (budget >= 0),
  purchase_plan varchar(10) NOT NULL DEFAULT 'full' CHECK (purchase_plan IN (${among(PURCHASE_PLANS)})),
  expected_purchase_date date,
  channel varchar(10) NOT NULL CHECK (channel IN (${among(INQUIRY_CHANNELS)})),
  status varchar(10) NOT NULL DEFAULT 'new' CHECK (status IN (${among(INQUIRY_STATUSES)})),
  close_reason varchar(200) NOT NULL DEFAULT '',
  owner_user bigint,
  owner_dept bigint,
  assigned_at timestamptz,
  first_response_at timestamptz,
  last_follow_time timestamptz,
  next_follow_time timestamptz,
  user_inquiry_id bigint,
  ${AUDIT},
  CHECK (model_id IS NOT NULL OR model_text <> ''),
  CHECK (status NOT IN ('lost', 'invalid') OR close_reason <> ''),
  CHECK (status = 'new' OR owner_user IS NOT NULL)
);
CREATE INDEX sales_inquiry_list ON sales_inquiry (tenant_id, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_owner ON sales_inquiry (owner_user, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_dept ON sales_inquiry (owner_dept, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_customer ON sales_inquiry (customer_id) WHERE is_deleted = 0;
-- today's and overdue follow-ups of a salesperson (workbench)
CREATE INDEX sales_inquiry_next_follow ON sales_inquiry (owner_user, next_follow_time)
  WHERE is_deleted = 0 AND status IN ('assigned', 'following', 'quoted');
-- first-response overdue flag: open inquiries nobody has answered yet
CREATE INDEX sales_inquiry_unanswered ON sales_inquiry (tenant_id, create_time)
  WHERE is_deleted = 0 AND first_response_at IS NULL AND status IN ('new', 'assigned');

CREATE TABLE sales_inquiry_follow (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  inquiry_id bigint NOT NULL,
  follow_time timestamptz NOT NULL,
  method varchar(10) NOT NULL CHECK (method IN (${among(FOLLOW_METHODS)})),
  content varchar(500) NOT NULL CHECK (content <> ''),
  next_follow_time timestamptz,
  ${AUDIT}
);
CREATE INDEX sales_inquiry_follow_inquiry ON sales_inquiry_follow (inquiry_id, follow_time DESC) WHERE is_deleted = 0;

-- what happened to an inquiry: assignment, transfer (with its reason), status changes
CREATE TABLE sales_inquiry_history (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  inquiry_id bigint NOT NULL,
  action varchar(10) NOT NULL CHECK (action IN ('create', 'assign', 'transfer', 'status', 'claim')),
  from_status varchar(10),
  to_status varchar(10),
  from_user bigint,
  to_user bigint,
  reason varchar(200) NOT NULL DEFAULT '',
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  CHECK (action <> 'transfer' OR reason <> '')
);
CREATE INDEX sales_inquiry_history_inquiry ON sales_inquiry_history (inquiry_id, create_time);

CREATE TABLE sales_user_inquiry (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  customer_id bigint,
  name varchar(40) NOT NULL,
  phone varchar(20) NOT NULL,
  model_id bigint,
  model_text varchar(100) NOT NULL DEFAULT '',
  city_code varchar(12) NOT NULL,
  status varchar(10) NOT NULL DEFAULT 'pending' CHECK (status IN (${among(USER_INQUIRY_STATUSES)})),
  claimed_by bigint,
  claimed_at timestamptz,
  inquiry_id bigint,
  ${AUDIT},
  -- claimed or assigned: exactly then someone holds it
  CHECK ((status = 'pending') = (claimed_by IS NULL)),
  CHECK (model_id IS NOT NULL OR model_text <> '')
);
CREATE INDEX sales_user_inquiry_pool ON sales_user_inquiry (tenant_id, create_time) WHERE is_deleted = 0 AND status = 'pending';
CREATE INDEX sales_user_inquiry_list ON sales_user_inquiry (tenant_id, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_claimer ON sales_user_inquiry (claimed_by, create_time DESC) WHERE is_deleted = 0;
`,
  },
  {
    id: '0004_offer',
    sql: `
CREATE TABLE sales_offer (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  inquiry_id bigint NOT NULL,
  version integer NOT NULL CHECK (version >= 1),
  resource_id bigint,
  model_id bigint NOT NULL,
  energy_type varchar(10) NOT NULL CHECK (energy_type IN (${among(ENERGY_TYPES)})),
  vehicle_price numeric(14,2) NOT NULL CHECK (vehicle_price >= 0),
  discount numeric(14,2) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount <= vehicle_price),
  invoice_price numeric(14,2) NOT NULL,
  purchase_tax numeric(14,2) NOT NULL CHECK (purchase_tax >= 0),
  purchase_tax_relief numeric(14,2) NOT NULL DEFAULT 0 CHECK (purchase_tax_relief >= 0),
  insurance numeric(14,2) NOT NULL DEFAULT 0 CHECK (insurance >= 0),
  registration_fee numeric(14,2) NOT NULL DEFAULT 0 CHECK (registration_fee >= 0),
  -- [{ "name": "…", "amount": "800.00" }]: amounts as strings, like everywhere else
  accessories jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(accessories) = 'array'),
  accessories_total numeric(14,2) NOT NULL DEFAULT 0 CHECK (accessories_total >= 0),
  service_fee numeric(14,2) NOT NULL DEFAULT 0 CHECK (service_fee >= 0),
  trade_in_credit numeric(14,2) NOT NULL DEFAULT 0 CHECK (trade_in_credit >= 0),
  down_payment_percent numeric(5,2) CHECK (down_payment_percent BETWEEN 0 AND 100),
  term_months integer CHECK (term_months BETWEEN 1 AND 120),
  annual_rate_percent numeric(6,4) CHECK (annual_rate_percent BETWEEN 0 AND 36),
  down_payment numeric(14,2),
  loan_amount numeric(14,2),
  monthly_payment numeric(14,2),
  total_interest numeric(14,2),
  total numeric(14,2) NOT NULL CHECK (total >= 0),
  status varchar(16) NOT NULL DEFAULT 'draft' CHECK (status IN (${among(OFFER_STATUSES)})),
  valid_until date NOT NULL,
  approval_needed boolean NOT NULL DEFAULT false,
  approved_by bigint,
  approved_at timestamptz,
  approval_remark varchar(200) NOT NULL DEFAULT '',
  sent_at timestamptz,
  closed_at timestamptz,
  owner_user bigint NOT NULL,
  owner_dept bigint,
  ${AUDIT},
  CHECK (invoice_price = vehicle_price - discount),
  -- a finance plan is all there or not at all
  CHECK ((term_months IS NULL) = (annual_rate_percent IS NULL) AND (term_months IS NULL) = (down_payment_percent IS NULL)
     AND (term_months IS NULL) = (monthly_payment IS NULL)),
  CHECK (status NOT IN ('approved', 'rejected') OR approved_by IS NOT NULL)
);
-- a revision is a new version; versions of one inquiry never collide
CREATE UNIQUE INDEX sales_offer_version ON sales_offer (inquiry_id, version);
CREATE INDEX sales_offer_list ON sales_offer (tenant_id, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_offer_owner ON sales_offer (owner_user, status, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_offer_dept ON sales_offer (owner_dept, create_time DESC) WHERE is_deleted = 0;
CREATE INDEX sales_offer_resource ON sales_offer (resource_id) WHERE is_deleted = 0 AND resource_id IS NOT NULL;
-- the expiry sweep: sent offers past their validity
CREATE INDEX sales_offer_expiry ON sales_offer (valid_until) WHERE status = 'sent' AND is_deleted = 0;
`,
  },
  {
    // Lists at scale (docs/crud.md): one index per access path the lists run.
    id: '0005_list_indexes',
    sql: `
-- The business lists (catalog models, stock, inquiries, customer requests, offers): each default order per tenant and across tenants, and each sortable field.
CREATE INDEX sales_model_list ON sales_model (series_id, sort, id) WHERE is_deleted = 0;
CREATE INDEX sales_model_sort ON sales_model (sort, id) WHERE is_deleted = 0;
CREATE INDEX sales_model_year ON sales_model (model_year, id) WHERE is_deleted = 0;
CREATE INDEX sales_model_price ON sales_model (guide_price, id) WHERE is_deleted = 0;
CREATE INDEX sales_model_trim_sort ON sales_model (trim, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_recent ON sales_resource (tenant_id, create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_created ON sales_resource (create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_vin_sort ON sales_resource (vin, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_arrival ON sales_resource (arrival_date, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_production ON sales_resource (production_date, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_price ON sales_resource (guide_price, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_status ON sales_resource (status, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_resource_store ON sales_resource (store_id, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_recent ON sales_inquiry (tenant_id, create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_created ON sales_inquiry (create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_status ON sales_inquiry (status, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_name ON sales_inquiry (customer_name, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_budget ON sales_inquiry (budget, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_next_follow_sort ON sales_inquiry (next_follow_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_expected ON sales_inquiry (expected_purchase_date, id) WHERE is_deleted = 0;
CREATE INDEX sales_inquiry_model ON sales_inquiry (model_id, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_recent ON sales_user_inquiry (tenant_id, create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_created ON sales_user_inquiry (create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_status ON sales_user_inquiry (status, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_name ON sales_user_inquiry (name, id) WHERE is_deleted = 0;
CREATE INDEX sales_offer_recent ON sales_offer (tenant_id, create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_offer_created ON sales_offer (create_time, id) WHERE is_deleted = 0;
CREATE INDEX sales_offer_status ON sales_offer (status, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_offer_valid ON sales_offer (valid_until, id) WHERE is_deleted = 0;
CREATE INDEX sales_offer_total ON sales_offer (total, id) WHERE is_deleted = 0;
${trigramIndexes([
  'CREATE INDEX sales_model_trim_trgm ON sales_model USING gin (trim gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_resource_vin_trgm ON sales_resource USING gin ((vin::text) gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_resource_color_trgm ON sales_resource USING gin (exterior_color gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_inquiry_name_trgm ON sales_inquiry USING gin (customer_name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_inquiry_phone_trgm ON sales_inquiry USING gin (customer_phone gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_user_inquiry_name_trgm ON sales_user_inquiry USING gin (name gin_trgm_ops) WHERE is_deleted = 0;',
  'CREATE INDEX sales_user_inquiry_phone_trgm ON sales_user_inquiry USING gin (phone gin_trgm_ops) WHERE is_deleted = 0;',
])}`,
  },
  {
    // Lists at scale (docs/crud.md): a city filter, the version and status sorts (issue 25 §1, list-plans.test.ts).
    id: '0006_list_filter_indexes',
    sql: `
-- A rare city finds its inquiries and customer requests by index, newest first; offers sort by version and
-- status, stock by status (the order ends in the id, which (status, create_time) does not give).
CREATE INDEX sales_inquiry_city ON sales_inquiry (city_code, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_user_inquiry_city ON sales_user_inquiry (city_code, create_time) WHERE is_deleted = 0;
CREATE INDEX sales_offer_version_sort ON sales_offer (version, id) WHERE is_deleted = 0;
CREATE INDEX sales_offer_status_sort ON sales_offer (status, id) WHERE is_deleted = 0;
CREATE INDEX sales_resource_status_sort ON sales_resource (status, id) WHERE is_deleted = 0;
`,
  },
  {
    // The offer list searches by its inquiry's customer name and phone, and keeps showing offers whose
    // inquiry was removed (kept for the record): the inquiry's trigram indexes cover every row, so they
    // serve that join as well as the inquiry list's own search (list-plans.test.ts).
    id: '0007_inquiry_search_every_row',
    sql: trigramIndexes([
      'DROP INDEX IF EXISTS sales_inquiry_name_trgm;',
      'DROP INDEX IF EXISTS sales_inquiry_phone_trgm;',
      'CREATE INDEX sales_inquiry_name_trgm ON sales_inquiry USING gin (customer_name gin_trgm_ops);',
      'CREATE INDEX sales_inquiry_phone_trgm ON sales_inquiry USING gin (customer_phone gin_trgm_ops);',
    ]),
  },
  {
    // Orders and their money (docs/orders.md): an accepted offer's order, its receipts and refunds.
    id: '0008_orders',
    sql: `
-- A reservation with money on it has no end (docs/orders.md): reserved may now go without a hold time.
ALTER TABLE sales_resource DROP CONSTRAINT sales_resource_check;
ALTER TABLE sales_resource ADD CONSTRAINT sales_resource_reservation CHECK (status = 'reserved' OR reserved_until IS NULL);

-- A tenant's running numbers per kind and day (SO…, SK…, TK…): one UPSERT takes the next, so two
-- writers at once get two numbers, never the same one.
CREATE TABLE sales_counter (
  tenant_id varchar(12) NOT NULL,
  name varchar(20) NOT NULL,
  day date NOT NULL,
  value integer NOT NULL,
  PRIMARY KEY (tenant_id, name, day)
);

-- Never deleted: an order nobody pays is cancelled and stays on the record.
CREATE TABLE sales_order (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  order_no varchar(24) NOT NULL,
  offer_id bigint NOT NULL,
  inquiry_id bigint NOT NULL,
  resource_id bigint,
  amount_due numeric(14,2) NOT NULL CHECK (amount_due >= 0),
  loan_amount numeric(14,2) CHECK (loan_amount IS NULL OR loan_amount >= 0),
  -- The sum of the order's trades (receipts less refunds), kept with them in one transaction.
  received numeric(14,2) NOT NULL DEFAULT 0 CHECK (received >= 0 AND received <= amount_due),
  loan_received numeric(14,2) NOT NULL DEFAULT 0 CHECK (loan_received >= 0 AND loan_received <= coalesce(loan_amount, 0)),
  status varchar(10) NOT NULL CHECK (status IN (${among(ORDER_STATUSES)})),
  cancel_reason varchar(200) NOT NULL DEFAULT '',
  settled_at timestamptz,
  owner_user bigint NOT NULL,
  owner_dept bigint,
  create_user bigint,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sales_order_no ON sales_order (tenant_id, order_no);
-- One order per accepted offer.
CREATE UNIQUE INDEX sales_order_offer ON sales_order (offer_id);
CREATE INDEX sales_order_recent ON sales_order (tenant_id, create_time, id);
CREATE INDEX sales_order_created ON sales_order (create_time, id);
CREATE INDEX sales_order_status ON sales_order (status, create_time);
CREATE INDEX sales_order_status_sort ON sales_order (status, id);
CREATE INDEX sales_order_owner ON sales_order (owner_user, create_time);
CREATE INDEX sales_order_dept ON sales_order (owner_dept, create_time);
CREATE INDEX sales_order_due ON sales_order (amount_due, id);
CREATE INDEX sales_order_received ON sales_order (received, id);
CREATE INDEX sales_order_inquiry ON sales_order (inquiry_id);

-- Written once, never changed: a mistake is put right by a refund, so the flow is the bank's record.
CREATE TABLE sales_trade (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  trade_no varchar(24) NOT NULL,
  order_id bigint NOT NULL,
  kind varchar(10) NOT NULL CHECK (kind IN (${among(TRADE_KINDS)})),
  method varchar(10) NOT NULL CHECK (method IN (${among(PAYMENT_METHODS)})),
  amount numeric(14,2) NOT NULL CHECK (amount > 0),
  reference varchar(64) NOT NULL DEFAULT '',
  paid_at timestamptz NOT NULL,
  remark varchar(200) NOT NULL DEFAULT '',
  create_user bigint NOT NULL,
  create_time timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX sales_trade_no ON sales_trade (tenant_id, trade_no);
-- A bank, card or wallet serial number is recorded once per method in a tenant.
CREATE UNIQUE INDEX sales_trade_reference ON sales_trade (tenant_id, method, reference) WHERE reference <> '';
CREATE INDEX sales_trade_order ON sales_trade (order_id, paid_at);
CREATE INDEX sales_trade_recent ON sales_trade (tenant_id, paid_at, id);
CREATE INDEX sales_trade_paid ON sales_trade (paid_at, id);
CREATE INDEX sales_trade_amount ON sales_trade (amount, id);
CREATE INDEX sales_trade_kind ON sales_trade (kind, paid_at);
CREATE INDEX sales_trade_method ON sales_trade (method, paid_at);
${trigramIndexes([
  'CREATE INDEX sales_order_no_trgm ON sales_order USING gin (order_no gin_trgm_ops);',
  'CREATE INDEX sales_trade_no_trgm ON sales_trade USING gin (trade_no gin_trgm_ops);',
  'CREATE INDEX sales_trade_reference_trgm ON sales_trade USING gin (reference gin_trgm_ops);',
])}`,
  },
  {
    // Red packets (docs/orders.md, "Red packets"): applied for, approved, paid with the wallet's serial.
    id: '0009_red_packets',
    sql: `
CREATE TABLE sales_red_packet (
  id bigint PRIMARY KEY,
  tenant_id varchar(12) NOT NULL,
  packet_no varchar(24) NOT NULL,
  customer_id bigint NOT NULL,
  customer_name varchar(40) NOT NULL,
  customer_phone varchar(20) NOT NULL,
  scene varchar(12) NOT NULL CHECK (scene IN (${among(RED_PACKET_SCENES)})),
  -- A wallet red packet carries at most 200 yuan.
  amount numeric(14,2) NOT NULL CHECK (amount > 0 AND amount <= 200),
  greeting varchar(40) NOT NULL DEFAULT '',
  status varchar(10) NOT NULL CHECK (status IN (${among(RED_PACKET_STATUSES)})),
  owner_user bigint NOT NULL,
  owner_dept bigint,
  approved_by bigint,
  approved_at timestamptz,
  approval_remark varchar(200) NOT NULL DEFAULT '',
  reference varchar(64) NOT NULL DEFAULT '',
  paid_at timestamptz,
  create_time timestamptz NOT NULL DEFAULT now(),
  update_user bigint,
  update_time timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'paid') = (paid_at IS NOT NULL AND reference <> ''))
);
CREATE UNIQUE INDEX sales_red_packet_no ON sales_red_packet (tenant_id, packet_no);
-- A wallet's serial number is recorded once in a tenant.
CREATE UNIQUE INDEX sales_red_packet_reference ON sales_red_packet (tenant_id, reference) WHERE reference <> '';
CREATE INDEX sales_red_packet_recent ON sales_red_packet (tenant_id, create_time, id);
CREATE INDEX sales_red_packet_created ON sales_red_packet (create_time, id);
CREATE INDEX sales_red_packet_amount ON sales_red_packet (amount, id);
CREATE INDEX sales_red_packet_status ON sales_red_packet (status, create_time);
CREATE INDEX sales_red_packet_scene ON sales_red_packet (scene, create_time);
CREATE INDEX sales_red_packet_owner ON sales_red_packet (owner_user, create_time);
CREATE INDEX sales_red_packet_dept ON sales_red_packet (owner_dept, create_time);
${trigramIndexes([
  'CREATE INDEX sales_red_packet_no_trgm ON sales_red_packet USING gin (packet_no gin_trgm_ops);',
  'CREATE INDEX sales_red_packet_name_trgm ON sales_red_packet USING gin (customer_name gin_trgm_ops);',
  'CREATE INDEX sales_red_packet_phone_trgm ON sales_red_packet USING gin (customer_phone gin_trgm_ops);',
])}`,
  },
];
