-- Generated from the resource declarations, trimmed of indexes no query uses; the live-monitoring tables below are by hand.

create table equipment_model (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  name varchar(100) not null,
  container_type integer not null,
  container_capacity integer,
  container_material integer,
  packaging_method integer not null,
  capacity numeric(18,3) not null,
  capacity_unit integer not null,
  size numeric(18,2),
  size_unit integer,
  storage_point_type integer not null,
  battery_min numeric(18,1) not null,
  temperature_max numeric(18,1) not null,
  reduction_min numeric(18,3) not null,
  displacement_radius numeric(18,1) not null,
  no_waste_hours integer not null,
  offline_minutes integer not null,
  status integer
);
create index equipment_model_tenant_idx on equipment_model (tenant_id, id desc) where not is_deleted;
create unique index equipment_model_name_uq on equipment_model (coalesce(tenant_id, 0), name) where not is_deleted;
create index equipment_model_name_idx on equipment_model (tenant_id, name) where not is_deleted;

create table smart_equipment (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  serial_number varchar(50) not null,
  enterprise_id bigint not null references enterprise_information(id),
  equipmentmodel_id bigint not null references equipment_model(id),
  hazardouswaste_information_id bigint references hazardous_waste_information(id),
  storage_place varchar(100),
  latitude numeric(18,6),
  longitude numeric(18,6),
  running_state integer,
  activation integer,
  online_state integer,
  last_heartbeat timestamp
);
create index smart_equipment_tenant_idx on smart_equipment (tenant_id, id desc) where not is_deleted;
create unique index smart_equipment_serial_number_uq on smart_equipment (coalesce(tenant_id, 0), serial_number) where not is_deleted;
create index smart_equipment_enterprise_id_idx on smart_equipment (tenant_id, enterprise_id) where not is_deleted;
create index smart_equipment_equipmentmodel_id_idx on smart_equipment (tenant_id, equipmentmodel_id) where not is_deleted;

create table hazardous_waste_storage (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  smartequipment_id bigint not null references smart_equipment(id),
  enterprise_id bigint not null references enterprise_information(id),
  hazardouswaste_information_id bigint not null references hazardous_waste_information(id),
  wastecode_id bigint references waste_code(id),
  storage_place varchar(100),
  current_weight numeric(18,3) not null,
  capacity numeric(18,3) not null,
  fill_ratio numeric(18,4),
  last_change_time timestamp,
  last_added_time timestamp,
  bound_time timestamp,
  unbound_time timestamp
);
create index hazardous_waste_storage_tenant_idx on hazardous_waste_storage (tenant_id, id desc) where not is_deleted;
create index hazardous_waste_storage_smartequipment_id_idx on hazardous_waste_storage (tenant_id, smartequipment_id) where not is_deleted;
create index hazardous_waste_storage_enterprise_id_idx on hazardous_waste_storage (tenant_id, enterprise_id) where not is_deleted;
create index hazardous_waste_storage_last_change_time_idx on hazardous_waste_storage (tenant_id, last_change_time) where not is_deleted;

create table equipment_warning (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  smartequipment_id bigint not null references smart_equipment(id),
  enterprise_id bigint not null references enterprise_information(id),
  storage_id bigint references hazardous_waste_storage(id),
  warning_type integer not null,
  value numeric(18,3),
  threshold numeric(18,3),
  quantity numeric(18,3),
  raised_at timestamp not null,
  last_seen_at timestamp,
  occurrences integer,
  status integer,
  acknowledged_by varchar(64),
  acknowledged_at timestamp,
  acknowledge_note text,
  closed_by varchar(64),
  closed_at timestamp,
  close_note text
);
create index equipment_warning_tenant_idx on equipment_warning (tenant_id, id desc) where not is_deleted;
create index equipment_warning_smartequipment_id_idx on equipment_warning (tenant_id, smartequipment_id) where not is_deleted;
create index equipment_warning_enterprise_id_idx on equipment_warning (tenant_id, enterprise_id) where not is_deleted;
create index equipment_warning_raised_at_idx on equipment_warning (tenant_id, raised_at) where not is_deleted;

-- Devices authenticate with a key; only its SHA-256 is kept.
alter table smart_equipment add column device_key_hash char(64);
create unique index smart_equipment_device_key_uq on smart_equipment (device_key_hash) where device_key_hash is not null and not is_deleted;
-- The offline sweep looks at online devices by heartbeat.
create index smart_equipment_heartbeat_sweep_idx on smart_equipment (last_heartbeat) where online_state = 0 and not is_deleted;

alter table hazardous_waste_storage add constraint hazardous_waste_storage_weight_ck check (current_weight >= 0 and capacity >= 0);
-- A device is one storage point at a time; unbinding closes the row and keeps it.
create unique index hazardous_waste_storage_active_uq on hazardous_waste_storage (smartequipment_id) where unbound_time is null and not is_deleted;

-- One not-closed warning per device and type: repeats count up on it.
create unique index equipment_warning_open_uq on equipment_warning (smartequipment_id, warning_type) where status <> 2 and not is_deleted;
create index equipment_warning_console_idx on equipment_warning (tenant_id, status, raised_at desc) where status <> 2 and not is_deleted;

-- Readings as the devices sent them, append-only.
create table telemetry_reading (
  id bigserial primary key,
  tenant_id integer,
  smartequipment_id bigint not null references smart_equipment(id),
  storage_id bigint references hazardous_waste_storage(id),
  read_at timestamp not null,
  received_at timestamp not null default now(),
  weight numeric(18,3),
  battery numeric(5,1),
  temperature numeric(5,1),
  latitude numeric(9,6),
  longitude numeric(10,6)
);
create index telemetry_reading_device_idx on telemetry_reading (smartequipment_id, read_at desc);
create index telemetry_reading_storage_idx on telemetry_reading (storage_id, read_at desc) where storage_id is not null;

-- The live event log: per tenant (host = 0) a strictly increasing seq, handed out under the counter row's lock so
-- events commit in seq order.
create table live_event_counter (
  tenant_key bigint primary key,
  last_seq bigint not null
);
create table live_events (
  tenant_key bigint not null,
  seq bigint not null,
  type varchar(32) not null,
  topic varchar(16) not null,
  enterprise_ids bigint[],
  user_ids bigint[],
  payload jsonb not null,
  created_at timestamp not null default now(),
  primary key (tenant_key, seq)
);
