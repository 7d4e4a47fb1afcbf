/**
 * The rules that silence triggers: a device not heard from within its model's offline minutes goes offline (warning
 * 7), and a storage point that got no waste for the model's no-waste hours raises warning 6. Every instance sweeps;
 * devices are taken with `for update skip locked`, so instances (and a batch arriving meanwhile) never act on the
 * same device at once, and each condition is checked again on the locked row. Silences are measured as instants: from
 * the last heartbeat or the last waste to the server's clock.
 */
import type { Db } from '../../db/database';
import type { HubServer } from '../../realtime';
import { recordEvents, tenantWriter, type NewEvent } from '../events';
import { deviceStatePayload, monitoringEvent, warningPayload, type DeviceRef, type DeviceStateRow } from './live';
import { type WarningState } from './rules';
import { WARNING_COLUMNS } from './warnings';
import { activation, onlineState, runningState, warningStatus, warningType } from '../../../shared/enums';
import { instantText, type InstantText } from '../../time';

/** Devices one sweep transaction takes at most (the rest wait for the next sweep). */
const SWEEP_BATCH = 500;

interface Swept extends DeviceRef, DeviceStateRow {
  storageId: number | null;
  value: number;
  threshold: number;
}

/** The device's tenant, as the second parameter names it (none for the host). */
const ofTenant = (tenantId: number | null) => (tenantId === null ? 'd.tenant_id is null' : 'd.tenant_id = $2');
const params = (now: InstantText, tenantId: number | null) => (tenantId === null ? [now] : [now, tenantId]);

const OFFLINE_DUE = `d.online_state = ${onlineState.online} and not d.is_deleted
  and d.last_heartbeat < $1::timestamptz - make_interval(mins => m.offline_minutes)`;

/**
 * A storage point is idle when nothing was added since it was bound or last got waste. One warning per idle spell: a
 * warning raised during it, even one a person closed, is not raised again until waste arrives.
 */
const NO_WASTE_DUE = `s.unbound_time is null and not s.is_deleted and not d.is_deleted and d.activation = ${activation.activated}
  and coalesce(s.last_added_time, s.bound_time) < $1::timestamptz - make_interval(hours => m.no_waste_hours)
  and not exists (select 1 from equipment_warning w where w.smartequipment_id = d.id and w.warning_type = ${warningType.noWaste} and not w.is_deleted
                    and (w.status <> ${warningStatus.closed} or w.raised_at >= coalesce(s.last_added_time, s.bound_time)))`;

async function tenantsWith(db: Db, from: string, condition: string, now: InstantText): Promise<(number | null)[]> {
  const rows = await db.query<{ tenantId: number | null }>(`select distinct d.tenant_id as "tenantId" ${from} where ${condition}`, [now]);
  return rows.map((r) => r.tenantId);
}

const DEVICE_COLUMNS = `d.id, d.tenant_id as "tenantId", d.serial_number as "serialNumber", d.enterprise_id as "enterpriseId",
  d.online_state as "onlineState", d.running_state as "runningState", d.last_heartbeat as "lastHeartbeat"`;

/**
 * Raises `type` on each swept device (or counts a repeat on the one not closed) and sets its running state to
 * warning. Answers the warning events and the devices' states after it, with whether the running state changed.
 * Statuses are written into the SQL as text, not parameters: the conflict target must repeat the partial unique
 * index's predicate word for word.
 */
async function raiseOn(tx: Db, type: number, now: InstantText, swept: Swept[]): Promise<{ events: NewEvent[]; states: Map<number, DeviceStateRow & { changed: boolean }> }> {
  const states = new Map<number, DeviceStateRow & { changed: boolean }>();
  if (swept.length === 0) return { events: [], states };
  const rows = await tx.query<WarningState & { deviceId: number; inserted: boolean }>(
    `insert into equipment_warning as w (tenant_id, smartequipment_id, enterprise_id, storage_id, warning_type, value, threshold, raised_at, last_seen_at, occurrences, status)
     select x."tenantId", x.id, x."enterpriseId", x."storageId", $2, x.value, x.threshold, $1::timestamptz, $1::timestamptz, 1, 0
       from jsonb_to_recordset($3::jsonb) as x(id bigint, "tenantId" integer, "enterpriseId" bigint, "storageId" bigint, value numeric, threshold numeric)
     on conflict (smartequipment_id, warning_type) where status <> ${warningStatus.closed} and not is_deleted
     do update set occurrences = w.occurrences + 1, last_seen_at = excluded.last_seen_at, value = excluded.value, last_modification_time = now()
     returning ${WARNING_COLUMNS}, w.smartequipment_id as "deviceId", (xmax = 0) as inserted`,
    [now, type, JSON.stringify(swept)]);
  const byId = new Map(swept.map((d) => [d.id, d]));
  const events = rows.map(({ deviceId, inserted, ...state }) => {
    const device = byId.get(Number(deviceId))!;
    return monitoringEvent(device, inserted ? 'warning.raised' : 'warning.updated', warningPayload(device, state));
  });
  const updated = await tx.query<DeviceStateRow & { id: number; before: number | null }>(
    `update smart_equipment d set running_state = ${runningState.warning} from (select id, running_state from smart_equipment where id = any($1::bigint[])) old
      where d.id = old.id
      returning d.id, d.online_state as "onlineState", d.running_state as "runningState", d.last_heartbeat as "lastHeartbeat", old.running_state as before`,
    [swept.map((d) => d.id)]);
  for (const { id, before, ...state } of updated) states.set(Number(id), { ...state, changed: before !== state.runningState });
  return { events, states };
}

async function sweepOffline(db: Db, hub: HubServer | null, now: InstantText): Promise<number> {
  const from = 'from smart_equipment d join equipment_model m on m.id = d.equipmentmodel_id';
  let count = 0;
  for (const tenantId of await tenantsWith(db, from, OFFLINE_DUE, now)) {
    count += await db.transaction(async (tx) => {
      const swept = await tx.query<Swept>(
        `with due as (select d.id, m.offline_minutes ${from} where ${ofTenant(tenantId)} and ${OFFLINE_DUE}
                        order by d.id limit ${SWEEP_BATCH} for update of d skip locked)
         update smart_equipment d set online_state = ${onlineState.offline} from due where d.id = due.id
         returning ${DEVICE_COLUMNS},
                   (select s.id from hazardous_waste_storage s where s.smartequipment_id = d.id and s.unbound_time is null and not s.is_deleted) as "storageId",
                   round(extract(epoch from ($1::timestamptz - d.last_heartbeat)) / 60) as value, due.offline_minutes as threshold`,
        params(now, tenantId));
      const { events, states } = await raiseOn(tx, warningType.offline, now, swept);
      // Every swept device went offline: one state event each, with the running state the warning gave it.
      for (const d of swept) events.push(monitoringEvent(d, 'device.state', deviceStatePayload(d, states.get(d.id) ?? d)));
      await recordEvents(await tenantWriter(hub, tx, tenantId), tx, events);
      return swept.length;
    });
  }
  return count;
}

async function sweepNoWaste(db: Db, hub: HubServer | null, now: InstantText): Promise<number> {
  const from = `from hazardous_waste_storage s join smart_equipment d on d.id = s.smartequipment_id
    join equipment_model m on m.id = d.equipmentmodel_id`;
  let count = 0;
  for (const tenantId of await tenantsWith(db, from, NO_WASTE_DUE, now)) {
    count += await db.transaction(async (tx) => {
      const swept = await tx.query<Swept>(
        `select ${DEVICE_COLUMNS}, s.id as "storageId",
                round(extract(epoch from ($1::timestamptz - coalesce(s.last_added_time, s.bound_time))) / 3600, 1) as value,
                m.no_waste_hours as threshold
           ${from} where ${ofTenant(tenantId)} and ${NO_WASTE_DUE}
          order by d.id limit ${SWEEP_BATCH} for update of d skip locked`,
        params(now, tenantId));
      const { events, states } = await raiseOn(tx, warningType.noWaste, now, swept);
      for (const d of swept) {
        const state = states.get(d.id);
        if (state?.changed) events.push(monitoringEvent(d, 'device.state', deviceStatePayload(d, state)));
      }
      await recordEvents(await tenantWriter(hub, tx, tenantId), tx, events);
      return swept.length;
    });
  }
  return count;
}

/** One sweep over every tenant at `now`, the server's clock (milliseconds since the epoch). */
export async function sweepOnce(db: Db, hub: HubServer | null, now: number): Promise<{ offline: number; noWaste: number }> {
  const at = instantText(now);
  return { offline: await sweepOffline(db, hub, at), noWaste: await sweepNoWaste(db, hub, at) };
}
