import { creditCodeCheckChar } from '../../shared/validators';
import type { Db } from './database';

/** How many demo devices the Default tenant starts with (the simulator drives them and creates more when asked). */
const DEMO_DEVICE_COUNT = 20;
const DEMO_SERIAL_PREFIX = 'SIM-';
const demoSerial = (n: number) => `${DEMO_SERIAL_PREFIX}${String(n).padStart(4, '0')}`;

const DEMO_CREDIT_BODY = '91330106MA2H7K3Q5';
/** West Lake district, Hangzhou: the devices stand around it. */
const HOME = { latitude: 30.2592, longitude: 120.1303 };

/**
 * A monitoring set to watch at once: a producer with two hazardous wastes, two container models, and 20 devices
 * SIM-0001 … SIM-0020 bound to them (empty storage points, never reported, no key: the simulator regenerates the keys).
 */
export async function seedMonitoringDemo(tx: Db, tenantId: number): Promise<void> {
  const [enterprise] = await tx.query<{ id: number }>(
    `insert into enterprise_information (tenant_id, name, credit_code, corporate_type, province_code, city_code, county_code, region_name,
            address, longitude, latitude, contact_person, contact_phone)
     values ($1, '智能监控演示产废单位', $2, '{2}', '33', '3301', '330106', '浙江省杭州市西湖区', '西湖区文三路 1 号', $3, $4, '王工', '13800000000')
     returning id`, [tenantId, DEMO_CREDIT_BODY + creditCodeCheckChar(DEMO_CREDIT_BODY), HOME.longitude, HOME.latitude]);
  const wastes = await tx.query<{ id: number }>(
    `insert into hazardous_waste_information (tenant_id, enterprise_id, wastecode_id, name, waste_type, physical_characteristics,
            generation_source, container_type, packaging_method, purpose, hazard_characteristics, status)
     select $1, $2, c.id, w.name, 1, w.form, 1, 3, 3, 3, c.hazard_characteristics, 0
       from (values ('900-249-08', '废矿物油', 2, 1), ('900-041-49', '废包装桶及含油抹布', 1, 2)) as w(code, name, form, ord)
       join waste_code c on c.code = w.code and c.tenant_id = $1 and not c.is_deleted
      order by w.ord
     returning id`, [tenantId, enterprise.id]);
  const models = await tx.query<{ id: number }>(
    `insert into equipment_model (tenant_id, name, container_type, container_capacity, container_material, packaging_method, capacity, capacity_unit,
            size, size_unit, storage_point_type, battery_min, temperature_max, reduction_min, displacement_radius, no_waste_hours, offline_minutes, status)
     values ($1, '智能称重危废桶 ZN-200', 3, 3, 1, 3, 300, 1, 0.2, 2, 1, 20, 60, 5, 50, 72, 10, 0),
            ($1, '智能危废暂存柜 ZG-1000', 3, 4, 1, 1, 1000, 1, 2, 2, 2, 20, 55, 10, 50, 72, 10, 0)
     returning id`, [tenantId]);
  const devices = Array.from({ length: DEMO_DEVICE_COUNT }, (_, i) => ({
    serial: demoSerial(i + 1),
    model: models[i % 5 === 4 ? 1 : 0].id,
    waste: wastes[i % 2].id,
    place: `${1 + Math.floor(i / 10)}号危废暂存间-${String(1 + (i % 10)).padStart(2, '0')}`,
    // A few metres apart, within the displacement radius of their home.
    latitude: Math.round((HOME.latitude + (i % 5) * 0.00003) * 1e6) / 1e6,
    longitude: Math.round((HOME.longitude + Math.floor(i / 5) * 0.00003) * 1e6) / 1e6,
  }));
  await tx.query(
    `with d as (
       insert into smart_equipment (tenant_id, serial_number, enterprise_id, equipmentmodel_id, hazardouswaste_information_id, storage_place,
              latitude, longitude, running_state, activation, online_state)
       select $1, x.serial, $2, x.model, x.waste, x.place, x.latitude, x.longitude, 0, 1, 1
         from jsonb_to_recordset($3::jsonb) as x(serial text, model bigint, waste bigint, place text, latitude numeric, longitude numeric)
       returning id, enterprise_id, equipmentmodel_id, hazardouswaste_information_id, storage_place)
     insert into hazardous_waste_storage (tenant_id, smartequipment_id, enterprise_id, hazardouswaste_information_id, wastecode_id, storage_place,
            current_weight, capacity, fill_ratio, bound_time)
     select $1, d.id, d.enterprise_id, d.hazardouswaste_information_id, h.wastecode_id, d.storage_place, 0, m.capacity, 0, now()
       from d join equipment_model m on m.id = d.equipmentmodel_id join hazardous_waste_information h on h.id = d.hazardouswaste_information_id`,
    [tenantId, enterprise.id, JSON.stringify(devices)]);
}
