-- Weights set by hand (UpdateCurrentWeight), append-only: who, when, from what to what, and why.
create table storage_correction (
  id bigserial primary key,
  tenant_id integer,
  storage_id bigint not null references hazardous_waste_storage(id),
  previous_weight numeric(18,3) not null,
  current_weight numeric(18,3) not null,
  reason text not null,
  user_id bigint,
  user_name varchar(256),
  creation_time timestamp not null default now()
);
create index storage_correction_storage_idx on storage_correction (storage_id, id desc);

-- The no-waste sweep walks the active storage points; the reduction check looks up a producer's receipts of a code.
create index hazardous_waste_storage_active_idx on hazardous_waste_storage (tenant_id, id) where unbound_time is null and not is_deleted;
create index warehouse_receipt_enterprise_code_time_idx on warehouse_receipt (enterprise_id, wastecode_id, creation_time) where not is_deleted;
