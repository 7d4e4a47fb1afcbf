/** Equipment models and smart devices beyond their declarations: keys, bindings to a waste, unbinding, deletion. */
import { smartequipment, type equipmentmodel } from '../../../shared/resources';
import { translate } from '../../../shared/locales';
import { type ResourceHooks, type ServiceContext } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { recordEvents, type NewEvent } from '../events';
import { hashDeviceKey, newDeviceKey } from './keys';
import type { DeviceRef } from './live';

import { closeStoragePoint, openStoragePoint, syncStoragePoints } from './storage';
import { closeWarnings, lockDevice, refreshRunningState } from './warnings';
import { warningType } from '../../../shared/enums';

const devices = (ctx: ServiceContext) => ctx.resources.of(smartequipment);

/** Warnings about a storage point's content: when the point closes, no reading can clear them. Reductions stay for people. */
const STORAGE_WARNINGS = [warningType.weight, warningType.noWaste];

async function announce(ctx: ServiceContext, tx: Db, device: DeviceRef, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const running = await refreshRunningState(tx, device);
  await recordEvents(ctx, tx, running ? [...events, running] : events);
}

/**
 * Makes the device's storage point match its binding: none while unbound; a new one (the old one closed and kept)
 * when the waste or the enterprise changed; otherwise the place and the model's capacity follow the device. Compared
 * with the stored point rather than the row before the edit, so concurrent edits cannot leave a point open by mistake.
 */
async function matchBinding(ctx: ServiceContext, tx: Db, device: DeviceRef, row: Row): Promise<void> {
  const userId = ctx.session?.userId ?? null;
  const [active] = await tx.query<{ wasteId: number; enterpriseId: number }>(
    `select hazardouswaste_information_id as "wasteId", enterprise_id as "enterpriseId" from hazardous_waste_storage
      where smartequipment_id = $1 and unbound_time is null and not is_deleted`, [device.id]);
  const wasteId = row.hazardouswasteInformationId === null || row.hazardouswasteInformationId === undefined ? null : Number(row.hazardouswasteInformationId);
  if (active && wasteId === Number(active.wasteId) && Number(row.enterpriseId) === Number(active.enterpriseId)) {
    await syncStoragePoints(tx, { deviceId: device.id });
    return;
  }
  if (active) {
    await closeStoragePoint(tx, device.id, userId);
    await announce(ctx, tx, device, await closeWarnings(ctx, tx, device, translate(ctx.language, 'monitoringRules.storageEnded'), STORAGE_WARNINGS));
  }
  if (wasteId !== null) await openStoragePoint(tx, device.id, userId);
}

export const equipmentModelHooks: ResourceHooks<typeof equipmentmodel> = {
  async afterWrite(_ctx, tx, row, _input, existing) {
    if (existing && Number(existing.capacity) !== Number(row.capacity)) await syncStoragePoints(tx, { modelId: row.id });
  },
};

export const smartEquipmentHooks: ResourceHooks<typeof smartequipment> = {
  // A deleted device's storage points and warnings stay as its history.
  historyOf: ['Hazardouswastestorage', 'EquipmentWarning'],

  async beforeWrite(_ctx, tx, _values, existing) {
    // Readings, unbinding and warning moves of this device wait for the edit.
    if (existing) await lockDevice(tx, existing.id);
  },

  async afterWrite(ctx, tx, row, _input, existing) {
    const device = await lockDevice(tx, row.id);
    if (!device) return;
    await matchBinding(ctx, tx, device, row);
    if (existing) return;
    // A new device's key is shown once, in the Create answer; only its hash is kept.
    const deviceKey = newDeviceKey();
    await tx.query('update smart_equipment set device_key_hash = $2 where id = $1', [row.id, hashDeviceKey(deviceKey)]);
    return { deviceKey };
  },

  /**
   * A device whose storage point still holds waste is not deleted: the waste would drop out of supervision without
   * anyone saying where it went. An empty point is closed as by unbinding, and the device's open warnings are closed
   * (no one could act on them any more); both stay as history.
   */
  async beforeDelete(ctx, tx, row) {
    const device = await lockDevice(tx, row.id);
    if (!device) return;
    const [held] = await tx.query<{ currentWeight: number }>(
      `select current_weight as "currentWeight" from hazardous_waste_storage
        where smartequipment_id = $1 and unbound_time is null and not is_deleted`, [device.id]);
    if (held && held.currentWeight > 0) {
      throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'monitoringRules.holdsWaste', { serial: device.serialNumber, weight: held.currentWeight }));
    }
    await closeStoragePoint(tx, device.id, ctx.session?.userId ?? null);
    await announce(ctx, tx, device, await closeWarnings(ctx, tx, device, translate(ctx.language, 'monitoringRules.deviceDeleted')));
  },

};

export function registerEquipmentMethods(registry: AppServiceRegistry): void {
  const access = { anyOf: [smartequipment.permission] };

  registry.add({
    service: smartequipment.name, method: 'RegenerateKey', verb: 'POST', access, parameters: ['id'],
    summary: 'Give the device a new key, shown once; the old key stops working at once',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const row = await devices(ctx).get(ctx, tx, input.requiredInt('Id', { min: 1 }));
      await lockDevice(tx, row.id);
      const deviceKey = newDeviceKey();
      await tx.query('update smart_equipment set device_key_hash = $2, last_modification_time = now(), last_modifier_user_id = $3 where id = $1',
        [row.id, hashDeviceKey(deviceKey), ctx.session?.userId ?? null]);
      return { deviceKey };
    }),
  });

  registry.add({
    service: smartequipment.name, method: 'Updateunbind', verb: 'PUT', access, parameters: ['id'],
    summary: 'Unbind the device from its waste and place; its storage point is closed and kept as history',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const row = await devices(ctx).get(ctx, tx, input.requiredInt('Id', { min: 1 }));
      const device = await lockDevice(tx, row.id);
      const [current] = await tx.query<{ wasteId: number | null }>(
        'select hazardouswaste_information_id as "wasteId" from smart_equipment where id = $1', [row.id]);
      if (!device || current?.wasteId === null || current?.wasteId === undefined) {
        throw errors.invalid(ctx.language, 'hazardouswasteInformationId', translate(ctx.language, 'monitoringRules.notBound'));
      }
      const updated = await devices(ctx).setFields(ctx, tx, row.id, { hazardouswasteInformationId: null, storagePlace: null });
      await matchBinding(ctx, tx, device, updated);
      return devices(ctx).get(ctx, tx, row.id);
    }),
  });
}
