-- The collectors of the recycling scheme, with the communities they serve.

create table collector (
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
  phone varchar(20) not null,
  id_card_number varchar(18) not null,
  carea_ids bigint[],
  status integer not null
);
create index collector_tenant_idx on collector (tenant_id, id desc) where not is_deleted;
create index collector_name_idx on collector (tenant_id, name) where not is_deleted;
create unique index collector_id_card_number_uq on collector (coalesce(tenant_id, 0), id_card_number) where not is_deleted;
create index collector_status_idx on collector (tenant_id, status) where not is_deleted;
