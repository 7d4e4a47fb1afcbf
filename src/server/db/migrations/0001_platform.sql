-- Tenants, users, roles and their permissions; login throttling; user notifications.

create table tenants (
  id serial primary key,
  tenancy_name varchar(64) not null,
  name varchar(128) not null,
  is_active boolean not null default true,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp
);
create unique index tenants_tenancy_name_uq on tenants (lower(tenancy_name)) where not is_deleted;

create table users (
  id bigserial primary key,
  tenant_id integer references tenants(id),
  user_name varchar(256) not null,
  normalized_user_name varchar(256) not null,
  name varchar(64) not null,
  surname varchar(64) not null,
  email_address varchar(256) not null,
  normalized_email_address varchar(256) not null,
  password_hash text not null,
  is_active boolean not null default true,
  language varchar(10),
  last_login_time timestamp,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp
);
create unique index users_user_name_uq on users (coalesce(tenant_id, 0), normalized_user_name) where not is_deleted;
create unique index users_email_uq on users (coalesce(tenant_id, 0), normalized_email_address) where not is_deleted;

create table roles (
  id bigserial primary key,
  tenant_id integer references tenants(id),
  name varchar(32) not null,
  normalized_name varchar(32) not null,
  display_name varchar(64) not null,
  description varchar(5000),
  is_static boolean not null default false,
  is_default boolean not null default false,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp
);
create unique index roles_name_uq on roles (coalesce(tenant_id, 0), normalized_name) where not is_deleted;

create table user_roles (
  tenant_id integer,
  user_id bigint not null references users(id),
  role_id bigint not null references roles(id),
  primary key (user_id, role_id)
);
create index user_roles_role_idx on user_roles (role_id);

create table role_permissions (
  tenant_id integer,
  role_id bigint not null references roles(id),
  name varchar(128) not null,
  primary key (role_id, name)
);

create table login_attempts (
  key varchar(300) primary key,
  failures integer not null default 0,
  locked_until timestamp,
  last_failure_time timestamp not null default now()
);

create table notifications (
  id bigserial primary key,
  tenant_id integer,
  user_id bigint not null references users(id),
  type smallint not null,
  title varchar(200) not null,
  description varchar(2000) not null default '',
  is_read boolean not null default false,
  read_time timestamp,
  creation_time timestamp not null default now()
);
create index notifications_user_idx on notifications (user_id, creation_time desc);
