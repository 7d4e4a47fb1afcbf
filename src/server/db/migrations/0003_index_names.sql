-- Unique indexes are named <table>_<column>_uq so a violation can name the field it concerns.
alter index users_email_uq rename to users_email_address_uq;
