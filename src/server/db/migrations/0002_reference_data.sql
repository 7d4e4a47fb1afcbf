-- Generated from the resource declarations.

create table industry_category (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  code varchar(4) not null,
  name varchar(100) not null,
  level text not null,
  parent_id bigint references industry_category(id)
);
create index industry_category_tenant_idx on industry_category (tenant_id, id desc) where not is_deleted;
create unique index industry_category_code_uq on industry_category (coalesce(tenant_id, 0), code) where not is_deleted;
create index industry_category_code_idx on industry_category (tenant_id, code) where not is_deleted;
create index industry_category_name_idx on industry_category (tenant_id, name) where not is_deleted;
create index industry_category_level_idx on industry_category (tenant_id, level) where not is_deleted;
create index industry_category_parent_id_idx on industry_category (tenant_id, parent_id) where not is_deleted;

create table waste_category (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  code varchar(8) not null,
  name varchar(100) not null,
  description text
);
create index waste_category_tenant_idx on waste_category (tenant_id, id desc) where not is_deleted;
create unique index waste_category_code_uq on waste_category (coalesce(tenant_id, 0), code) where not is_deleted;
create index waste_category_code_idx on waste_category (tenant_id, code) where not is_deleted;
create index waste_category_name_idx on waste_category (tenant_id, name) where not is_deleted;

create table waste_code (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  code varchar(10) not null,
  wastecategory_id bigint not null references waste_category(id),
  industry_source varchar(100),
  description text not null,
  hazard_characteristics text[] not null
);
create index waste_code_tenant_idx on waste_code (tenant_id, id desc) where not is_deleted;
create unique index waste_code_code_uq on waste_code (coalesce(tenant_id, 0), code) where not is_deleted;
create index waste_code_code_idx on waste_code (tenant_id, code) where not is_deleted;
create index waste_code_wastecategory_id_idx on waste_code (tenant_id, wastecategory_id) where not is_deleted;
create index waste_code_industry_source_idx on waste_code (tenant_id, industry_source) where not is_deleted;
