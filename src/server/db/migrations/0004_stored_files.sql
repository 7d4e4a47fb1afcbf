-- Uploaded attachments. The bytes live on disk under a generated name; this row holds what the client sees.
-- `resource` names the app service that owns the file (e.g. 'Contract'): downloading needs one of its permissions.

create table stored_files (
  id bigserial primary key,
  tenant_id integer,
  resource varchar(64) not null,
  name varchar(255) not null,
  size bigint not null,
  content_type varchar(128) not null,
  storage_name varchar(80) not null,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  is_deleted boolean not null default false,
  deletion_time timestamp,
  deleter_user_id bigint
);
create index stored_files_tenant_idx on stored_files (tenant_id, id);
