-- Chat between users of one tenant, the administrators' notices, and which hub connections are open on which instance.

-- One message. Declared as the read-only resource ChatLog (src/shared/resources/chatlog.ts), hence the standard columns.
-- `event_seq` is the seq of the message's `chat.message` live event: offline delivery pushes it again under that seq.
create table chat_log (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  from_user_id bigint not null references users(id),
  to_user_id bigint not null references users(id),
  content text not null default '',
  message_type integer not null default 0,
  file_id bigint references stored_files(id),
  file_name varchar(255),
  is_read boolean not null default false,
  read_time timestamp,
  delivered_time timestamp,
  event_seq bigint
);
create index chat_log_tenant_idx on chat_log (tenant_id, id desc) where not is_deleted;
-- History between two users, paged backwards by id: one key for the pair whichever way a message went.
create index chat_log_pair_idx on chat_log (tenant_id, least(from_user_id, to_user_id), greatest(from_user_id, to_user_id), id desc);
-- Unread counts of a recipient, by sender.
create index chat_log_unread_idx on chat_log (tenant_id, to_user_id, from_user_id) where not is_read;
-- What waits for a recipient's next connection.
create index chat_log_undelivered_idx on chat_log (to_user_id, id) where delivered_time is null;
-- The caller's own messages (ChatLog/GetAll): sent or received.
create index chat_log_from_user_id_idx on chat_log (tenant_id, from_user_id, id desc);
create index chat_log_to_user_id_idx on chat_log (tenant_id, to_user_id, id desc);
-- Who may read an attachment: the parties of the messages carrying it.
create index chat_log_file_id_idx on chat_log (file_id) where file_id is not null;

create table msg_info (
  id bigserial primary key,
  tenant_id integer,
  admin_id bigint not null references users(id),
  title varchar(200) not null,
  content text not null,
  creation_time timestamp not null default now()
);
create index msg_info_tenant_idx on msg_info (tenant_id, id desc);

-- Open hub connections of every API instance. Each instance writes its own and refreshes `seen_at` every 30 s; a row
-- not refreshed for 90 s belongs to an instance that is gone and counts as offline.
create table hub_presence (
  instance_id varchar(64) not null,
  connection_id varchar(64) not null,
  tenant_id integer,
  user_id bigint not null,
  seen_at timestamp not null default now(),
  primary key (instance_id, connection_id)
);
create index hub_presence_user_idx on hub_presence (tenant_id, user_id, seen_at);
