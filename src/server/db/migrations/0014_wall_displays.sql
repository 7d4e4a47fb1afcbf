-- Wall displays: how a tenant's walls run, and the long-lived sign-ins of their display accounts.

-- One row per tenant (tenant_key 0: the host) once an administrator has saved it; without one the walls run on the
-- defaults of src/shared/bigdata.ts (WALL_DEFAULTS).
create table wall_settings (
  tenant_key integer primary key,
  title varchar(64),
  rotate_seconds integer not null,
  replay_minutes integer not null,
  last_modifier_user_id bigint,
  last_modification_time timestamp not null default now()
);

-- A display token is exchanged for access tokens without a person. Only the SHA-256 of its secret is kept (hex), so
-- a copy of the database signs no wall in; the hash finds the token, hence its tenant and user.
create table display_tokens (
  id bigserial primary key,
  tenant_id integer references tenants(id),
  user_id bigint not null references users(id),
  name varchar(64) not null,
  secret_hash char(64) not null,
  creator_user_id bigint,
  creation_time timestamp not null default now(),
  last_used_time timestamp,
  revoked_time timestamp
);
create unique index display_tokens_secret_hash_uq on display_tokens (secret_hash);
create index display_tokens_tenant_idx on display_tokens (tenant_id, creation_time desc);
