-- The colour theme a user chose in an ABP client (ABP's `App.UiTheme` user setting); null: the client's default.
alter table users add column ui_theme varchar(32);
