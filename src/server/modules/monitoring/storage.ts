/**
 * Storage points: opened when a device is bound to a waste, closed (kept as history) when it is unbound; the console's
 * snapshot of the active ones, one point with its weight series, and weights corrected by hand.
 */
import { hazardouswastestorage } from '../../../shared/resources';
import { translate } from '../../../shared/locales';
import {
  READING_LIMITS, SERIES_BUCKET_MINUTES, SERIES_HOURS,
  type SeqItems, type StorageCorrectionDto, type StoragePointDetailDto, type StoragePointDto, type WeightSample,
} from '../../../shared/monitoring';
import { enterpriseCondition, scopeOf } from '../../crud/scope';
import { and, scopeCondition, sql, type Sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { headOf, recordEvents } from '../events';
import { fillRatioOf, kg } from './fold';
import { monitoringEvent, storageWeightPayload } from './live';
import { lockDevice } from './warnings';
import { warningStatus } from '../../../shared/enums';
import type { ServiceContext } from '../../crud/engine';
import { instantValue } from '../../time';

/** Opens the device's storage point: its waste, code and place, the model's capacity, empty. */
export async function openStoragePoint(tx: Db, deviceId: number, userId: number | null): Promise<void> {
  await tx.query(
    `insert into hazardous_waste_storage (tenant_id, creator_user_id, smartequipment_id, enterprise_id, hazardouswaste_information_id,
            wastecode_id, storage_place, current_weight, capacity, fill_ratio, bound_time)
     select d.tenant_id, $2, d.id, d.enterprise_id, d.hazardouswaste_information_id, h.wastecode_id, d.storage_place, 0, m.capacity, 0, now()
       from smart_equipment d
       join equipment_model m on m.id = d.equipmentmodel_id
       join hazardous_waste_information h on h.id = d.hazardouswaste_information_id
      where d.id = $1`, [deviceId, userId]);
}

/** Closes the device's active storage point, if any; the row stays as history. Returns what it held. */
export async function closeStoragePoint(tx: Db, deviceId: number, userId: number | null): Promise<{ id: number; currentWeight: number } | null> {
  const rows = await tx.query<{ id: number; currentWeight: number }>(
    `update hazardous_waste_storage set unbound_time = now(), last_modification_time = now(), last_modifier_user_id = $2
      where smartequipment_id = $1 and unbound_time is null and not is_deleted returning id, current_weight as "currentWeight"`, [deviceId, userId]);
  return rows[0] ?? null;
}

/** The active storage points of a model's devices (or of one device) take the device's place and the model's capacity. */
export async function syncStoragePoints(tx: Db, by: { deviceId: number } | { modelId: number }): Promise<void> {
  const condition = 'deviceId' in by ? 'd.id = $1' : 'd.equipmentmodel_id = $1';
  await tx.query(
    `update hazardous_waste_storage s set storage_place = d.storage_place, capacity = m.capacity,
            fill_ratio = round(s.current_weight / m.capacity, 4), last_modification_time = now()
       from smart_equipment d join equipment_model m on m.id = d.equipmentmodel_id
      where ${condition} and s.smartequipment_id = d.id and s.unbound_time is null and not s.is_deleted
        and (s.storage_place is distinct from d.storage_place or s.capacity <> m.capacity)`,
    ['deviceId' in by ? by.deviceId : by.modelId]);
}

const POINT_COLUMNS = sql`s.id, s.smartequipment_id as "smartequipmentId", d.serial_number as "serialNumber", s.enterprise_id as "enterpriseId",
  e.name as "enterpriseName", s.hazardouswaste_information_id as "hazardouswasteInformationId", h.name as "hazardouswasteInformationName",
  s.wastecode_id as "wastecodeId", c.code as "wastecodeName", s.storage_place as "storagePlace",
  s.current_weight as "currentWeight", s.capacity, coalesce(s.fill_ratio, 0) as "fillRatio", s.last_change_time as "lastChangeTime",
  s.last_added_time as "lastAddedTime", s.bound_time as "boundTime", s.unbound_time as "unboundTime",
  coalesce(d.online_state, 1) as "onlineState", coalesce(d.running_state, 0) as "runningState", coalesce(d.activation, 1) as activation,
  d.last_heartbeat as "lastHeartbeat", d.latitude, d.longitude,
  r.read_at as "lastReadAt", r.battery, r.temperature, r.latitude as "lastLatitude", r.longitude as "lastLongitude",
  (select count(*)::int from equipment_warning w where w.smartequipment_id = d.id and w.status <> ${warningStatus.closed} and not w.is_deleted) as "openWarnings"`;

const POINT_JOINS = sql`join smart_equipment d on d.id = s.smartequipment_id
  left join enterprise_information e on e.id = s.enterprise_id
  left join hazardous_waste_information h on h.id = s.hazardouswaste_information_id
  left join waste_code c on c.id = s.wastecode_id
  left join lateral (select t.read_at, t.battery, t.temperature, t.latitude, t.longitude from telemetry_reading t
                      where t.smartequipment_id = d.id order by t.read_at desc, t.id desc limit 1) r on true`;

/** Storage points the caller may see that meet `conditions`. */
function readPoints(ctx: ServiceContext, db: Db, conditions: Sql[]): Promise<StoragePointDto[]> {
  const where = [scopeCondition('s', ctx.tenantId), ...conditions];
  const owner = enterpriseCondition(hazardouswastestorage, 's', scopeOf(ctx));
  if (owner) where.push(owner);
  return db.query<StoragePointDto>(
    sql`select ${POINT_COLUMNS} from hazardous_waste_storage s ${POINT_JOINS}
      where ${and(where)} order by e.name, d.serial_number, s.id`);
}

async function finalData(ctx: ServiceContext, input: Input): Promise<SeqItems<StoragePointDto>> {
  // The head first: a change committed after it may or may not be in the rows, and its event (seq > head) follows.
  const seq = await headOf(ctx.db, ctx.tenantId);
  const conditions = [sql`s.unbound_time is null`];
  const enterpriseId = input.optionalInt('enterpriseId', { min: 1 });
  if (enterpriseId !== undefined) conditions.push(sql`s.enterprise_id = ${enterpriseId}`);
  return { items: await readPoints(ctx, ctx.db, conditions), seq };
}

async function pointById(ctx: ServiceContext, db: Db, id: number): Promise<StoragePointDto> {
  const [point] = await readPoints(ctx, db, [sql`s.id = ${id}`]);
  if (!point) throw errors.notFound(ctx.language, hazardouswastestorage.name, id);
  return point;
}

/**
 * The point's weight over the last SERIES_HOURS hours of the server's clock, in buckets that start on the tenant's
 * wall clock (on its midnight, then every SERIES_BUCKET_MINUTES minutes), whatever the zone's offset.
 */
function weightSeries(ctx: ServiceContext, id: number): Promise<WeightSample[]> {
  const now = ctx.calendar.now();
  const bucket = sql`make_interval(mins => ${SERIES_BUCKET_MINUTES})`;
  const origin = instantValue(ctx.calendar.startOf(ctx.calendar.today()));
  return ctx.db.query<WeightSample>(
    sql`select date_bin(${bucket}, t.read_at, ${origin}) as at,
            (array_agg(t.weight order by t.read_at desc, t.id desc))[1] as weight, max(t.weight) as max, min(t.weight) as min, count(*)::int as count
       from telemetry_reading t
      where t.storage_id = ${id} and t.weight is not null and t.read_at >= ${instantValue(now - SERIES_HOURS * 3600_000)}
      group by 1 order by 1`);
}

async function pointDetail(ctx: ServiceContext, id: number): Promise<StoragePointDetailDto> {
  const seq = await headOf(ctx.db, ctx.tenantId);
  const point = await pointById(ctx, ctx.db, id);
  const series = await weightSeries(ctx, id);
  const corrections = await ctx.db.query<StorageCorrectionDto>(
    `select id, previous_weight as "previousWeight", current_weight as "currentWeight", reason, user_name as "userName", creation_time as "creationTime"
       from storage_correction where storage_id = $1 order by id desc limit 20`, [id]);
  return { ...point, series, corrections, seq };
}

/**
 * A weight set by hand (the scale drifted, waste was moved without a device reading it): recorded with who and why,
 * announced as a `storage.weight` event with reason `correction`. It raises no warning: the next reading is
 * compared with the corrected weight.
 */
async function correctWeight(ctx: ServiceContext, input: Input): Promise<StoragePointDto> {
  const id = input.requiredInt('Id', { min: 1 });
  const raw = input.get('currentWeight');
  const weight = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
  const { min, max } = READING_LIMITS.weight;
  if (!Number.isFinite(weight) || weight < min || weight > max) {
    throw errors.invalid(ctx.language, 'currentWeight', translate(ctx.language, 'monitoringRules.readingNumber', { field: 'currentWeight', min, max }));
  }
  const reason = input.optionalString('reason', 500)?.trim();
  if (!reason) throw errors.invalid(ctx.language, 'reason', translate(ctx.language, 'monitoringRules.reasonRequired'));
  const target = kg(weight);
  return ctx.db.transaction(async (tx) => {
    const visible = await ctx.resources.of(hazardouswastestorage).get(ctx, tx, id);
    const device = await lockDevice(tx, Number(visible.smartequipmentId));
    const [storage] = await tx.query<{ currentWeight: number; capacity: number; unboundTime: string | null }>(
      `select current_weight as "currentWeight", capacity, unbound_time as "unboundTime" from hazardous_waste_storage where id = $1 for update`, [id]);
    if (!device || storage.unboundTime !== null) throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'monitoringRules.storageClosed'));
    const fillRatio = fillRatioOf(target, storage.capacity);
    const [changed] = await tx.query<{ lastChangeTime: string }>(
      `update hazardous_waste_storage set current_weight = $2, fill_ratio = $3, last_change_time = now(),
              last_modification_time = now(), last_modifier_user_id = $4
        where id = $1 returning last_change_time as "lastChangeTime"`, [id, target, fillRatio, ctx.session?.userId ?? null]);
    await tx.query(
      `insert into storage_correction (tenant_id, storage_id, previous_weight, current_weight, reason, user_id, user_name)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [ctx.tenantId, id, storage.currentWeight, target, reason, ctx.session?.userId ?? null, ctx.session?.userName ?? null]);
    await recordEvents(ctx, tx, [monitoringEvent(device, 'storage.weight', storageWeightPayload(device, {
      storageId: id, currentWeight: target, capacity: storage.capacity, fillRatio, delta: kg(target - storage.currentWeight),
      lastChangeTime: changed.lastChangeTime, reason: 'correction', userName: ctx.session?.userName ?? null, note: reason,
    }))]);
    return pointById(ctx, tx, id);
  });
}

export function registerStorageMethods(registry: AppServiceRegistry): void {
  const service = hazardouswastestorage.name;
  const readers = { anyOf: [hazardouswastestorage.permission, 'Pages.SupervisorConsole' as const] };
  registry.add({
    service, method: 'GetHazardouswastestoragefinaldata', verb: 'GET', access: readers, parameters: ['enterpriseId'],
    summary: 'Every active storage point in scope with its device, waste and latest reading; with the event seq read before them',
    handler: (ctx, input) => finalData(ctx, input),
  });
  registry.add({
    service, method: 'GetGetHazardouswastestoragefinaldataById', verb: 'GET', access: readers, parameters: ['Id'],
    summary: `One storage point with its weight over the last ${SERIES_HOURS} h in ${SERIES_BUCKET_MINUTES}-minute buckets and its recent corrections`,
    handler: (ctx, input) => pointDetail(ctx, input.requiredInt('Id', { min: 1 })),
  });
  registry.add({
    service, method: 'UpdateCurrentWeight', verb: 'PUT', access: { anyOf: [hazardouswastestorage.permission] },
    parameters: ['id', 'currentWeight', 'reason'],
    summary: 'Correct the weight of an active storage point by hand, with the reason (recorded, announced, raises no warning)',
    handler: (ctx, input) => correctWeight(ctx, input),
  });
}
