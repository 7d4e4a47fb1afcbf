-- A device's readings are unique by time, so a batch sent again (a retry after a lost answer) stores nothing twice.
-- Earlier duplicates are removed first, keeping the first stored of each.
delete from telemetry_reading r
 using telemetry_reading k
 where k.smartequipment_id = r.smartequipment_id and k.read_at = r.read_at and k.id < r.id;

-- The device index becomes the unique one.
drop index telemetry_reading_device_idx;
create unique index telemetry_reading_device_idx on telemetry_reading (smartequipment_id, read_at desc);

-- The seq of the last event of the batch that stored the reading: a replay answers what the first sending did.
alter table telemetry_reading add column batch_seq bigint;
