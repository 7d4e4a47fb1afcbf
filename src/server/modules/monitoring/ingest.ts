/**
 * `POST /api/device/readings`: a device's batch of readings in one transaction. The device row is locked first, so two
 * batches of one device take turns and each sees the other's weight; the events are appended last (the tenant's
 * counter lock is held only from there to the commit).
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../../../shared/locales';
import { DEVICE_KEY_HEADER, INGEST_PATH, type IngestResult } from '../../../shared/monitoring';
import type { Language } from '../../../shared/resource-kit';
import type { ReadingPayload } from '../../../shared/live/events';
import type { Db } from '../../db/database';
import { toLanguage } from '../../http/culture';
import { sendSuccess } from '../../http/envelope';
import { AppError, errors } from '../../http/errors';
import type { Services } from '../../http/context';
import type { HubServer } from '../../realtime';
import type { NewEvent } from '../events';
import { explainsDrop, latestExplainingMovement } from './explain';
import { foldReadings, type StorageState } from './fold';
import { hashDeviceKey } from './keys';
import { deviceStatePayload, monitoringEvent, recordDeviceEvents, storageWeightPayload, type DeviceRef, type DeviceStateRow } from './live';
import { evaluateReadings, isReduction, WarningBook, type RuleReading, type Thresholds, type WarningState } from './rules';
import { validateReadings, type ValidReading } from './validate';
import { saveWarnings, WARNING_COLUMNS } from './warnings';

interface LockedDevice extends DeviceRef, DeviceStateRow {
  latitude: number | null;
  longitude: number | null;
}

interface DeviceContext {
  batteryMin: number;
  temperatureMax: number;
  reductionMin: number;
  displacementRadius: number;
  storage: (StorageState & { wastecodeId: number | null }) | null;
  warnings: WarningState[];
}

/** A device of an inactive or deleted tenant is refused like an unknown one. */
const TENANT_ACTIVE = '(d.tenant_id is null or exists (select 1 from tenants t where t.id = d.tenant_id and t.is_active and not t.is_deleted))';

const unauthorized = (language: Language) => new AppError(401, translate(language, 'monitoringRules.deviceKey'), null, null, true);

async function lockByKey(tx: Db, keyHash: string): Promise<LockedDevice | null> {
  const rows = await tx.query<LockedDevice>(
    `select id, tenant_id as "tenantId", serial_number as "serialNumber", enterprise_id as "enterpriseId", latitude, longitude,
            online_state as "onlineState", running_state as "runningState", last_heartbeat as "lastHeartbeat"
       from smart_equipment d where device_key_hash = $1 and not is_deleted and ${TENANT_ACTIVE} for update`, [keyHash]);
  return rows[0] ?? null;
}

/** Read after the lock (a separate statement: it sees what the batch before this one committed). */
async function loadContext(tx: Db, deviceId: number): Promise<DeviceContext> {
  const [row] = await tx.query<DeviceContext>(
    `select m.battery_min as "batteryMin", m.temperature_max as "temperatureMax", m.reduction_min as "reductionMin",
            m.displacement_radius as "displacementRadius",
            (select json_build_object('id', s.id, 'currentWeight', s.current_weight, 'capacity', s.capacity, 'fillRatio', coalesce(s.fill_ratio, 0),
                    'lastChangeTime', s.last_change_time, 'lastAddedTime', s.last_added_time, 'wastecodeId', s.wastecode_id)
               from hazardous_waste_storage s where s.smartequipment_id = d.id and s.unbound_time is null and not s.is_deleted) as storage,
            coalesce((select json_agg(w order by w.id) from (
                select ${WARNING_COLUMNS} from equipment_warning w where w.smartequipment_id = d.id and w.status <> 2 and not w.is_deleted) w), '[]'::json) as warnings
       from smart_equipment d join equipment_model m on m.id = d.equipmentmodel_id where d.id = $1`, [deviceId]);
  return row;
}

/** Appends the readings; answers their server-local times in batch order. */
async function insertReadings(tx: Db, device: DeviceRef, storageId: number | null, readings: readonly ValidReading[]): Promise<string[]> {
  const rows = await tx.query<{ id: number; readAt: string }>(
    `insert into telemetry_reading (tenant_id, smartequipment_id, storage_id, read_at, weight, battery, temperature, latitude, longitude)
     select $1, $2, $3, (e.r->>'at')::timestamptz::timestamp, (e.r->>'weight')::numeric, (e.r->>'battery')::numeric,
            (e.r->>'temperature')::numeric, (e.r->>'latitude')::numeric, (e.r->>'longitude')::numeric
       from jsonb_array_elements($4::jsonb) with ordinality as e(r, n) order by e.n
     returning id, read_at as "readAt"`,
    [device.tenantId, device.id, storageId, JSON.stringify(readings.map(({ atMs: _ms, ...r }) => r))]);
  // Ids follow the insert order, which follows the batch.
  return rows.sort((a, b) => a.id - b.id).map((r) => r.readAt);
}

/**
 * One batch: store the readings, fold them into the storage point, run the rules, bring the device online, and
 * record what changed. Answers the number stored and the seq of the batch's last event.
 */
export async function ingestBatch(db: Db, hub: HubServer | null, keyHash: string, readings: readonly ValidReading[], language: Language): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    const device = await lockByKey(tx, keyHash);
    if (!device) throw unauthorized(language);
    const context = await loadContext(tx, device.id);
    const storage = context.storage;
    const times = await insertReadings(tx, device, storage?.id ?? null, readings);
    const ruleReadings: RuleReading[] = readings.map((r, i) => ({
      readAt: times[i], weight: r.weight, battery: r.battery, temperature: r.temperature, latitude: r.latitude, longitude: r.longitude,
    }));

    const fold = storage ? foldReadings(storage, ruleReadings) : null;
    const drops = fold?.steps.filter((s) => isReduction(s, context.reductionMin)) ?? [];
    const latest = storage && drops.length > 0
      ? await latestExplainingMovement(tx, { tenantId: device.tenantId, enterpriseId: device.enterpriseId, wastecodeId: storage.wastecodeId, since: drops[0].readAt })
      : null;
    const home = device.latitude !== null && device.longitude !== null ? { latitude: device.latitude, longitude: device.longitude } : null;
    const thresholds: Thresholds = {
      batteryMin: context.batteryMin, temperatureMax: context.temperatureMax, reductionMin: context.reductionMin,
      displacementRadius: context.displacementRadius, capacity: storage?.capacity ?? null, home,
    };
    const book = new WarningBook(context.warnings);
    evaluateReadings({
      book, thresholds, storageId: storage?.id ?? null, readings: ruleReadings, steps: fold?.steps ?? [],
      explained: (step) => explainsDrop(latest, step.readAt),
    });

    const events: NewEvent[] = ruleReadings.map((r) => monitoringEvent(device, 'reading', {
      deviceId: device.id, storageId: storage?.id ?? null, ...r,
    } satisfies ReadingPayload));

    if (storage && fold && fold.steps.length > 0) {
      const next = fold.storage;
      await tx.query(
        `update hazardous_waste_storage set current_weight = $2, fill_ratio = $3, last_change_time = $4::timestamp, last_added_time = $5::timestamp,
                last_modification_time = now() where id = $1`,
        [storage.id, next.currentWeight, next.fillRatio, next.lastChangeTime, next.lastAddedTime]);
      events.push(monitoringEvent(device, 'storage.weight', storageWeightPayload(device, {
        storageId: storage.id, currentWeight: next.currentWeight, capacity: next.capacity, fillRatio: next.fillRatio,
        delta: Math.round((next.currentWeight - fold.initialWeight) * 1000) / 1000, lastChangeTime: next.lastChangeTime ?? times[times.length - 1],
        reason: 'reading',
      })));
    }

    events.push(...await saveWarnings(tx, device, book));

    const runningState = book.anyOpen() ? 1 : 0;
    const [state] = await tx.query<DeviceStateRow>(
      `update smart_equipment set online_state = 0, activation = 0, last_heartbeat = localtimestamp, running_state = $2 where id = $1
       returning online_state as "onlineState", running_state as "runningState", last_heartbeat as "lastHeartbeat"`, [device.id, runningState]);
    if (state.onlineState !== device.onlineState || state.runningState !== device.runningState) {
      events.push(monitoringEvent(device, 'device.state', deviceStatePayload(device, state)));
    }

    const stored = await recordDeviceEvents(tx, hub, device.tenantId, events);
    return { accepted: readings.length, lastSeq: stored.length > 0 ? stored[stored.length - 1].seq : 0 };
  });
}

function headerKey(value: string | string[] | undefined): string | null {
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  return key ? key : null;
}

export function mountDeviceIngest(server: FastifyInstance, services: Services): void {
  server.post(INGEST_PATH, async (request, reply) => {
    const language = toLanguage(String(request.headers['accept-language'] ?? '').split(',')[0]) ?? 'zh-CN';
    const key = headerKey(request.headers[DEVICE_KEY_HEADER.toLowerCase()]);
    if (!key) throw unauthorized(language);
    const keyHash = hashDeviceKey(key);
    // Who is asking comes before what they sent: an unknown key learns nothing about the body.
    const known = await services.db.query(`select 1 from smart_equipment d where device_key_hash = $1 and not is_deleted and ${TENANT_ACTIVE}`, [keyHash]);
    if (known.length === 0) throw unauthorized(language);
    const { readings, problems } = validateReadings(request.body, language);
    if (problems.length > 0) throw errors.validation(language, problems);
    return sendSuccess(reply, await ingestBatch(services.db, services.hub, keyHash, readings, language));
  });
}
