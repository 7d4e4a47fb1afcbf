-- Exchange machines, their slots and the holds of redemptions under way. A redemption is two-phase: the hold takes
-- the points (into the holds account of the ledger) and one item of the slot (`held`); the machine's report posts it
-- (the item leaves the slot) or releases it. The database keeps a slot's counts possible and lets a hold resolve once.

create table exchange_machine (
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
  equipid varchar(32) not null,
  qarea_id bigint not null references area_district(id),
  sarea_id bigint not null references area_street(id),
  carea_id bigint not null references area_community(id),
  varea_id bigint not null references area_compound(id),
  goodsplace varchar(100),
  longitude numeric(18,6),
  latitude numeric(18,6),
  slot_count integer not null,
  slot_capacity integer not null,
  items_left integer not null default 0,
  online_state integer,
  last_seen timestamp,
  -- SHA-256 (hex) of the machine's key; the key itself is shown once.
  device_key_hash char(64)
);
create index exchange_machine_tenant_idx on exchange_machine (tenant_id, id desc) where not is_deleted;
create index exchange_machine_name_idx on exchange_machine (tenant_id, name) where not is_deleted;
create unique index exchange_machine_equipid_uq on exchange_machine (coalesce(tenant_id, 0), equipid) where not is_deleted;
create index exchange_machine_equipid_idx on exchange_machine (tenant_id, equipid) where not is_deleted;
create index exchange_machine_qarea_id_idx on exchange_machine (tenant_id, qarea_id) where not is_deleted;
create index exchange_machine_sarea_id_idx on exchange_machine (tenant_id, sarea_id) where not is_deleted;
create index exchange_machine_carea_id_idx on exchange_machine (tenant_id, carea_id) where not is_deleted;
create index exchange_machine_varea_id_idx on exchange_machine (tenant_id, varea_id) where not is_deleted;
create index exchange_machine_items_left_idx on exchange_machine (tenant_id, items_left) where not is_deleted;
create index exchange_machine_online_state_idx on exchange_machine (tenant_id, online_state) where not is_deleted;
create index exchange_machine_last_seen_idx on exchange_machine (tenant_id, last_seen) where not is_deleted;
create unique index exchange_machine_key_uq on exchange_machine (device_key_hash) where device_key_hash is not null;

-- A slot holds one kind of goods; `held` of its items are promised to redemptions under way and cannot be taken out.
create table exchange_slot (
  machine_id bigint not null references exchange_machine(id),
  slot_no smallint not null,
  tenant_id integer,
  goods_id bigint references goods(id),
  quantity integer not null default 0,
  held integer not null default 0,
  capacity integer not null,
  primary key (machine_id, slot_no),
  constraint exchange_slot_counts check (held >= 0 and held <= quantity and quantity <= capacity),
  constraint exchange_slot_goods check (goods_id is not null or quantity = 0)
);

-- Each redemption, from its hold to its end: the machine's request id makes a resent request the same hold; once
-- resolved (dispensed, failed or timed out) a hold never changes again.
create table exchange_hold (
  id bigserial primary key,
  tenant_id integer,
  machine_id bigint not null references exchange_machine(id),
  slot_no smallint not null,
  request_id varchar(64) not null,
  household_id bigint not null references scheme_user(id),
  goods_id bigint not null references goods(id),
  points integer not null check (points > 0),
  state smallint not null default 1,
  hold_posting_id bigint not null references points_postings(id),
  end_posting_id bigint references points_postings(id),
  failure varchar(100),
  creation_time timestamp not null default now(),
  expires_at timestamp not null,
  resolved_at timestamp,
  constraint exchange_hold_resolved check ((state = 1) = (resolved_at is null) and (state = 1) = (end_posting_id is null))
);
create unique index exchange_hold_request_uq on exchange_hold (machine_id, request_id);
create index exchange_hold_due_idx on exchange_hold (expires_at) where state = 1;
create index exchange_hold_household_idx on exchange_hold (household_id, id desc);
create index exchange_hold_machine_idx on exchange_hold (machine_id, id desc);

create function exchange_hold_resolves_once() returns trigger language plpgsql as $$
begin
  if old.state <> 1 then
    raise exception 'exchange hold % is already resolved', old.id using errcode = '55000';
  end if;
  return new;
end $$;
create trigger exchange_hold_once before update on exchange_hold for each row execute function exchange_hold_resolves_once();
