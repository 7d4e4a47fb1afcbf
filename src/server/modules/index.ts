// The one list of what the server does beyond the declarations: a resource's module holds its hooks and its extra
// methods; service modules answer calls that belong to no one resource. app.ts registers these and nothing else.
import type { ResourceModule, ServiceModule } from '../crud/module';
import { registerFileServices } from '../files';
import { areaModules } from './areas';
import { registerAccount } from './auth/account';
import { registerBigData } from './bigdata';
import { chatLogModule } from './chat';
import { registerConfiguration } from './configuration';
import { collectorModule } from './collectors';
import { contractModule, fileContractReminders } from './contracts';
import { enterpriseModule } from './enterprises';
import { registerEvents } from './events';
import { householdModule } from './households';
import { registerInbox } from './inbox';
import { warehouseReceiptModule } from './inventory/receipts';
import { equipmentModelModule, smartEquipmentModule, storageModule, warningModule } from './monitoring';
import { registerNotifications } from './notifications/notifications';
import { planDetailModule, planModule } from './plans';
import { registerPoints } from './points';
import { registerAnalyses } from './points/analyses';
import { goodsModule, goodsTypeModule } from './points/goods';
import { machineModule } from './points/machines';
import { recordModule } from './points/records';
import { ruleModule } from './points/rules';
import { stationModule } from './points/stations';
import { registerRegions } from './regions';
import { registerRoles } from './roles/roles';
import { registerSession } from './session/session';
import { registerTenants } from './tenants/tenants';
import { transferLineModule, transferOrderModule } from './transfer';
import { registerUsers } from './users/users';
import { wasteInfoModule } from './wasteinfo';

export const RESOURCE_MODULES: readonly ResourceModule[] = [
  enterpriseModule, wasteInfoModule, planModule, planDetailModule, contractModule,
  transferOrderModule, transferLineModule, warehouseReceiptModule, chatLogModule,
  equipmentModelModule, smartEquipmentModule, storageModule, warningModule, ...areaModules, householdModule, ruleModule, recordModule, stationModule, goodsTypeModule, goodsModule, machineModule, collectorModule,
];

export const SERVICE_MODULES: readonly ServiceModule[] = [
  registerInbox, registerEvents, registerAccount, registerConfiguration, registerSession, registerUsers, registerRoles,
  registerTenants, (registry) => registerNotifications(registry, [fileContractReminders]), registerRegions,
  registerFileServices, registerBigData, registerPoints, registerAnalyses,
];
