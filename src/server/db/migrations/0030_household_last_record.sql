-- Generated from the resource declarations.

alter table scheme_user add column last_record_time timestamp;

-- A household's latest record that counts (live, not rejected), kept by the database whatever writes the records: the
-- analyses of who took part lately and who has gone quiet read it instead of a year of records.
create function scheme_user_last_record_inserted() returns trigger language plpgsql as $$
begin
  update scheme_user h set last_record_time = n.at
    from (select household_id, max(record_time) as at from new_rows where not is_deleted and audit_status <> 3 group by household_id) n
   where h.id = n.household_id and (h.last_record_time is null or h.last_record_time < n.at);
  return null;
end $$;

-- An edit, a rejection or a (soft) delete may take the latest record away: the households concerned are read again.
create function scheme_user_last_record_changed() returns trigger language plpgsql as $$
begin
  update scheme_user h set last_record_time = (select max(r.record_time) from recycling_record r
                                                where r.household_id = h.id and not r.is_deleted and r.audit_status <> 3)
   where h.id in (select household_id from old_rows union select household_id from new_rows);
  return null;
end $$;

create function scheme_user_last_record_deleted() returns trigger language plpgsql as $$
begin
  update scheme_user h set last_record_time = (select max(r.record_time) from recycling_record r
                                                where r.household_id = h.id and not r.is_deleted and r.audit_status <> 3)
   where h.id in (select household_id from old_rows);
  return null;
end $$;

create trigger recycling_record_last_inserted after insert on recycling_record
  referencing new table as new_rows for each statement execute function scheme_user_last_record_inserted();
create trigger recycling_record_last_changed after update on recycling_record
  referencing old table as old_rows new table as new_rows for each statement execute function scheme_user_last_record_changed();
create trigger recycling_record_last_deleted after delete on recycling_record
  referencing old table as old_rows for each statement execute function scheme_user_last_record_deleted();

update scheme_user h set last_record_time = (select max(r.record_time) from recycling_record r
                                              where r.household_id = h.id and not r.is_deleted and r.audit_status <> 3);

create index scheme_user_last_record_idx on scheme_user (tenant_id, last_record_time) where not is_deleted;
