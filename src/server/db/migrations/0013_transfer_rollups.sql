-- Rollups of the transfer orders, kept by triggers in the transaction of every write to transfer_order and
-- transfer_order_line (API writes, seeds, bulk loads alike), so a reader never sees them disagree with the orders.
-- Keys carry all three parties: a user linked to enterprises sees an order when any party is theirs, and that
-- condition must be answerable from a rollup row alone. Rows are changed by deltas (old rows out, new rows in),
-- never recounted, so concurrent writers only add to the same rows under their row locks.

-- Where a manifest stands; the same reading as manifestStage in src/shared/bigdata.ts.
create function manifest_stage(declare_status integer, dispatch_status integer, sign_status integer) returns text
language sql immutable parallel safe as $$
  select case when declare_status = 2 then 'voided'
              when declare_status = 1 or sign_status = 1 then 'completed'
              when sign_status = 2 then 'returned'
              when dispatch_status = 1 then 'inTransit'
              else 'draft' end
$$;

-- Live orders per planned day, parties and statuses: the transfer list's exact count for party + status + date filters.
create table transfer_order_counts (
  tenant_key integer not null,
  planned_date date not null,
  producer_id bigint not null,
  transporter_id bigint not null,
  receiver_id bigint not null,
  declare_status integer not null,
  dispatch_status integer not null,
  sign_status integer not null,
  orders integer not null,
  primary key (tenant_key, planned_date, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
);
create index transfer_order_counts_producer_idx on transfer_order_counts (tenant_key, producer_id, planned_date);
create index transfer_order_counts_transporter_idx on transfer_order_counts (tenant_key, transporter_id, planned_date);
create index transfer_order_counts_receiver_idx on transfer_order_counts (tenant_key, receiver_id, planned_date);

-- Tonnes of live lines of live orders per planned day, parties, waste code (0: none) and disposal method: declared
-- (not voided), in progress (open stages: draft, in transit, returned) and received (completed manifests).
create table transfer_order_tonnes (
  tenant_key integer not null,
  planned_date date not null,
  producer_id bigint not null,
  transporter_id bigint not null,
  receiver_id bigint not null,
  wastecode_id bigint not null,
  disposal_method integer not null,
  declared numeric(18,3) not null,
  in_progress numeric(18,3) not null,
  received numeric(18,3) not null,
  primary key (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method)
);
create index transfer_order_tonnes_producer_idx on transfer_order_tonnes (tenant_key, producer_id, planned_date);
-- Tonnes in progress over all dates: only the rows of open manifests, a small part of the rollup.
create index transfer_order_tonnes_open_idx on transfer_order_tonnes (tenant_key) include (in_progress, producer_id, transporter_id, receiver_id) where in_progress <> 0;

-- One function for both tables' statement-level triggers. `changed` holds the statement's rows with a weight: -1 for
-- the old rows, +1 for the new ones; a row's contribution is added with its weight, so an update adds its difference
-- and a write that changes nothing a rollup keeps (a version, a remark) writes no rollup row. Transition tables exist
-- only for the trigger's own event, hence the query text per event.
create function transfer_rollup() returns trigger language plpgsql as $$
declare
  changed text := case tg_op
    when 'INSERT' then 'select n.*, 1 as weight from new_rows n'
    when 'DELETE' then 'select o.*, -1 as weight from old_rows o'
    else 'select o.*, -1 as weight from old_rows o union all select n.*, 1 from new_rows n' end;
  contributions text;
begin
  if tg_table_name = 'transfer_order' then
    execute format($q$
      insert into transfer_order_counts as r (tenant_key, planned_date, producer_id, transporter_id, receiver_id,
                                              declare_status, dispatch_status, sign_status, orders)
      select coalesce(c.tenant_id, 0), c.planned_date, c.producer_id, c.transporter_id, c.receiver_id,
             c.declare_status, c.dispatch_status, c.sign_status, sum(c.weight)
        from (%s) c
       where not c.is_deleted
       group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(c.weight) <> 0
       order by 1, 2, 3, 4, 5, 6, 7, 8
      on conflict (tenant_key, planned_date, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
      do update set orders = r.orders + excluded.orders
    $q$, changed);
    contributions := format('select o.*, l.wastecode_id, l.disposal_method, l.quantity, l.received_quantity, o.weight as line_weight
        from (%s) o join transfer_order_line l on l.order_id = o.id and not l.is_deleted where not o.is_deleted', changed);
  else
    -- A line counts with its order's parties and statuses: lock the orders so that a concurrent change of an order
    -- waits for this transaction (and then reads its lines) instead of both counting against stale rows.
    execute format('select 1 from transfer_order where id in (select order_id from (%s) c) order by id for no key update', changed);
    contributions := format('select o.*, l.wastecode_id, l.disposal_method, l.quantity, l.received_quantity, l.weight as line_weight
        from (%s) l join transfer_order o on o.id = l.order_id and not o.is_deleted where not l.is_deleted', changed);
  end if;
  execute format($q$
    insert into transfer_order_tonnes as r (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id,
                                            disposal_method, declared, in_progress, received)
    select * from (
      select coalesce(c.tenant_id, 0), c.planned_date, c.producer_id, c.transporter_id, c.receiver_id, coalesce(c.wastecode_id, 0),
             c.disposal_method,
             sum(case when stage <> 'voided' then c.line_weight * c.quantity else 0 end) as declared,
             sum(case when stage in ('draft', 'inTransit', 'returned') then c.line_weight * c.quantity else 0 end) as in_progress,
             sum(case when stage = 'completed' then c.line_weight * coalesce(c.received_quantity, 0) else 0 end) as received
        from (%s) c cross join lateral manifest_stage(c.declare_status, c.dispatch_status, c.sign_status) stage
       group by 1, 2, 3, 4, 5, 6, 7) d
     where declared <> 0 or in_progress <> 0 or received <> 0
     order by 1, 2, 3, 4, 5, 6, 7
    on conflict (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method)
    do update set declared = r.declared + excluded.declared, in_progress = r.in_progress + excluded.in_progress,
                  received = r.received + excluded.received
  $q$, contributions);
  return null;
end
$$;

create trigger transfer_order_rollup_insert after insert on transfer_order
  referencing new table as new_rows for each statement execute function transfer_rollup();
create trigger transfer_order_rollup_update after update on transfer_order
  referencing old table as old_rows new table as new_rows for each statement execute function transfer_rollup();
create trigger transfer_order_rollup_delete after delete on transfer_order
  referencing old table as old_rows for each statement execute function transfer_rollup();
create trigger transfer_order_line_rollup_insert after insert on transfer_order_line
  referencing new table as new_rows for each statement execute function transfer_rollup();
create trigger transfer_order_line_rollup_update after update on transfer_order_line
  referencing old table as old_rows new table as new_rows for each statement execute function transfer_rollup();
create trigger transfer_order_line_rollup_delete after delete on transfer_order_line
  referencing old table as old_rows for each statement execute function transfer_rollup();

-- The orders already there.
insert into transfer_order_counts (tenant_key, planned_date, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status, orders)
select coalesce(tenant_id, 0), planned_date, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status, count(*)
  from transfer_order where not is_deleted
 group by 1, 2, 3, 4, 5, 6, 7, 8;

insert into transfer_order_tonnes (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method, declared, in_progress, received)
select * from (
  select coalesce(o.tenant_id, 0), o.planned_date, o.producer_id, o.transporter_id, o.receiver_id, coalesce(l.wastecode_id, 0), l.disposal_method,
         sum(case when stage <> 'voided' then l.quantity else 0 end) as declared,
         sum(case when stage in ('draft', 'inTransit', 'returned') then l.quantity else 0 end) as in_progress,
         sum(case when stage = 'completed' then coalesce(l.received_quantity, 0) else 0 end) as received
    from transfer_order o join transfer_order_line l on l.order_id = o.id and not l.is_deleted
    cross join lateral manifest_stage(o.declare_status, o.dispatch_status, o.sign_status) stage
   where not o.is_deleted
   group by 1, 2, 3, 4, 5, 6, 7) d
 where declared <> 0 or in_progress <> 0 or received <> 0;
