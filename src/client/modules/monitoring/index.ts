// Live monitoring: extensions of the equipment screens (listed by the route that shows generic screens), the
// storage screen, the supervisor console and the saga behind them.

export { useEquipmentModelScreen } from './equipmentModelScreen';
export { useEquipmentWarningScreen } from './equipmentWarningScreen';
export { useSmartEquipmentScreen } from './smartEquipmentScreen';
export { monitoringReducer, initialMonitoringState, type MonitoringState } from './monitoringSlice';
export { watchMonitoring, createMonitoringWatcher } from './monitoringSaga';
