import type { AppServiceRegistry } from '../../http/app-services';
import { registerEquipmentMethods } from './equipment';
import { registerStorageMethods } from './storage';
import { registerWarningMethods } from './warnings';

export { equipmentModelHooks, smartEquipmentHooks } from './equipment';
export { ingestBatch, mountDeviceIngest } from './ingest';
export { startSweeper, sweepOnce, type Sweeper } from './sweeper';

/** Smart equipment, storage points and warnings beyond the standard endpoints (the device ingest is mounted apart). */
export function registerMonitoringMethods(registry: AppServiceRegistry): void {
  registerEquipmentMethods(registry);
  registerStorageMethods(registry);
  registerWarningMethods(registry);
}
