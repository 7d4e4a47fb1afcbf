-- Collectors' phones report positions with a device key of their own, as stations and exchange machines do: only its
-- hash is kept. Collectors enrolled before get theirs from RegenerateKey.
alter table collector add column device_key_hash char(64);
create unique index collector_key_uq on collector (device_key_hash) where device_key_hash is not null;
