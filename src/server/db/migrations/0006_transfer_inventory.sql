-- Generated from the resource declarations, then trimmed of indexes no query uses; hand-written parts below.

create table transfer_order (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  manifest_no varchar(20),
  producer_id bigint not null references enterprise_information(id),
  transporter_id bigint not null references enterprise_information(id),
  receiver_id bigint not null references enterprise_information(id),
  planned_date date not null,
  total_quantity numeric(18,3),
  declare_status integer,
  dispatch_status integer,
  sign_status integer,
  vehicle_ids bigint[],
  driver_ids bigint[],
  return_reason text,
  declarant_name varchar(64),
  producer_signee bigint[],
  transporter_signee bigint[],
  receiver_signee bigint[],
  attachments bigint[],
  remarks text,
  version integer
);
create index transfer_order_tenant_idx on transfer_order (tenant_id, id desc) where not is_deleted;
create index transfer_order_manifest_no_idx on transfer_order (tenant_id, manifest_no) where not is_deleted;
create index transfer_order_producer_id_idx on transfer_order (tenant_id, producer_id) where not is_deleted;
create index transfer_order_transporter_id_idx on transfer_order (tenant_id, transporter_id) where not is_deleted;
create index transfer_order_receiver_id_idx on transfer_order (tenant_id, receiver_id) where not is_deleted;
create index transfer_order_planned_date_idx on transfer_order (tenant_id, planned_date) where not is_deleted;

create table transfer_order_line (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  order_id bigint not null references transfer_order(id),
  hazardouswaste_id bigint not null references hazardous_waste_information(id),
  wastecode_id bigint references waste_code(id),
  waste_name varchar(100),
  quantity numeric(18,3) not null,
  container_count integer,
  container_type integer,
  physical_form integer,
  hazard_characteristics text[],
  disposal_method integer not null,
  received_quantity numeric(18,3)
);

create table warehouse_receipt (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  wastecode_id bigint not null references waste_code(id),
  hazardouswaste_id bigint references hazardous_waste_information(id),
  quantity numeric(18,3) not null,
  receipt_date date not null,
  storage_place varchar(100),
  source integer,
  transfer_order_id bigint references transfer_order(id),
  remarks text
);
create index warehouse_receipt_tenant_idx on warehouse_receipt (tenant_id, id desc) where not is_deleted;
create index warehouse_receipt_enterprise_id_idx on warehouse_receipt (tenant_id, enterprise_id) where not is_deleted;
create index warehouse_receipt_wastecode_id_idx on warehouse_receipt (tenant_id, wastecode_id) where not is_deleted;
create index warehouse_receipt_hazardouswaste_id_idx on warehouse_receipt (tenant_id, hazardouswaste_id) where not is_deleted;
create index warehouse_receipt_receipt_date_idx on warehouse_receipt (tenant_id, receipt_date) where not is_deleted;
create index warehouse_receipt_source_idx on warehouse_receipt (tenant_id, source) where not is_deleted;
create index warehouse_receipt_transfer_order_id_idx on warehouse_receipt (tenant_id, transfer_order_id) where not is_deleted;

create table inventory (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  wastecode_id bigint not null references waste_code(id),
  quantity numeric(18,3) not null,
  received_total numeric(18,3),
  shipped_total numeric(18,3),
  last_movement_time timestamp
);
create index inventory_tenant_idx on inventory (tenant_id, id desc) where not is_deleted;
create index inventory_wastecode_id_idx on inventory (tenant_id, wastecode_id) where not is_deleted;
create index inventory_last_movement_time_idx on inventory (tenant_id, last_movement_time) where not is_deleted;

-- Hand-written: what the declarations cannot say.

-- Statuses are written only by the state machine; lists filter them together with a party and a date range.
alter table transfer_order alter column declare_status set not null, alter column dispatch_status set not null,
  alter column sign_status set not null, alter column version set not null, alter column manifest_no set not null,
  alter column total_quantity set not null;
-- A double-clicked submit carries the same key twice and creates one order.
alter table transfer_order add column request_key varchar(64);
create unique index transfer_order_request_key_uq on transfer_order (coalesce(tenant_id, 0), request_key) where request_key is not null;
create unique index transfer_order_manifest_no_uq on transfer_order (coalesce(tenant_id, 0), manifest_no);
drop index transfer_order_manifest_no_idx;
-- Party + status + date: the lists' usual filter, counted exactly from the index alone.
create index transfer_order_producer_status_idx on transfer_order (tenant_id, producer_id, declare_status, planned_date) where not is_deleted;
create index transfer_order_transporter_status_idx on transfer_order (tenant_id, transporter_id, declare_status, planned_date) where not is_deleted;
create index transfer_order_receiver_status_idx on transfer_order (tenant_id, receiver_id, declare_status, planned_date) where not is_deleted;
drop index transfer_order_producer_id_idx;
drop index transfer_order_transporter_id_idx;
drop index transfer_order_receiver_id_idx;

create index transfer_order_line_order_idx on transfer_order_line (order_id) where not is_deleted;
create index transfer_order_line_wastecode_idx on transfer_order_line (wastecode_id, order_id) where not is_deleted;
create index transfer_order_line_hazardouswaste_idx on transfer_order_line (hazardouswaste_id) where not is_deleted;

-- Manifest numbers count per tenant and day.
create table manifest_counter (
  tenant_key integer not null,
  day date not null,
  last integer not null,
  primary key (tenant_key, day)
);

-- Append-only: who moved an order, when, from which statuses to which, why, and the quantities before and after.
create table transfer_order_history (
  id bigserial primary key,
  tenant_id integer,
  order_id bigint not null references transfer_order(id),
  action varchar(16) not null,
  party varchar(16),
  user_id bigint,
  user_name varchar(256),
  creation_time timestamp not null default now(),
  from_state jsonb,
  to_state jsonb,
  reason text,
  before_values jsonb,
  after_values jsonb
);
create index transfer_order_history_order_idx on transfer_order_history (order_id, id);

-- One row per enterprise and waste code; stock never goes below zero.
alter table inventory alter column received_total set default 0, alter column shipped_total set default 0;
alter table inventory add constraint inventory_quantity_not_negative check (quantity >= 0);
create unique index inventory_enterprise_wastecode_uq on inventory (tenant_id, enterprise_id, wastecode_id) nulls not distinct;
