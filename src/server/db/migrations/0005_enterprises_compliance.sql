-- Generated from the resource declarations.

create table enterprise_information (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  name varchar(100) not null,
  credit_code varchar(18) not null,
  corporate_type integer[] not null,
  scale integer,
  industrycategory_id bigint references industry_category(id),
  province_code varchar(12),
  city_code varchar(12),
  county_code varchar(12),
  town_code varchar(12),
  village_code varchar(12),
  region_name varchar(200),
  address varchar(200),
  longitude numeric(18,6),
  latitude numeric(18,6),
  contact_person varchar(50),
  contact_phone varchar(20),
  license_number varchar(50),
  licensed_wastecode_ids bigint[],
  wastecategory_ids bigint[],
  wastecode_ids bigint[],
  attachments bigint[]
);
create index enterprise_information_tenant_idx on enterprise_information (tenant_id, id desc) where not is_deleted;
create unique index enterprise_information_name_uq on enterprise_information (coalesce(tenant_id, 0), name) where not is_deleted;
create index enterprise_information_name_idx on enterprise_information (tenant_id, name) where not is_deleted;
create unique index enterprise_information_credit_code_uq on enterprise_information (coalesce(tenant_id, 0), credit_code) where not is_deleted;
create index enterprise_information_credit_code_idx on enterprise_information (tenant_id, credit_code) where not is_deleted;
create index enterprise_information_corporate_type_gin on enterprise_information using gin (corporate_type) where not is_deleted;
create index enterprise_information_scale_idx on enterprise_information (tenant_id, scale) where not is_deleted;
create index enterprise_information_industrycategory_id_idx on enterprise_information (tenant_id, industrycategory_id) where not is_deleted;
create index enterprise_information_province_code_idx on enterprise_information (tenant_id, province_code) where not is_deleted;
create index enterprise_information_city_code_idx on enterprise_information (tenant_id, city_code) where not is_deleted;
create index enterprise_information_county_code_idx on enterprise_information (tenant_id, county_code) where not is_deleted;

create table vehicle_information (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  plate_number varchar(10) not null,
  colour integer not null,
  entry_type integer not null,
  load_capacity numeric(18,3),
  permit_number varchar(50),
  permit_expiry date
);
create index vehicle_information_tenant_idx on vehicle_information (tenant_id, id desc) where not is_deleted;
create index vehicle_information_enterprise_id_idx on vehicle_information (tenant_id, enterprise_id) where not is_deleted;
create unique index vehicle_information_plate_number_uq on vehicle_information (coalesce(tenant_id, 0), plate_number) where not is_deleted;
create index vehicle_information_plate_number_idx on vehicle_information (tenant_id, plate_number) where not is_deleted;
create index vehicle_information_colour_idx on vehicle_information (tenant_id, colour) where not is_deleted;
create index vehicle_information_entry_type_idx on vehicle_information (tenant_id, entry_type) where not is_deleted;
create index vehicle_information_load_capacity_idx on vehicle_information (tenant_id, load_capacity) where not is_deleted;
create index vehicle_information_permit_expiry_idx on vehicle_information (tenant_id, permit_expiry) where not is_deleted;

create table driver (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  name varchar(50) not null,
  id_card_number varchar(18) not null,
  phone varchar(20),
  license_number varchar(30),
  license_expiry date,
  qualification_number varchar(30),
  qualification_expiry date
);
create index driver_tenant_idx on driver (tenant_id, id desc) where not is_deleted;
create index driver_enterprise_id_idx on driver (tenant_id, enterprise_id) where not is_deleted;
create index driver_name_idx on driver (tenant_id, name) where not is_deleted;
create unique index driver_id_card_number_uq on driver (coalesce(tenant_id, 0), id_card_number) where not is_deleted;
create index driver_license_expiry_idx on driver (tenant_id, license_expiry) where not is_deleted;
create index driver_qualification_expiry_idx on driver (tenant_id, qualification_expiry) where not is_deleted;

create table collection_category (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  wastecategory_id bigint not null references waste_category(id),
  disposal_method integer not null
);
create index collection_category_tenant_idx on collection_category (tenant_id, id desc) where not is_deleted;
create index collection_category_enterprise_id_idx on collection_category (tenant_id, enterprise_id) where not is_deleted;
create index collection_category_wastecategory_id_idx on collection_category (tenant_id, wastecategory_id) where not is_deleted;
create index collection_category_disposal_method_idx on collection_category (tenant_id, disposal_method) where not is_deleted;

create table hazardous_waste_information (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  wastecode_id bigint not null references waste_code(id),
  name varchar(100) not null,
  waste_type integer not null,
  physical_characteristics integer not null,
  generation_source integer not null,
  container_type integer not null,
  container_capacity integer,
  container_material integer,
  packaging_method integer not null,
  purpose integer not null,
  hazard_characteristics text[],
  status integer
);
create index hazardous_waste_information_tenant_idx on hazardous_waste_information (tenant_id, id desc) where not is_deleted;
create index hazardous_waste_information_enterprise_id_idx on hazardous_waste_information (tenant_id, enterprise_id) where not is_deleted;
create index hazardous_waste_information_wastecode_id_idx on hazardous_waste_information (tenant_id, wastecode_id) where not is_deleted;
create index hazardous_waste_information_name_idx on hazardous_waste_information (tenant_id, name) where not is_deleted;
create index hazardous_waste_information_waste_type_idx on hazardous_waste_information (tenant_id, waste_type) where not is_deleted;
create index hazardous_waste_information_physical_characteristics_idx on hazardous_waste_information (tenant_id, physical_characteristics) where not is_deleted;
create index hazardous_waste_information_generation_source_idx on hazardous_waste_information (tenant_id, generation_source) where not is_deleted;
create index hazardous_waste_information_purpose_idx on hazardous_waste_information (tenant_id, purpose) where not is_deleted;
create index hazardous_waste_information_hazard_characteristics_gin on hazardous_waste_information using gin (hazard_characteristics) where not is_deleted;
create index hazardous_waste_information_status_idx on hazardous_waste_information (tenant_id, status) where not is_deleted;

create table annual_management_plan (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  year integer not null,
  title varchar(100),
  status integer,
  remark text
);
create index annual_management_plan_tenant_idx on annual_management_plan (tenant_id, id desc) where not is_deleted;
create index annual_management_plan_enterprise_id_idx on annual_management_plan (tenant_id, enterprise_id) where not is_deleted;
create index annual_management_plan_year_idx on annual_management_plan (tenant_id, year) where not is_deleted;
create index annual_management_plan_status_idx on annual_management_plan (tenant_id, status) where not is_deleted;

create table annual_management_plan_detail (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  aid bigint not null references annual_management_plan(id),
  hazardouswaste_id bigint not null references hazardous_waste_information(id),
  thisyearweight numeric(18,4) not null,
  lastyearweight numeric(18,4) not null,
  disposal_method integer not null,
  receiver_id bigint references enterprise_information(id)
);
create index annual_management_plan_detail_tenant_idx on annual_management_plan_detail (tenant_id, id desc) where not is_deleted;
create index annual_management_plan_detail_aid_idx on annual_management_plan_detail (tenant_id, aid) where not is_deleted;
create index annual_management_plan_detail_hazardouswaste_id_idx on annual_management_plan_detail (tenant_id, hazardouswaste_id) where not is_deleted;
create index annual_management_plan_detail_receiver_id_idx on annual_management_plan_detail (tenant_id, receiver_id) where not is_deleted;

create table contract (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  contract_no varchar(50) not null,
  name varchar(100),
  party_a_id bigint not null references enterprise_information(id),
  party_b_id bigint not null references enterprise_information(id),
  contract_type integer not null,
  status integer,
  sign_date date,
  start_date date not null,
  expiry_date date not null,
  amount numeric(18,2),
  wastecode_ids bigint[],
  attachments bigint[],
  remark text
);
create index contract_tenant_idx on contract (tenant_id, id desc) where not is_deleted;
create unique index contract_contract_no_uq on contract (coalesce(tenant_id, 0), contract_no) where not is_deleted;
create index contract_contract_no_idx on contract (tenant_id, contract_no) where not is_deleted;
create index contract_party_a_id_idx on contract (tenant_id, party_a_id) where not is_deleted;
create index contract_party_b_id_idx on contract (tenant_id, party_b_id) where not is_deleted;
create index contract_contract_type_idx on contract (tenant_id, contract_type) where not is_deleted;
create index contract_status_idx on contract (tenant_id, status) where not is_deleted;
create index contract_sign_date_idx on contract (tenant_id, sign_date) where not is_deleted;
create index contract_start_date_idx on contract (tenant_id, start_date) where not is_deleted;
create index contract_expiry_date_idx on contract (tenant_id, expiry_date) where not is_deleted;
create index contract_amount_idx on contract (tenant_id, amount) where not is_deleted;

create table regular_inspections (
  id bigserial primary key,
  tenant_id integer,
  creation_time timestamp not null default now(),
  creator_user_id bigint,
  last_modification_time timestamp,
  last_modifier_user_id bigint,
  is_deleted boolean not null default false,
  deleter_user_id bigint,
  deletion_time timestamp,
  enterprise_id bigint not null references enterprise_information(id),
  inspection_type integer not null,
  evaluation integer not null,
  inspection_date date not null,
  inspector varchar(50) not null,
  findings text,
  rectification_deadline date,
  attachments bigint[]
);
create index regular_inspections_tenant_idx on regular_inspections (tenant_id, id desc) where not is_deleted;
create index regular_inspections_enterprise_id_idx on regular_inspections (tenant_id, enterprise_id) where not is_deleted;
create index regular_inspections_inspection_type_idx on regular_inspections (tenant_id, inspection_type) where not is_deleted;
create index regular_inspections_evaluation_idx on regular_inspections (tenant_id, evaluation) where not is_deleted;
create index regular_inspections_inspection_date_idx on regular_inspections (tenant_id, inspection_date) where not is_deleted;
create index regular_inspections_rectification_deadline_idx on regular_inspections (tenant_id, rectification_deadline) where not is_deleted;

-- Users act for enterprises: a user with links sees only their rows.
create table user_enterprises (
  tenant_id integer,
  user_id bigint not null references users(id),
  enterprise_id bigint not null references enterprise_information(id),
  primary key (user_id, enterprise_id)
);
create index user_enterprises_enterprise_idx on user_enterprises (enterprise_id);

-- Notices produced from data (contract-expiry reminders) carry their origin and are filed once per key.
alter table notifications add column category varchar(40);
alter table notifications add column source_key varchar(120);
create unique index notifications_source_uq on notifications (user_id, source_key) where source_key is not null;

-- Waste codes filter by hazard characteristic like every array filter.
create index waste_code_hazard_characteristics_gin on waste_code using gin (hazard_characteristics) where not is_deleted;
