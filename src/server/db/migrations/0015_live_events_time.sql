-- Replay finds where the last hour starts by write time. Events are written in time order, so a BRIN index (a few
-- pages for millions of rows, next to nothing per insert) narrows that search as well as a B-tree would.
create index live_events_created_brin on live_events using brin (created_at);
