-- A user who must choose a new password (the seeded admins on the published password, or anyone an administrator marks)
-- gets no token at login but a one-time reset code, as ABP answers `shouldResetPassword`. Only the code's SHA-256 is
-- kept, with the instant it stops working; using it clears both.
alter table users add column password_reset_code_hash text;
alter table users add column password_reset_code_expiry timestamptz;

-- Failed device keys per client address, and the keys that succeeded from each address. While an address is locked
-- only keys that already worked from it are looked at, so guesses stop being checked but the stations and machines
-- there go on working.
create table device_key_failures (
  address text primary key,
  failures integer not null,
  last_failure_time timestamptz not null,
  locked_until timestamptz
);
create table device_key_successes (
  address text not null,
  key_hash text not null,
  last_success_time timestamptz not null,
  primary key (address, key_hash)
);
