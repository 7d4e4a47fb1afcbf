-- Generated from the resource declarations.

alter table collector add column qarea_ids bigint[];

alter table collector add column sarea_ids bigint[];

-- Collectors already serving communities lie in those communities' streets and districts.
update collector c set
  qarea_ids = (select array_agg(distinct a.qarea_id order by a.qarea_id) from area_community a where a.id = any(c.carea_ids)),
  sarea_ids = (select array_agg(distinct a.sarea_id order by a.sarea_id) from area_community a where a.id = any(c.carea_ids))
 where c.carea_ids is not null and cardinality(c.carea_ids) > 0;
