-- The scheme's accounts (pool, held, redeemed) take a leg of nearly every posting: a running balance on them made each
-- posting of a tenant wait for the one before it to commit. Their balances are now the sums of their entries, read
-- when asked. Households keep their running balance, never below zero; points held stay bounded by the holds
-- themselves, each of which resolves once, and the reconciliation proves the accounts against the holds.
alter table points_entries alter column balance_after drop not null;
alter table points_entries add constraint points_entries_household_balance check (household_id is null or balance_after is not null);
alter table points_accounts drop column balance;
