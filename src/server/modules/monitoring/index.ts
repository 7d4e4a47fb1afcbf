import type { AppServiceRegistry } from '../../http/app-services';
import { equipmentModelStatus } from '../../../shared/enums';
import { equipmentmodel, equipmentwarning, hazardouswastestorage, smartequipment } from '../../../shared/resources';
import { defineModule } from '../../crud/module';
import { registerStatusChange } from '../../crud/status';
import { equipmentModelHooks, registerEquipmentMethods, smartEquipmentHooks } from './equipment';
import { registerStorageMethods } from './storage';
import { registerWarningMethods } from './warnings';

export { ingestBatch, mountDeviceIngest } from './ingest';
export { sweepOnce } from './sweeper';

// Smart equipment, storage points and warnings beyond the standard endpoints (the device ingest is mounted apart).

export const equipmentModelModule = defineModule({
  resource: equipmentmodel,
  hooks: equipmentModelHooks,
  methods: (registry: AppServiceRegistry) => registerStatusChange(registry, equipmentmodel, {
    field: 'status', transitions: { [equipmentModelStatus.inUse]: [equipmentModelStatus.disabled], [equipmentModelStatus.disabled]: [equipmentModelStatus.inUse] },
  }),
});
export const smartEquipmentModule = defineModule({ resource: smartequipment, hooks: smartEquipmentHooks, methods: registerEquipmentMethods });
export const storageModule = defineModule({ resource: hazardouswastestorage, methods: registerStorageMethods });
export const warningModule = defineModule({ resource: equipmentwarning, methods: registerWarningMethods });
