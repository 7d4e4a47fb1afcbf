-- A user who must choose a new password (the seeded admins on the published password, or anyone an administrator marks)
-- gets no token at login but a one-time reset code, as ABP answers `shouldResetPassword`. Only the code's SHA-256 is
-- kept, with the instant it stops working; using it clears both.
alter table users add column password_reset_code_hash text;
alter table users add column password_reset_code_expiry timestamptz;
