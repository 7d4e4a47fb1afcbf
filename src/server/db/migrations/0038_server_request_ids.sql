-- The request ids the server derives itself (a record's award and its reversal, a redemption's hold and its end) live
-- in a namespace of their own, apart from the ids callers choose (a clerk's adjustment): whatever id a caller sends,
-- it can never be one the server will need, so no posting of the server's can be refused as a reused id.
alter table points_postings add column server_made boolean not null default false;
drop index points_postings_request_uq;
create unique index points_postings_request_uq on points_postings (coalesce(tenant_id, 0), server_made, request_id);
