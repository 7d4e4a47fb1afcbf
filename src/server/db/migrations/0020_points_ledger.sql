-- The points ledger of the recycling scheme, with a bank's guarantees kept by the database itself:
--  * every posting carries a request id chosen by its sender and exists at most once per tenant;
--  * a posting's entries balance (they sum to zero), checked when its transaction commits;
--  * postings and entries are never updated or deleted: mistakes are put right by a reversing posting, at most once;
--  * a household's balance (scheme_user.points) and a holding account's balance never go below zero; each entry
--    records the balance it left, and the reconciliation proves balances equal the sums of their entries.

-- Accounts other than households: the scheme's pool (the issuer: its balance is minus the points outstanding), points
-- held for redemptions under way, and points redeemed.
create table points_accounts (
  id bigserial primary key,
  tenant_id integer,
  kind smallint not null,
  balance bigint not null default 0,
  constraint points_accounts_not_negative check (kind = 1 or balance >= 0)
);
create unique index points_accounts_kind_uq on points_accounts (coalesce(tenant_id, 0), kind);

create table points_postings (
  id bigserial primary key,
  tenant_id integer,
  request_id varchar(64) not null,
  -- SHA-256 (hex) of what the request asked for: a retry with the same id must ask for the same thing.
  fingerprint char(64) not null,
  reason smallint not null,
  reverses_id bigint references points_postings(id),
  record_id bigint,
  rule_id bigint,
  rule_version integer,
  remark varchar(200),
  operator_user_id bigint,
  creation_time timestamp not null default now()
);
create unique index points_postings_request_uq on points_postings (coalesce(tenant_id, 0), request_id);
create unique index points_postings_reverses_uq on points_postings (reverses_id) where reverses_id is not null;
create index points_postings_time_idx on points_postings (tenant_id, creation_time desc);

create table points_entries (
  id bigserial primary key,
  tenant_id integer,
  posting_id bigint not null references points_postings(id),
  household_id bigint references scheme_user(id),
  account_id bigint references points_accounts(id),
  amount bigint not null,
  balance_after bigint not null,
  constraint points_entries_one_account check ((household_id is null) <> (account_id is null)),
  constraint points_entries_not_zero check (amount <> 0),
  constraint points_entries_household_not_negative check (household_id is null or balance_after >= 0)
);
create index points_entries_posting_idx on points_entries (posting_id);
create index points_entries_household_idx on points_entries (household_id, id desc) where household_id is not null;
create index points_entries_account_idx on points_entries (account_id) where account_id is not null;

create function points_posting_balanced() returns trigger language plpgsql as $$
begin
  if (select sum(amount) from points_entries where posting_id = new.posting_id) <> 0 then
    raise exception 'points posting % does not balance', new.posting_id using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger points_entries_balanced after insert on points_entries
  deferrable initially deferred for each row execute function points_posting_balanced();

create function points_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the points ledger is append-only: % on % refused', tg_op, tg_table_name using errcode = '55000';
end $$;
create trigger points_postings_append_only before update or delete on points_postings
  for each row execute function points_append_only();
create trigger points_entries_append_only before update or delete on points_entries
  for each row execute function points_append_only();
create trigger points_postings_no_truncate before truncate on points_postings
  for each statement execute function points_append_only();
create trigger points_entries_no_truncate before truncate on points_entries
  for each statement execute function points_append_only();
