-- The recycling scheme's users: households, each with the card it uses at stations and exchange machines. Its points
-- balance is kept by its ledger and can never go below zero.

create table scheme_user (
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
  phone varchar(20),
  card_no varchar(32) not null,
  members integer not null,
  role_level integer not null,
  qarea_id bigint not null references area_district(id),
  sarea_id bigint not null references area_street(id),
  carea_id bigint not null references area_community(id),
  varea_id bigint not null references area_compound(id),
  address varchar(200),
  enrol_date date not null,
  status integer not null,
  points integer not null default 0 check (points >= 0)
);
create index scheme_user_tenant_idx on scheme_user (tenant_id, id desc) where not is_deleted;
create index scheme_user_name_idx on scheme_user (tenant_id, name) where not is_deleted;
create unique index scheme_user_card_no_uq on scheme_user (coalesce(tenant_id, 0), card_no) where not is_deleted;
create index scheme_user_card_no_idx on scheme_user (tenant_id, card_no) where not is_deleted;
create index scheme_user_role_level_idx on scheme_user (tenant_id, role_level) where not is_deleted;
create index scheme_user_qarea_id_idx on scheme_user (tenant_id, qarea_id) where not is_deleted;
create index scheme_user_sarea_id_idx on scheme_user (tenant_id, sarea_id) where not is_deleted;
create index scheme_user_carea_id_idx on scheme_user (tenant_id, carea_id) where not is_deleted;
create index scheme_user_varea_id_idx on scheme_user (tenant_id, varea_id) where not is_deleted;
create index scheme_user_enrol_date_idx on scheme_user (tenant_id, enrol_date) where not is_deleted;
create index scheme_user_status_idx on scheme_user (tenant_id, status) where not is_deleted;
create index scheme_user_points_idx on scheme_user (tenant_id, points) where not is_deleted;
