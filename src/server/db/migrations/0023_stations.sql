-- Smart recycling stations and the drop-offs they post: a station's message id is kept with the record it became, so a
-- drop-off sent again (a station back online resending what it stored) is answered, never posted twice.

create table recycling_station (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  name varchar(50) not null,
  serial_number varchar(32) not null,
  qarea_id bigint not null references area_district(id),
  sarea_id bigint not null references area_street(id),
  carea_id bigint not null references area_community(id),
  varea_id bigint not null references area_compound(id),
  longitude numeric(18,6),
  latitude numeric(18,6),
  online_state integer,
  last_seen timestamp,
  -- SHA-256 (hex) of the station's key; the key itself is shown once.
  device_key_hash char(64)
);
create index recycling_station_tenant_idx on recycling_station (tenant_id, id desc) where not is_deleted;
create index recycling_station_name_idx on recycling_station (tenant_id, name) where not is_deleted;
create unique index recycling_station_serial_number_uq on recycling_station (coalesce(tenant_id, 0), serial_number) where not is_deleted;
create index recycling_station_serial_number_idx on recycling_station (tenant_id, serial_number) where not is_deleted;
create index recycling_station_qarea_id_idx on recycling_station (tenant_id, qarea_id) where not is_deleted;
create index recycling_station_sarea_id_idx on recycling_station (tenant_id, sarea_id) where not is_deleted;
create index recycling_station_carea_id_idx on recycling_station (tenant_id, carea_id) where not is_deleted;
create index recycling_station_varea_id_idx on recycling_station (tenant_id, varea_id) where not is_deleted;
create index recycling_station_online_state_idx on recycling_station (tenant_id, online_state) where not is_deleted;
create index recycling_station_last_seen_idx on recycling_station (tenant_id, last_seen) where not is_deleted;
create unique index recycling_station_key_uq on recycling_station (device_key_hash) where device_key_hash is not null;

create table station_messages (
  station_id bigint not null references recycling_station(id),
  message_id varchar(64) not null,
  record_id bigint not null references recycling_record(id),
  creation_time timestamp not null default now(),
  primary key (station_id, message_id)
);
