/** Monitoring events: their payloads. */
import type { DeviceStatePayload, StorageWeightPayload, WarningPayload } from '../../../shared/live/events';
import type { NewEvent } from '../events';
import type { WarningState } from './rules';

/** What every monitoring event and warning needs of its device. */
export interface DeviceRef {
  id: number;
  tenantId: number | null;
  serialNumber: string;
  enterpriseId: number;
}

export const monitoringEvent = (device: DeviceRef, type: NewEvent['type'], payload: unknown): NewEvent =>
  ({ type, topic: 'monitoring', enterpriseIds: [device.enterpriseId], payload });

export function warningPayload(device: DeviceRef, state: WarningState): WarningPayload {
  if (state.id === null) throw new Error('a warning is written before it is announced');
  return { ...state, id: state.id, smartequipmentId: device.id, serialNumber: device.serialNumber, enterpriseId: device.enterpriseId };
}

export interface DeviceStateRow {
  onlineState: number;
  runningState: number;
  lastHeartbeat: string | null;
}

export const deviceStatePayload = (device: DeviceRef, state: DeviceStateRow): DeviceStatePayload => ({
  deviceId: device.id, serialNumber: device.serialNumber, enterpriseId: device.enterpriseId,
  onlineState: state.onlineState, runningState: state.runningState, lastHeartbeat: state.lastHeartbeat,
});

type StorageWeightInput = Omit<StorageWeightPayload, 'deviceId' | 'enterpriseId'>;

export const storageWeightPayload = (device: DeviceRef, input: StorageWeightInput): StorageWeightPayload =>
  ({ ...input, deviceId: device.id, enterpriseId: device.enterpriseId });

