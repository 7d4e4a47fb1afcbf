-- Points rules and recycling records. Each write of a rule is a new version (points_rule.version) whose terms are kept
-- (points_rule_version): a posting names the rule and version it applied, and editing the rule changes no award.

create table points_rule (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  name varchar(50) not null,
  rubbish_type2 integer not null,
  rubbish_type1 integer,
  mode integer not null,
  points integer not null,
  daily_cap integer,
  valid_from date not null,
  valid_to date,
  version integer not null default 1
);
create index points_rule_tenant_idx on points_rule (tenant_id, id desc) where not is_deleted;
create index points_rule_name_idx on points_rule (tenant_id, name) where not is_deleted;
create index points_rule_rubbish_type2_idx on points_rule (tenant_id, rubbish_type2) where not is_deleted;
create index points_rule_rubbish_type1_idx on points_rule (tenant_id, rubbish_type1) where not is_deleted;
create index points_rule_valid_from_idx on points_rule (tenant_id, valid_from) where not is_deleted;
create index points_rule_valid_to_idx on points_rule (tenant_id, valid_to) where not is_deleted;

create table recycling_record (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  household_id bigint not null references scheme_user(id),
  qarea_id bigint references area_district(id),
  sarea_id bigint references area_street(id),
  carea_id bigint references area_community(id),
  varea_id bigint references area_compound(id),
  rubbish_type2 integer not null,
  rubbish_type1 integer,
  weight numeric(18,2) not null,
  record_time timestamp not null,
  photos bigint[],
  source integer not null default 3,
  audit_status integer not null default 1,
  reject_reason varchar(200),
  points integer not null default 0 check (points >= 0),
  rule_id bigint references points_rule(id),
  rule_version integer
);
create index recycling_record_tenant_idx on recycling_record (tenant_id, id desc) where not is_deleted;
create index recycling_record_household_id_idx on recycling_record (tenant_id, household_id) where not is_deleted;
create index recycling_record_qarea_id_idx on recycling_record (tenant_id, qarea_id) where not is_deleted;
create index recycling_record_sarea_id_idx on recycling_record (tenant_id, sarea_id) where not is_deleted;
create index recycling_record_carea_id_idx on recycling_record (tenant_id, carea_id) where not is_deleted;
create index recycling_record_varea_id_idx on recycling_record (tenant_id, varea_id) where not is_deleted;
create index recycling_record_rubbish_type2_idx on recycling_record (tenant_id, rubbish_type2) where not is_deleted;
create index recycling_record_rubbish_type1_idx on recycling_record (tenant_id, rubbish_type1) where not is_deleted;
create index recycling_record_weight_idx on recycling_record (tenant_id, weight) where not is_deleted;
create index recycling_record_record_time_idx on recycling_record (tenant_id, record_time) where not is_deleted;
create index recycling_record_source_idx on recycling_record (tenant_id, source) where not is_deleted;
create index recycling_record_audit_status_idx on recycling_record (tenant_id, audit_status) where not is_deleted;
create index recycling_record_points_idx on recycling_record (tenant_id, points) where not is_deleted;
create index recycling_record_rule_id_idx on recycling_record (tenant_id, rule_id) where not is_deleted;

create table points_rule_version (
  tenant_id integer,
  rule_id bigint not null references points_rule(id),
  version integer not null,
  terms jsonb not null,
  creator_user_id bigint,
  creation_time timestamp not null default now(),
  primary key (rule_id, version)
);
create index recycling_record_household_day_idx on recycling_record (household_id, rule_id, record_time) where not is_deleted;
