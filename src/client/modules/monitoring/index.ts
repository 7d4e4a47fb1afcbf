// Live monitoring: extensions of the equipment screens (registered by the route that shows generic screens), the
// storage screen, the supervisor console and the saga behind them.
import { registerScreenExtension } from '../../crud';
import { equipmentmodel } from '../../../shared/resources/equipmentmodel';
import { equipmentwarning } from '../../../shared/resources/equipmentwarning';
import { smartequipment } from '../../../shared/resources/smartequipment';
import { useEquipmentModelScreen } from './equipmentModelScreen';
import { useEquipmentWarningScreen } from './equipmentWarningScreen';
import { useSmartEquipmentScreen } from './smartEquipmentScreen';

/** A call, not an import side effect: the build drops modules imported only for their effects. */
export function registerMonitoringScreens(): void {
  registerScreenExtension(equipmentmodel.name, useEquipmentModelScreen);
  registerScreenExtension(smartequipment.name, useSmartEquipmentScreen);
  registerScreenExtension(equipmentwarning.name, useEquipmentWarningScreen);
}

export { monitoringReducer, initialMonitoringState, type MonitoringState } from './monitoringSlice';
export { watchMonitoring, createMonitoringWatcher } from './monitoringSaga';
