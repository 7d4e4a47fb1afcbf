/**
 * `POST /api/device/readings`: a device's batch of readings in one transaction. The device row is locked first, so two
 * batches of one device take turns and each sees the other's weight; the events are appended last (the tenant's
 * counter lock is held only from there to the commit).
 */
import type { FastifyInstance } from 'fastify';
import { DEVICE_KEY_HEADER, INGEST_PATH, type IngestResult } from '../../../shared/monitoring';
import type { Language } from '../../../shared/resource-kit';
import type { ReadingPayload } from '../../../shared/live/events';
import { hotStatement, type Db } from '../../db/database';
import { resolveLanguage } from '../../http/culture';
import { sendSuccess } from '../../http/envelope';
import { errors } from '../../http/errors';
import type { Services } from '../../http/context';
import type { HubServer } from '../../realtime';
import { DEFAULT_TIME_ZONE, parseZonedInstant } from '../../../shared/time';
import { instantText, type InstantText } from '../../time';
import { recordEvents, type NewEvent } from '../events';
import { explainsDrop, latestExplainingMovement } from './explain';
import { foldReadings, type StorageState } from './fold';
import { hashDeviceKey } from './keys';
import { throttledDeviceRequest, unknownDevice } from '../points/device';
import { deviceStatePayload, monitoringEvent, storageWeightPayload, type DeviceRef, type DeviceStateRow } from './live';
import { evaluateReadings, isReduction, WarningBook, type RuleReading, type Thresholds, type WarningState } from './rules';
import { validateReadings, type ValidReading } from './validate';
import { saveWarnings, WARNING_COLUMNS } from './warnings';
import { activation, onlineState, warningStatus } from '../../../shared/enums';

interface LockedDevice extends DeviceRef, DeviceStateRow {
  latitude: number | null;
  longitude: number | null;
  /** The zone of the device's tenant, read with the lock: the batch's events are written on its clock. */
  timeZone: string;
}

interface DeviceContext {
  batteryMin: number;
  temperatureMax: number;
  reductionMin: number;
  displacementRadius: number;
  storage: (StorageState & { wastecodeId: number | null }) | null;
  warnings: WarningState[];
  appliedUpTo: InstantText | null;
}

/** A device of an inactive or deleted tenant is refused like an unknown one. */
const TENANT_ACTIVE = '(d.tenant_id is null or exists (select 1 from tenants t where t.id = d.tenant_id and t.is_active and not t.is_deleted))';


const LOCK_BY_KEY = hotStatement('ingest.lockByKey',
  `select id, tenant_id as "tenantId", serial_number as "serialNumber", enterprise_id as "enterpriseId", latitude, longitude,
          online_state as "onlineState", running_state as "runningState", last_heartbeat as "lastHeartbeat",
          coalesce((select t.time_zone from tenants t where t.id = d.tenant_id), '${DEFAULT_TIME_ZONE}') as "timeZone"
     from smart_equipment d where device_key_hash = $1 and not is_deleted and ${TENANT_ACTIVE} for update`);

async function lockByKey(tx: Db, keyHash: string): Promise<LockedDevice | null> {
  const rows = await tx.query<LockedDevice>(LOCK_BY_KEY, [keyHash]);
  return rows[0] ?? null;
}

/**
 * Read after the lock (a separate statement: it sees what the batch before this one committed). `appliedUpTo` is the
 * time of the device's latest reading stored before this batch: older readings are history, not state.
 */
const LOAD_CONTEXT = hotStatement('ingest.loadContext',
  `select m.battery_min as "batteryMin", m.temperature_max as "temperatureMax", m.reduction_min as "reductionMin",
          m.displacement_radius as "displacementRadius",
          (select json_build_object('id', s.id, 'currentWeight', s.current_weight, 'capacity', s.capacity, 'fillRatio', coalesce(s.fill_ratio, 0),
                  'lastChangeTime', s.last_change_time, 'lastAddedTime', s.last_added_time, 'wastecodeId', s.wastecode_id)
             from hazardous_waste_storage s where s.smartequipment_id = d.id and s.unbound_time is null and not s.is_deleted) as storage,
          coalesce((select json_agg(w order by w.id) from (
              select ${WARNING_COLUMNS} from equipment_warning w where w.smartequipment_id = d.id and w.status <> ${warningStatus.closed} and not w.is_deleted) w), '[]'::json) as warnings,
          (select max(read_at) from telemetry_reading r where r.smartequipment_id = d.id) as "appliedUpTo"
     from smart_equipment d join equipment_model m on m.id = d.equipmentmodel_id where d.id = $1`);

/**
 * A timestamptz inside JSON: the database writes it on the session's clock with that clock's offset. Read back as the
 * instant it names, in the server's shape, so that it compares with every other instant and reaches clients on the
 * tenant's clock.
 */
function instantOfJson(text: string): InstantText {
  const epochMs = parseZonedInstant(text);
  if (epochMs === null) throw new Error(`the database wrote an instant as ${text}`);
  return instantText(epochMs);
}

const maybeInstantOfJson = (text: string | null): InstantText | null => (text === null ? null : instantOfJson(text));

async function loadContext(tx: Db, deviceId: number): Promise<DeviceContext> {
  const [row] = await tx.query<DeviceContext>(LOAD_CONTEXT, [deviceId]);
  const storage = row.storage && {
    ...row.storage, lastChangeTime: maybeInstantOfJson(row.storage.lastChangeTime), lastAddedTime: maybeInstantOfJson(row.storage.lastAddedTime),
  };
  const warnings = row.warnings.map((w) => ({
    ...w, raisedAt: instantOfJson(w.raisedAt), lastSeenAt: instantOfJson(w.lastSeenAt),
    acknowledgedAt: maybeInstantOfJson(w.acknowledgedAt), closedAt: maybeInstantOfJson(w.closedAt),
  }));
  return { ...row, storage, warnings };
}

/** A stored reading of the batch: its index in the batch and its instant. */
interface StoredReading {
  index: number;
  readAt: InstantText;
}

/**
 * Appends the readings the device has not sent before (readings are unique per device and time; a time repeated in
 * the batch counts once, its first reading); answers those stored, in batch order.
 */
const INSERT_READINGS = hotStatement('ingest.insertReadings',
  `with batch as (
     select e.n, (e.r->>'at')::timestamptz as read_at, e.r from jsonb_array_elements($4::jsonb) with ordinality as e(r, n)
   ), stored as (
     insert into telemetry_reading (tenant_id, smartequipment_id, storage_id, read_at, weight, battery, temperature, latitude, longitude)
     select $1, $2, $3, b.read_at, (b.r->>'weight')::numeric, (b.r->>'battery')::numeric,
            (b.r->>'temperature')::numeric, (b.r->>'latitude')::numeric, (b.r->>'longitude')::numeric
       from batch b order by b.n
     on conflict do nothing
     returning read_at
   )
   select b.n::int as n, s.read_at as "readAt" from stored s join batch b on b.read_at = s.read_at order by b.n`);

async function insertReadings(tx: Db, device: DeviceRef, storageId: number | null, readings: readonly ValidReading[]): Promise<StoredReading[]> {
  const firstOfTime = readings.filter((r, i) => readings.findIndex((o) => o.atMs === r.atMs) === i);
  const rows = await tx.query<{ n: number; readAt: InstantText }>(INSERT_READINGS,
    [device.tenantId, device.id, storageId, JSON.stringify(firstOfTime.map(({ atMs: _ms, ...r }) => r))]);
  return rows.map((r) => ({ index: readings.indexOf(firstOfTime[r.n - 1]), readAt: r.readAt }));
}

/** What the batch that stored these readings answered: the greatest of their batches' last seqs. */
async function answeredBefore(tx: Db, deviceId: number, readings: readonly ValidReading[]): Promise<number> {
  const [row] = await tx.query<{ seq: number | null }>(
    `select max(batch_seq) as seq from telemetry_reading
      where smartequipment_id = $1 and read_at = any(select (jsonb_array_elements_text($2::jsonb))::timestamptz)`,
    [deviceId, JSON.stringify(readings.map((r) => r.at))]);
  return Number(row.seq ?? 0);
}

/**
 * The device online with its running state `$2`, and its storage point `$3` (none: null) holding the fold's result,
 * in one round trip.
 */
const UPDATE_DEVICE = hotStatement('ingest.updateDevice',
  `with point as (
     update hazardous_waste_storage set current_weight = $4, fill_ratio = $5, last_change_time = $6::timestamptz, last_added_time = $7::timestamptz,
            last_modification_time = now() where id = $3
   )
   update smart_equipment set online_state = ${onlineState.online}, activation = ${activation.activated}, last_heartbeat = now(), running_state = $2 where id = $1
   returning online_state as "onlineState", running_state as "runningState", last_heartbeat as "lastHeartbeat"`);

/** Each stored reading remembers its batch's last seq, so a batch sent again is answered as the first sending was. */
const STAMP_BATCH = hotStatement('ingest.stampBatch',
  `update telemetry_reading set batch_seq = $3 where smartequipment_id = $1
      and read_at = any(select (jsonb_array_elements_text($2::jsonb))::timestamptz)`);

/**
 * One batch: store the readings, fold them into the storage point, run the rules, bring the device online, and
 * record what changed. Answers the number stored and the seq of the batch's last event. `now` is the server's clock,
 * which the readings' times are checked against.
 */
export async function ingestBatch(
  db: Db, hub: HubServer | null, keyHash: string, body: unknown, language: Language, now: number,
): Promise<IngestResult> {
  return db.transaction(async (tx) => {
    // Who is asking comes before what they sent: an unknown key learns nothing about the body. A refused body rolls
    // back a transaction that has changed nothing.
    const device = await lockByKey(tx, keyHash);
    if (!device) throw unknownDevice(language);
    const { readings, problems } = validateReadings(body, language, now);
    if (problems.length > 0) throw errors.validation(language, problems);
    const context = await loadContext(tx, device.id);
    const storage = context.storage;
    const { appliedUpTo } = context;
    const stored = await insertReadings(tx, device, storage?.id ?? null, readings);
    // Everything was stored by an earlier sending of the batch: change nothing and answer as that sending did.
    if (stored.length === 0) return { accepted: readings.length, lastSeq: await answeredBefore(tx, device.id, readings) };
    const newReadings: RuleReading[] = stored.map(({ index, readAt }) => {
      const r = readings[index];
      return { readAt, weight: r.weight, battery: r.battery, temperature: r.temperature, latitude: r.latitude, longitude: r.longitude };
    });
    // Only readings newer than every reading applied before change the current state and meet the rules, in time order.
    const ruleReadings = newReadings
      .filter((r) => appliedUpTo === null || r.readAt > appliedUpTo)
      .sort((a, b) => (a.readAt < b.readAt ? -1 : a.readAt > b.readAt ? 1 : 0));

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

    const events: NewEvent[] = newReadings.map((r) => monitoringEvent(device, 'reading', {
      deviceId: device.id, storageId: storage?.id ?? null, ...r,
    } satisfies ReadingPayload));

    // The storage point as the readings leave it (written with the device below); null when they moved nothing.
    const weighed = fold && fold.steps.length > 0 ? fold.storage : null;
    if (fold && weighed) {
      events.push(monitoringEvent(device, 'storage.weight', storageWeightPayload(device, {
        storageId: weighed.id, currentWeight: weighed.currentWeight, capacity: weighed.capacity, fillRatio: weighed.fillRatio,
        delta: Math.round((weighed.currentWeight - fold.initialWeight) * 1000) / 1000, lastChangeTime: weighed.lastChangeTime ?? ruleReadings[ruleReadings.length - 1].readAt,
        reason: 'reading',
      })));
    }

    events.push(...await saveWarnings(tx, device, book));

    const runningState = book.anyOpen() ? 1 : 0;
    const [state] = await tx.query<DeviceStateRow>(UPDATE_DEVICE, [device.id, runningState, weighed?.id ?? null,
      weighed?.currentWeight ?? null, weighed?.fillRatio ?? null, weighed?.lastChangeTime ?? null, weighed?.lastAddedTime ?? null]);
    if (state.onlineState !== device.onlineState || state.runningState !== device.runningState) {
      events.push(monitoringEvent(device, 'device.state', deviceStatePayload(device, state)));
    }

    const recorded = await recordEvents({ hub, tenantId: device.tenantId, calendar: { zone: device.timeZone } }, tx, events);
    const lastSeq = recorded.length > 0 ? recorded[recorded.length - 1].seq : 0;
    await tx.query(STAMP_BATCH, [device.id, JSON.stringify(stored.map((r) => r.readAt)), lastSeq]);
    return { accepted: readings.length, lastSeq };
  });
}

function headerKey(value: string | string[] | undefined): string | null {
  const key = (Array.isArray(value) ? value[0] : value)?.trim();
  return key ? key : null;
}

export function mountDeviceIngest(server: FastifyInstance, services: Services): void {
  server.post(INGEST_PATH, async (request, reply) => {
    const language = resolveLanguage(request);
    const key = headerKey(request.headers[DEVICE_KEY_HEADER.toLowerCase()]);
    if (!key) throw unknownDevice(language);
    const keyHash = hashDeviceKey(key);
    return sendSuccess(reply, await throttledDeviceRequest(services, request, keyHash, language,
      () => ingestBatch(services.db, services.hub, keyHash, request.body, language, services.clock.now())));
  });
}
