-- The scheme's areas: district, street, community and residential compound, each naming every level above it.

create table area_district (
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
  region_code varchar(6)
);
create index area_district_tenant_idx on area_district (tenant_id, id desc) where not is_deleted;
create index area_district_name_idx on area_district (tenant_id, name) where not is_deleted;
create unique index area_district_region_code_uq on area_district (coalesce(tenant_id, 0), region_code) where not is_deleted;
create index area_district_region_code_idx on area_district (tenant_id, region_code) where not is_deleted;

create table area_street (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  qarea_id bigint not null references area_district(id),
  name varchar(50) not null,
  region_code varchar(9)
);
create index area_street_tenant_idx on area_street (tenant_id, id desc) where not is_deleted;
create index area_street_qarea_id_idx on area_street (tenant_id, qarea_id) where not is_deleted;
create index area_street_name_idx on area_street (tenant_id, name) where not is_deleted;
create unique index area_street_region_code_uq on area_street (coalesce(tenant_id, 0), region_code) where not is_deleted;
create index area_street_region_code_idx on area_street (tenant_id, region_code) where not is_deleted;

create table area_community (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  qarea_id bigint not null references area_district(id),
  sarea_id bigint not null references area_street(id),
  name varchar(50) not null,
  region_code varchar(12)
);
create index area_community_tenant_idx on area_community (tenant_id, id desc) where not is_deleted;
create index area_community_qarea_id_idx on area_community (tenant_id, qarea_id) where not is_deleted;
create index area_community_sarea_id_idx on area_community (tenant_id, sarea_id) where not is_deleted;
create index area_community_name_idx on area_community (tenant_id, name) where not is_deleted;
create unique index area_community_region_code_uq on area_community (coalesce(tenant_id, 0), region_code) where not is_deleted;
create index area_community_region_code_idx on area_community (tenant_id, region_code) where not is_deleted;

create table area_compound (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  qarea_id bigint not null references area_district(id),
  sarea_id bigint not null references area_street(id),
  carea_id bigint not null references area_community(id),
  name varchar(50) not null,
  address varchar(200),
  longitude numeric(18,6),
  latitude numeric(18,6)
);
create index area_compound_tenant_idx on area_compound (tenant_id, id desc) where not is_deleted;
create index area_compound_qarea_id_idx on area_compound (tenant_id, qarea_id) where not is_deleted;
create index area_compound_sarea_id_idx on area_compound (tenant_id, sarea_id) where not is_deleted;
create index area_compound_carea_id_idx on area_compound (tenant_id, carea_id) where not is_deleted;
create index area_compound_name_idx on area_compound (tenant_id, name) where not is_deleted;
