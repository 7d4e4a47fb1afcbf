-- Account security: a stamp every token carries (changing it revokes the user's earlier tokens) and the flag that
-- makes a user choose a new password at the next login.
alter table users add column security_stamp varchar(64) not null default gen_random_uuid()::text;
alter table users add column should_change_password_on_next_login boolean not null default false;

-- The seeded admins still use the published initial password unless someone has since changed their account.
update users set should_change_password_on_next_login = true
 where normalized_user_name = 'ADMIN' and creator_user_id is null and last_modification_time is null and not is_deleted;
