-- Kilograms and records per month, place and class of the records that count (live, not rejected), kept by the
-- database whatever writes the records: a year's trend reads a few thousand rows instead of a year of records.
create table recycling_month (
  tenant_id integer,
  month date not null,
  qarea_id bigint,
  sarea_id bigint,
  carea_id bigint,
  varea_id bigint,
  rubbish_type1 smallint not null,
  weight numeric not null,
  records integer not null
);
create unique index recycling_month_key on recycling_month
  ((coalesce(tenant_id, 0)), month, (coalesce(qarea_id, 0)), (coalesce(sarea_id, 0)), (coalesce(carea_id, 0)), (coalesce(varea_id, 0)), rubbish_type1);

-- Rows arriving count plus, rows leaving count minus (an insert has only the first, a delete only the second), added
-- in key order so that concurrent writers take the rows they share in the same order.
create function recycling_month_apply() returns trigger language plpgsql as $$
declare
  place text := 'tenant_id, date_trunc(''month'', record_time)::date as month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1';
  counted text := ' where not is_deleted and audit_status <> 3';
  arriving text := 'select ' || place || ', weight, 1 as records from new_rows' || counted;
  leaving text := 'select ' || place || ', -weight, -1 from old_rows' || counted;
  key text := '(coalesce(tenant_id, 0)), month, (coalesce(qarea_id, 0)), (coalesce(sarea_id, 0)), (coalesce(carea_id, 0)), (coalesce(varea_id, 0)), rubbish_type1';
begin
  execute 'insert into recycling_month as m (tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, weight, records)
    select tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, sum(weight), sum(records) from ('
    || case tg_op when 'INSERT' then arriving when 'DELETE' then leaving else arriving || ' union all ' || leaving end
    || ') c group by tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1
       having sum(records) <> 0 or sum(weight) <> 0 order by ' || key
    || ' on conflict (' || key || ') do update set weight = m.weight + excluded.weight, records = m.records + excluded.records';
  return null;
end $$;

create trigger recycling_record_month_inserted after insert on recycling_record
  referencing new table as new_rows for each statement execute function recycling_month_apply();
create trigger recycling_record_month_changed after update on recycling_record
  referencing old table as old_rows new table as new_rows for each statement execute function recycling_month_apply();
create trigger recycling_record_month_deleted after delete on recycling_record
  referencing old table as old_rows for each statement execute function recycling_month_apply();

insert into recycling_month (tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, weight, records)
  select tenant_id, date_trunc('month', record_time)::date, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, sum(weight), count(*)
    from recycling_record where not is_deleted and audit_status <> 3
   group by tenant_id, date_trunc('month', record_time)::date, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1;
