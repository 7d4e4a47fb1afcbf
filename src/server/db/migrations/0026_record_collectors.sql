-- A record names who weighed it: the collector (entered with it) or the smart station (which posted it); and the
-- analyses find a household's or a compound's latest record that counts by index.

alter table recycling_record add column collector_id bigint references collector(id);
alter table recycling_record add column station_id bigint references recycling_station(id);
create index recycling_record_collector_id_idx on recycling_record (tenant_id, collector_id) where not is_deleted;
create index recycling_record_station_id_idx on recycling_record (tenant_id, station_id) where not is_deleted;

-- The analyses ask per household and per compound whether, and when last, a record that counts (live, not rejected)
-- was handed in.
create index recycling_record_household_time_idx on recycling_record (household_id, record_time desc) where not is_deleted and audit_status <> 3;
create index recycling_record_compound_time_idx on recycling_record (varea_id, record_time desc) where not is_deleted and audit_status <> 3;
