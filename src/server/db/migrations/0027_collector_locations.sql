-- Where collectors have been: positions their phones report as they go round, kept as a track per collector.

create table collector_location (
  id bigserial primary key,
  tenant_id integer,
  collector_id bigint not null references collector(id),
  longitude numeric(10,6) not null check (longitude between -180 and 180),
  latitude numeric(10,6) not null check (latitude between -90 and 90),
  at timestamp not null,
  creation_time timestamp not null default now()
);
-- A collector's latest position, and a day's track, are both the head of this index.
create index collector_location_track_idx on collector_location (collector_id, at desc);
