-- One clock: every stored point in time becomes an instant (timestamptz, kept to the millisecond as JavaScript holds
-- it), and each tenant gets the zone its calendar follows. Until now times were zone-less and written under three
-- conventions; each column is converted by the one it was written under:
--
-- 1. The database session's zone (the server's default zone, UTC on embedded PGlite): every column below not named
--    in 2 or 3. They were stamped by the session's clock, or came from device instants cast to the session's wall
--    clock (readings, warnings, storage changes, holds, heartbeats). Read in this session's zone, which is the zone
--    they were written in.
-- 2. UTC wall clock, written from JavaScript's toISOString(): collector_location.at (phone positions), and
--    recycling_record.record_time of records a smart station posted (source 2).
-- 3. China wall time, as forms sent it: recycling_record.record_time of every other record (collectors', typed in).
--
-- Derived from these, and built again from them: scheme_user.last_record_time (a household's latest record that
-- counts) and recycling_month (a month's records, now by the month of the tenant's calendar). The live event log's
-- payloads carried zone-less session times as text; they are rewritten as instants.

alter table tenants add column time_zone text not null default 'Asia/Shanghai';

alter table recycling_record alter column record_time type timestamptz(3)
  using case when source = 2 then record_time at time zone 'UTC' else record_time at time zone 'Asia/Shanghai' end;
alter table collector_location alter column at type timestamptz(3) using at at time zone 'UTC';

alter table annual_management_plan
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table annual_management_plan_detail
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table area_community
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table area_compound
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table area_district
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table area_street
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table chat_log
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column read_time type timestamptz(3) using read_time::timestamptz,
  alter column delivered_time type timestamptz(3) using delivered_time::timestamptz;

alter table collection_category
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table collector
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table collector_location
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table contract
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table display_tokens
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_used_time type timestamptz(3) using last_used_time::timestamptz,
  alter column revoked_time type timestamptz(3) using revoked_time::timestamptz;

alter table driver
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table enterprise_information
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table equipment_model
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table equipment_warning
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column raised_at type timestamptz(3) using raised_at::timestamptz,
  alter column last_seen_at type timestamptz(3) using last_seen_at::timestamptz,
  alter column acknowledged_at type timestamptz(3) using acknowledged_at::timestamptz,
  alter column closed_at type timestamptz(3) using closed_at::timestamptz;

alter table exchange_hold
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column expires_at type timestamptz(3) using expires_at::timestamptz,
  alter column resolved_at type timestamptz(3) using resolved_at::timestamptz;

alter table exchange_machine
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_seen type timestamptz(3) using last_seen::timestamptz;

alter table goods
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table goods_type
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table hazardous_waste_information
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table hazardous_waste_storage
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_change_time type timestamptz(3) using last_change_time::timestamptz,
  alter column last_added_time type timestamptz(3) using last_added_time::timestamptz,
  alter column bound_time type timestamptz(3) using bound_time::timestamptz,
  alter column unbound_time type timestamptz(3) using unbound_time::timestamptz;

alter table hub_presence
  alter column seen_at type timestamptz(3) using seen_at::timestamptz;

alter table industry_category
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table inventory
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_movement_time type timestamptz(3) using last_movement_time::timestamptz;

alter table live_events
  alter column created_at type timestamptz(3) using created_at::timestamptz;

alter table login_attempts
  alter column locked_until type timestamptz(3) using locked_until::timestamptz,
  alter column last_failure_time type timestamptz(3) using last_failure_time::timestamptz;

alter table msg_info
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table notifications
  alter column read_time type timestamptz(3) using read_time::timestamptz,
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table points_postings
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table points_rule
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table points_rule_version
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table recycling_record
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table recycling_station
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_seen type timestamptz(3) using last_seen::timestamptz;

alter table regular_inspections
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table roles
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table schema_migrations
  alter column applied_at type timestamptz(3) using applied_at::timestamptz;

alter table scheme_user
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_record_time type timestamptz(3) using null;

alter table smart_equipment
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz,
  alter column last_heartbeat type timestamptz(3) using last_heartbeat::timestamptz;

alter table station_messages
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table storage_correction
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table stored_files
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table telemetry_reading
  alter column read_at type timestamptz(3) using read_at::timestamptz,
  alter column received_at type timestamptz(3) using received_at::timestamptz;

alter table tenants
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table transfer_order
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table transfer_order_history
  alter column creation_time type timestamptz(3) using creation_time::timestamptz;

alter table transfer_order_line
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table users
  alter column last_login_time type timestamptz(3) using last_login_time::timestamptz,
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table vehicle_information
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table wall_settings
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz;

alter table warehouse_receipt
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table waste_category
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

alter table waste_code
  alter column creation_time type timestamptz(3) using creation_time::timestamptz,
  alter column last_modification_time type timestamptz(3) using last_modification_time::timestamptz,
  alter column deletion_time type timestamptz(3) using deletion_time::timestamptz;

-- A household's latest record, read again from the converted records.
update scheme_user h set last_record_time = (select max(r.record_time) from recycling_record r
                                              where r.household_id = h.id and not r.is_deleted and r.audit_status <> 3);

-- A record counts in the month its tenant's calendar shows at its instant.
create or replace function recycling_month_apply() returns trigger language plpgsql as $$
declare
  place text := 'r.tenant_id, date_trunc(''month'', r.record_time at time zone coalesce(z.time_zone, ''Asia/Shanghai''))::date as month,
    r.qarea_id, r.sarea_id, r.carea_id, r.varea_id, r.rubbish_type1';
  counted text := ' r left join tenants z on z.id = r.tenant_id where not r.is_deleted and r.audit_status <> 3';
  arriving text := 'select ' || place || ', r.weight, 1 as records from new_rows' || counted;
  leaving text := 'select ' || place || ', -r.weight, -1 from old_rows' || counted;
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

delete from recycling_month;
insert into recycling_month (tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, weight, records)
  select r.tenant_id, date_trunc('month', r.record_time at time zone coalesce(z.time_zone, 'Asia/Shanghai'))::date,
         r.qarea_id, r.sarea_id, r.carea_id, r.varea_id, r.rubbish_type1, sum(r.weight), count(*)
    from recycling_record r left join tenants z on z.id = r.tenant_id
   where not r.is_deleted and r.audit_status <> 3
   group by 1, 2, 3, 4, 5, 6, 7;

-- Zone-less date-times inside the live event log's payloads were the session's wall clock: they become instants
-- (UTC, `…Z`), which the API writes on the tenant's clock when it sends them.
create function one_clock_payload(value jsonb) returns jsonb language plpgsql stable as $$
begin
  case jsonb_typeof(value)
    when 'object' then
      return coalesce((select jsonb_object_agg(e.key, one_clock_payload(e.value)) from jsonb_each(value) e), '{}'::jsonb);
    when 'array' then
      return coalesce((select jsonb_agg(one_clock_payload(a.value) order by a.n) from jsonb_array_elements(value) with ordinality a(value, n)), '[]'::jsonb);
    when 'string' then
      if value #>> '{}' ~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$' then
        -- Text without an offset, cast to an instant, is read on the session's clock: the one it was written on.
        return to_jsonb(to_char(((value #>> '{}')::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
      end if;
      return value;
    else
      return value;
  end case;
end $$;

update live_events set payload = one_clock_payload(payload);
drop function one_clock_payload(jsonb);

-- A tenant's administrator keeps its settings (the zone among them): the tenants' Admin roles hold the new permission.
insert into role_permissions (tenant_id, role_id, name)
  select r.tenant_id, r.id, 'Pages.Administration.Tenant.Settings' from roles r
   where r.tenant_id is not null and r.is_static and r.name = 'Admin' and not r.is_deleted
     and not exists (select 1 from role_permissions p where p.role_id = r.id and p.name = 'Pages.Administration.Tenant.Settings');
