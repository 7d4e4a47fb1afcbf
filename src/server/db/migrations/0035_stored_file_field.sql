-- The files field an upload was made for (with `resource`, e.g. BHgoods and images): a record's files field takes only
-- the files its caller uploaded for that resource and field, besides the files the record already has. Chat files,
-- which belong to a conversation, and uploads made before this column have none.

alter table stored_files add column field varchar(64);
