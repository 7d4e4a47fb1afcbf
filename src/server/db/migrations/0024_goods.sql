-- Goods types (a tree) and the goods of the central store, priced in points; the store never holds fewer than none.

create table goods_type (
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
  parent_id bigint references goods_type(id),
  sort_order integer
);
create index goods_type_tenant_idx on goods_type (tenant_id, id desc) where not is_deleted;
create index goods_type_name_idx on goods_type (tenant_id, name) where not is_deleted;
create index goods_type_parent_id_idx on goods_type (tenant_id, parent_id) where not is_deleted;
create index goods_type_sort_order_idx on goods_type (tenant_id, sort_order) where not is_deleted;

create table goods (
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
  goods_type_id bigint not null references goods_type(id),
  points_price integer not null,
  stock integer not null check (stock >= 0),
  images bigint[],
  on_shelf boolean
);
create index goods_tenant_idx on goods (tenant_id, id desc) where not is_deleted;
create index goods_name_idx on goods (tenant_id, name) where not is_deleted;
create index goods_goods_type_id_idx on goods (tenant_id, goods_type_id) where not is_deleted;
create index goods_points_price_idx on goods (tenant_id, points_price) where not is_deleted;
create index goods_stock_idx on goods (tenant_id, stock) where not is_deleted;
create index goods_on_shelf_idx on goods (tenant_id, on_shelf) where not is_deleted;
