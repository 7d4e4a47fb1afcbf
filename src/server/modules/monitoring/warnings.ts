/** Warnings in the database: read, written after the rules ran, moved by people, listed for the console. */
import { equipmentwarning } from '../../../shared/resources';
import { translate } from '../../../shared/locales';
import { WARNING_SEVERITY_ORDER } from '../../../shared/live/severity';
import { WARNING_MOVES, type OpenWarningDto, type SeqItems } from '../../../shared/monitoring';
import { pick } from '../../../shared/resource-kit';
import { warningStatus } from '../../../shared/enums';
import { enterpriseCondition, scopeOf } from '../../crud/scope';
import { and, raw, scopeCondition, sql } from '../../crud/sql';
import { hotStatement, type Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { headOf, recordEvents, type NewEvent } from '../events';
import { deviceStatePayload, monitoringEvent, warningPayload, type DeviceRef, type DeviceStateRow } from './live';
import { type WarningBook, type WarningState } from './rules';
import type { ServiceContext } from '../../crud/engine';

/** A warning row as `WarningState` (alias `w`). */
export const WARNING_COLUMNS = `w.id, w.storage_id as "storageId", w.warning_type as "warningType", w.value, w.threshold, w.quantity,
  w.raised_at as "raisedAt", w.last_seen_at as "lastSeenAt", w.occurrences, w.status,
  w.acknowledged_by as "acknowledgedBy", w.acknowledged_at as "acknowledgedAt", w.acknowledge_note as "acknowledgeNote",
  w.closed_by as "closedBy", w.closed_at as "closedAt", w.close_note as "closeNote"`;

/** An open warning seen again updates on every batch of its device. */
const UPDATE_WARNINGS = hotStatement('warnings.update',
  `update equipment_warning w set value = x.value, threshold = x.threshold, quantity = x.quantity, last_seen_at = x."lastSeenAt",
          occurrences = x.occurrences, status = x.status, closed_at = x."closedAt", closed_by = x."closedBy", close_note = x."closeNote",
          last_modification_time = now()
     from jsonb_to_recordset($1::jsonb) as x(id bigint, value numeric, threshold numeric, quantity numeric, "lastSeenAt" timestamptz,
          occurrences integer, status integer, "closedAt" timestamptz, "closedBy" text, "closeNote" text)
    where w.id = x.id`);

/**
 * Writes what the rules changed: updates first (a closed warning frees its type before a new one of the type is
 * inserted), then the new warnings one by one (rare). Returns their events, a raise before any later change of it.
 */
export async function saveWarnings(tx: Db, device: DeviceRef, book: WarningBook): Promise<NewEvent[]> {
  const changes = book.changes();
  const updates = changes.filter((c) => c.state.id !== null).map((c) => c.state);
  if (updates.length > 0) {
    await tx.query(UPDATE_WARNINGS, [JSON.stringify(updates)]);
  }
  for (const change of changes) {
    if (change.state.id !== null) continue;
    const s = change.state;
    const [row] = await tx.query<{ id: number }>(
      `insert into equipment_warning (tenant_id, smartequipment_id, enterprise_id, storage_id, warning_type, value, threshold, quantity,
              raised_at, last_seen_at, occurrences, status, closed_at, closed_by, close_note)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10::timestamptz, $11, $12, $13::timestamptz, $14, $15) returning id`,
      [device.tenantId, device.id, device.enterpriseId, s.storageId, s.warningType, s.value, s.threshold, s.quantity,
        s.raisedAt, s.lastSeenAt, s.occurrences, s.status, s.closedAt, s.closedBy, s.closeNote]);
    s.id = Number(row.id);
    if (change.raised) change.raised.id = s.id;
  }
  const events: NewEvent[] = [];
  for (const { state, raised } of changes) {
    if (raised) events.push(monitoringEvent(device, 'warning.raised', warningPayload(device, raised)));
    if (!raised || JSON.stringify(raised) !== JSON.stringify(state)) events.push(monitoringEvent(device, 'warning.updated', warningPayload(device, state)));
  }
  return events;
}

/**
 * Sets the device's running state from its warnings (1 while one is not closed); returns the `device.state` event
 * when that changed it.
 */
export async function refreshRunningState(tx: Db, device: DeviceRef): Promise<NewEvent | null> {
  const [row] = await tx.query<DeviceStateRow & { before: number | null }>(
    `with old as (select running_state from smart_equipment where id = $1)
     update smart_equipment d set running_state = case when exists (
              select 1 from equipment_warning w where w.smartequipment_id = d.id and w.status <> ${warningStatus.closed} and not w.is_deleted) then 1 else 0 end
      where d.id = $1
      returning d.online_state as "onlineState", d.running_state as "runningState", d.last_heartbeat as "lastHeartbeat", (select running_state from old) as before`,
    [device.id]);
  if (!row || row.before === row.runningState) return null;
  return monitoringEvent(device, 'device.state', deviceStatePayload(device, row));
}

/** Locks a device row (every writer of its warnings and storage point does, so they take turns) and reads it. */
export async function lockDevice(tx: Db, deviceId: number): Promise<DeviceRef | null> {
  const rows = await tx.query<DeviceRef>(
    `select id, tenant_id as "tenantId", serial_number as "serialNumber", enterprise_id as "enterpriseId"
       from smart_equipment where id = $1 for update`, [deviceId]);
  return rows[0] ?? null;
}

const severityOrder = sql`array_position(${[...WARNING_SEVERITY_ORDER]}::int[], w.warning_type)`;

function statusLabel(ctx: ServiceContext, value: number): string {
  const option = warningStatus.options.find((o) => o.value === value);
  return option ? pick(option.label, ctx.language) : String(value);
}

/** `PUT EquipmentWarning/UpdateEquipmentWarningStatus {id, status, note}`: acknowledge or close, once, with who/when/why. */
async function moveWarning(ctx: ServiceContext, id: number, to: number, note: string | null) {
  return ctx.db.transaction(async (tx) => {
    const visible = await ctx.resources.of(equipmentwarning).get(ctx, tx, id);
    const device = await lockDevice(tx, Number(visible.smartequipmentId));
    if (!device) throw errors.notFound(ctx.language, equipmentwarning.name, id);
    const [current] = await tx.query<WarningState>(`select ${WARNING_COLUMNS} from equipment_warning w where w.id = $1 for update`, [id]);
    const from = Number(current.status);
    if (!(WARNING_MOVES[from] ?? []).includes(to)) {
      throw errors.invalid(ctx.language, 'status', translate(ctx.language, 'validation.transition', { from: statusLabel(ctx, from), to: statusLabel(ctx, to) }));
    }
    if (to === warningStatus.closed && !note) throw errors.invalid(ctx.language, 'note', translate(ctx.language, 'monitoringRules.noteRequired'));
    const who = ctx.session?.userName ?? null;
    const [moved] = await tx.query<WarningState>(
      to === warningStatus.acknowledged
        ? `update equipment_warning w set status = ${warningStatus.acknowledged}, acknowledged_by = $2, acknowledged_at = now(), acknowledge_note = $3,
                  last_modification_time = now(), last_modifier_user_id = $4 where w.id = $1 returning ${WARNING_COLUMNS}`
        : `update equipment_warning w set status = ${warningStatus.closed}, closed_by = $2, closed_at = now(), close_note = $3,
                  last_modification_time = now(), last_modifier_user_id = $4 where w.id = $1 returning ${WARNING_COLUMNS}`,
      [id, who, note, ctx.session?.userId ?? null]);
    const payload = warningPayload(device, moved);
    const running = await refreshRunningState(tx, device);
    await recordEvents(ctx, tx, [monitoringEvent(device, 'warning.updated', payload), ...(running ? [running] : [])]);
    return payload;
  });
}

/**
 * Closes a device's not-closed warnings (of `types`, or all) that a person's act ended: the device was deleted, or its
 * storage point closed so that no reading can clear them any more. The person is named as the closer.
 */
export async function closeWarnings(ctx: ServiceContext, tx: Db, device: DeviceRef, note: string, types: readonly number[] | null = null): Promise<NewEvent[]> {
  const closed = await tx.query<WarningState>(
    `update equipment_warning w set status = ${warningStatus.closed}, closed_by = $2, closed_at = now(), close_note = $3,
            last_modification_time = now(), last_modifier_user_id = $4
      where w.smartequipment_id = $1 and w.status <> ${warningStatus.closed} and not w.is_deleted and ($5::int[] is null or w.warning_type = any($5::int[]))
      returning ${WARNING_COLUMNS}`,
    [device.id, ctx.session?.userName ?? null, note, ctx.session?.userId ?? null, types ? [...types] : null]);
  return closed.map((state) => monitoringEvent(device, 'warning.updated', warningPayload(device, state)));
}

async function openWarnings(ctx: ServiceContext, limit: number): Promise<SeqItems<OpenWarningDto>> {
  const seq = await headOf(ctx.db, ctx.tenantId);
  const where = [scopeCondition('w', ctx.tenantId), sql`w.status <> ${warningStatus.closed}`];
  const owner = enterpriseCondition(equipmentwarning, 'w', scopeOf(ctx));
  if (owner) where.push(owner);
  const items = await ctx.db.query<OpenWarningDto>(
    sql`select ${raw(WARNING_COLUMNS)}, w.smartequipment_id as "smartequipmentId", d.serial_number as "serialNumber", w.enterprise_id as "enterpriseId",
            e.name as "enterpriseName", s.storage_place as "storagePlace", h.name as "hazardouswasteInformationName"
       from equipment_warning w
       join smart_equipment d on d.id = w.smartequipment_id
       left join enterprise_information e on e.id = w.enterprise_id
       left join hazardous_waste_storage s on s.id = w.storage_id
       left join hazardous_waste_information h on h.id = s.hazardouswaste_information_id
      where ${and(where)}
      order by coalesce(${severityOrder}, ${WARNING_SEVERITY_ORDER.length + 1}), w.raised_at desc, w.id desc
      limit ${limit}`);
  return { items, seq };
}

export function registerWarningMethods(registry: AppServiceRegistry): void {
  const service = equipmentwarning.name;
  const access = { anyOf: [equipmentwarning.permission, 'Pages.SupervisorConsole' as const] };
  registry.add({
    service, method: 'UpdateEquipmentWarningStatus', verb: 'PUT', access, parameters: ['id', 'status', 'note'],
    summary: 'Acknowledge (1) an open warning, or close (2) an open or acknowledged one with a note',
    handler(ctx, input) {
      const id = input.requiredInt('Id', { min: 1 });
      const to = input.requiredInt('status', { min: 0, max: 2 });
      const note = input.optionalString('note', 500)?.trim() || null;
      return moveWarning(ctx, id, to, note);
    },
  });
  registry.add({
    service, method: 'GetOpenWarnings', verb: 'GET', access, parameters: ['MaxResultCount'],
    summary: 'Warnings not closed in the caller\'s scope, most severe type first, then newest; with the event seq read before them',
    handler: (ctx, input) => openWarnings(ctx, input.optionalInt('MaxResultCount', { min: 1, max: 5000 }) ?? 1000),
  });
}
