-- Coarser grains of the transfer rollups. A per-day row per party triple is nearly a row per order in a city where
-- most producers ship once or twice a day, so year figures and all-dates counts cannot come from the day rollups fast.
-- Two kinds of readers need two kinds of rows: a user linked to enterprises reads party rows (the scope rule needs
-- all three parties) and only ever the slice of their enterprises; a tenant-wide reader reads tenant rows, which
-- have no party triple and stay a few thousand rows whatever the number of enterprises. Same delta rule as before.

-- Tonnes per planned month, parties, waste code and disposal method: declared (not voided) and received (completed).
create table transfer_order_months (
  tenant_key integer not null,
  month date not null,
  producer_id bigint not null,
  transporter_id bigint not null,
  receiver_id bigint not null,
  wastecode_id bigint not null,
  disposal_method integer not null,
  declared numeric(18,3) not null,
  received numeric(18,3) not null,
  primary key (tenant_key, month, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method)
);
create index transfer_order_months_producer_idx on transfer_order_months (tenant_key, producer_id, month);
create index transfer_order_months_transporter_idx on transfer_order_months (tenant_key, transporter_id, month);
create index transfer_order_months_receiver_idx on transfer_order_months (tenant_key, receiver_id, month);

-- The same for the whole tenant: the producer is kept (top producers), the carrier and the receiver are not.
create table transfer_tenant_months (
  tenant_key integer not null,
  month date not null,
  producer_id bigint not null,
  wastecode_id bigint not null,
  disposal_method integer not null,
  declared numeric(18,3) not null,
  received numeric(18,3) not null,
  primary key (tenant_key, month, producer_id, wastecode_id, disposal_method)
);

-- Orders and tonnes of live lines (any stage: the key says which) per parties and statuses, over all dates: manifests
-- per stage and tonnes in progress for linked users, the list's total when no date range is asked.
create table transfer_order_stages (
  tenant_key integer not null,
  producer_id bigint not null,
  transporter_id bigint not null,
  receiver_id bigint not null,
  declare_status integer not null,
  dispatch_status integer not null,
  sign_status integer not null,
  orders integer not null,
  quantity numeric(18,3) not null,
  primary key (tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
);
create index transfer_order_stages_transporter_idx on transfer_order_stages (tenant_key, transporter_id);
create index transfer_order_stages_receiver_idx on transfer_order_stages (tenant_key, receiver_id);

-- Orders, tonnes of live lines and tonnes received per planned day and statuses for the whole tenant: stages, tonnes
-- in progress, periods and the time statistics of tenant-wide readers.
create table transfer_tenant_days (
  tenant_key integer not null,
  planned_date date not null,
  declare_status integer not null,
  dispatch_status integer not null,
  sign_status integer not null,
  orders integer not null,
  quantity numeric(18,3) not null,
  received numeric(18,3) not null,
  primary key (tenant_key, planned_date, declare_status, dispatch_status, sign_status)
);

-- Tonnes in progress now come from the stage rows: the day rows' partial index for them would only cost writes.
drop index transfer_order_tonnes_open_idx;

-- Replaces the function of the day rollups: each statement's order rows feed the order counts, its line rows (with
-- their order's parties and statuses) the tonnes; every grain is written from one grouped delta, in key order.
create or replace function transfer_rollup() returns trigger language plpgsql as $$
declare
  changed text := case tg_op
    when 'INSERT' then 'select n.*, 1 as weight from new_rows n'
    when 'DELETE' then 'select o.*, -1 as weight from old_rows o'
    else 'select o.*, -1 as weight from old_rows o union all select n.*, 1 from new_rows n' end;
  contributions text;
begin
  if tg_table_name = 'transfer_order' then
    execute format($q$
      with d as (
        select coalesce(c.tenant_id, 0) as tenant_key, c.planned_date, c.producer_id, c.transporter_id, c.receiver_id,
               c.declare_status, c.dispatch_status, c.sign_status, sum(c.weight)::integer as orders
          from (%s) c
         where not c.is_deleted
         group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(c.weight) <> 0),
      counts as (
        insert into transfer_order_counts as r (tenant_key, planned_date, producer_id, transporter_id, receiver_id,
                                                declare_status, dispatch_status, sign_status, orders)
        select * from d order by 1, 2, 3, 4, 5, 6, 7, 8
        on conflict (tenant_key, planned_date, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
        do update set orders = r.orders + excluded.orders),
      stages as (
        insert into transfer_order_stages as r (tenant_key, producer_id, transporter_id, receiver_id, declare_status,
                                                dispatch_status, sign_status, orders, quantity)
        select tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status, sum(orders), 0
          from d group by 1, 2, 3, 4, 5, 6, 7 having sum(orders) <> 0 order by 1, 2, 3, 4, 5, 6, 7
        on conflict (tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
        do update set orders = r.orders + excluded.orders)
      insert into transfer_tenant_days as r (tenant_key, planned_date, declare_status, dispatch_status, sign_status, orders, quantity, received)
      select tenant_key, planned_date, declare_status, dispatch_status, sign_status, sum(orders), 0, 0
        from d group by 1, 2, 3, 4, 5 having sum(orders) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_key, planned_date, declare_status, dispatch_status, sign_status)
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
    with d as materialized (
      select coalesce(c.tenant_id, 0) as tenant_key, c.planned_date, c.producer_id, c.transporter_id, c.receiver_id,
             coalesce(c.wastecode_id, 0) as wastecode_id, c.disposal_method, c.declare_status, c.dispatch_status, c.sign_status,
             manifest_stage(c.declare_status, c.dispatch_status, c.sign_status) as stage,
             sum(c.line_weight * c.quantity) as quantity, sum(c.line_weight * coalesce(c.received_quantity, 0)) as received
        from (%s) c
       group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    tonnes as (
      select tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method,
             sum(case when stage <> 'voided' then quantity else 0 end) as declared,
             sum(case when stage in ('draft', 'inTransit', 'returned') then quantity else 0 end) as in_progress,
             sum(case when stage = 'completed' then received else 0 end) as received
        from d group by 1, 2, 3, 4, 5, 6, 7),
    days as (
      insert into transfer_order_tonnes as r (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id,
                                              disposal_method, declared, in_progress, received)
      select * from tonnes where declared <> 0 or in_progress <> 0 or received <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (tenant_key, planned_date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method)
      do update set declared = r.declared + excluded.declared, in_progress = r.in_progress + excluded.in_progress,
                    received = r.received + excluded.received),
    months as (
      insert into transfer_order_months as r (tenant_key, month, producer_id, transporter_id, receiver_id, wastecode_id,
                                              disposal_method, declared, received)
      select tenant_key, date_trunc('month', planned_date)::date, producer_id, transporter_id, receiver_id, wastecode_id,
             disposal_method, sum(declared), sum(received)
        from tonnes group by 1, 2, 3, 4, 5, 6, 7 having sum(declared) <> 0 or sum(received) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (tenant_key, month, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method)
      do update set declared = r.declared + excluded.declared, received = r.received + excluded.received),
    tenant_months as (
      insert into transfer_tenant_months as r (tenant_key, month, producer_id, wastecode_id, disposal_method, declared, received)
      select tenant_key, date_trunc('month', planned_date)::date, producer_id, wastecode_id, disposal_method, sum(declared), sum(received)
        from tonnes group by 1, 2, 3, 4, 5 having sum(declared) <> 0 or sum(received) <> 0 order by 1, 2, 3, 4, 5
      on conflict (tenant_key, month, producer_id, wastecode_id, disposal_method)
      do update set declared = r.declared + excluded.declared, received = r.received + excluded.received),
    stages as (
      insert into transfer_order_stages as r (tenant_key, producer_id, transporter_id, receiver_id, declare_status,
                                              dispatch_status, sign_status, orders, quantity)
      select tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status, 0, sum(quantity)
        from d group by 1, 2, 3, 4, 5, 6, 7 having sum(quantity) <> 0 order by 1, 2, 3, 4, 5, 6, 7
      on conflict (tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status)
      do update set quantity = r.quantity + excluded.quantity)
    insert into transfer_tenant_days as r (tenant_key, planned_date, declare_status, dispatch_status, sign_status, orders, quantity, received)
    select tenant_key, planned_date, declare_status, dispatch_status, sign_status, 0, sum(quantity), sum(received)
      from d group by 1, 2, 3, 4, 5 having sum(quantity) <> 0 or sum(received) <> 0 order by 1, 2, 3, 4, 5
    on conflict (tenant_key, planned_date, declare_status, dispatch_status, sign_status)
    do update set quantity = r.quantity + excluded.quantity, received = r.received + excluded.received
  $q$, contributions);
  return null;
end
$$;

-- The orders already there.
insert into transfer_order_stages (tenant_key, producer_id, transporter_id, receiver_id, declare_status, dispatch_status, sign_status, orders, quantity)
select coalesce(o.tenant_id, 0), o.producer_id, o.transporter_id, o.receiver_id, o.declare_status, o.dispatch_status, o.sign_status,
       count(*), coalesce(sum(l.quantity), 0)
  from transfer_order o
  left join lateral (select sum(quantity) as quantity from transfer_order_line where order_id = o.id and not is_deleted) l on true
 where not o.is_deleted
 group by 1, 2, 3, 4, 5, 6, 7;

insert into transfer_tenant_days (tenant_key, planned_date, declare_status, dispatch_status, sign_status, orders, quantity, received)
select coalesce(o.tenant_id, 0), o.planned_date, o.declare_status, o.dispatch_status, o.sign_status, count(*),
       coalesce(sum(l.quantity), 0), coalesce(sum(l.received), 0)
  from transfer_order o
  left join lateral (select sum(quantity) as quantity, sum(coalesce(received_quantity, 0)) as received
                       from transfer_order_line where order_id = o.id and not is_deleted) l on true
 where not o.is_deleted
 group by 1, 2, 3, 4, 5;

insert into transfer_order_months (tenant_key, month, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method, declared, received)
select tenant_key, date_trunc('month', planned_date)::date, producer_id, transporter_id, receiver_id, wastecode_id, disposal_method,
       sum(declared), sum(received)
  from transfer_order_tonnes
 group by 1, 2, 3, 4, 5, 6, 7 having sum(declared) <> 0 or sum(received) <> 0;

insert into transfer_tenant_months (tenant_key, month, producer_id, wastecode_id, disposal_method, declared, received)
select tenant_key, date_trunc('month', planned_date)::date, producer_id, wastecode_id, disposal_method, sum(declared), sum(received)
  from transfer_order_tonnes
 group by 1, 2, 3, 4, 5 having sum(declared) <> 0 or sum(received) <> 0;
