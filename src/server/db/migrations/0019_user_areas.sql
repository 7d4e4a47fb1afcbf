-- Users linked to areas (a street office's clerks): each link names an area of any level with every level above it,
-- the levels below it null, so that scoping compares paths without walking up the hierarchy.
create table user_areas (
  id bigserial primary key,
  tenant_id integer,
  user_id bigint not null references users(id),
  qarea_id bigint not null references area_district(id),
  sarea_id bigint references area_street(id),
  carea_id bigint references area_community(id),
  varea_id bigint references area_compound(id)
);
create index user_areas_user_idx on user_areas (user_id);
create index user_areas_sarea_idx on user_areas (sarea_id) where sarea_id is not null;
create index user_areas_carea_idx on user_areas (carea_id) where carea_id is not null;
