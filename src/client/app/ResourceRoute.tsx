import '@blueprintjs/table/lib/css/table.css';
import { ResourcePage, type ScreenExtension } from '../crud';
import { useContractsScreen } from '../modules/contracts';
import { useEnterpriseScreen, useHazardousWasteScreen } from '../modules/enterprises';
import { useInventoryScreen, useWarehouseReceiptScreen } from '../modules/inventory';
import { useEquipmentModelScreen, useEquipmentWarningScreen, useSmartEquipmentScreen } from '../modules/monitoring';
import { usePlansScreen } from '../modules/plans';
import { useCollectorsScreen } from '../modules/recycling/collectorsScreen';
import { useExchangeScreen } from '../modules/recycling/exchangeScreen';
import { useHouseholdsScreen } from '../modules/recycling/householdsScreen';
import {
  annualmanagementplan, bhusers, collector, contract, enterpriseinformation, equipmentmodel, equipmentwarning, hazardouswasteinformation,
  exchangemachine, inventory, smartequipment, warehousereceipt,
} from '../../shared/resources';

/**
 * What each resource's screen adds to the generic one, by resource name: the one place a derived screen is extended.
 * They travel in this chunk with the generic screen.
 */
const SCREEN_EXTENSIONS: Record<string, ScreenExtension> = {
  [enterpriseinformation.name]: useEnterpriseScreen,
  [hazardouswasteinformation.name]: useHazardousWasteScreen,
  [annualmanagementplan.name]: usePlansScreen,
  [contract.name]: useContractsScreen,
  [warehousereceipt.name]: useWarehouseReceiptScreen,
  [inventory.name]: useInventoryScreen,
  [equipmentmodel.name]: useEquipmentModelScreen,
  [smartequipment.name]: useSmartEquipmentScreen,
  [equipmentwarning.name]: useEquipmentWarningScreen,
  [bhusers.name]: useHouseholdsScreen,
  [exchangemachine.name]: useExchangeScreen,
  [collector.name]: useCollectorsScreen,
};

const extensionOf = (resource: string) =>
  Object.entries(SCREEN_EXTENSIONS).find(([name]) => name.toLowerCase() === resource.toLowerCase())?.[1];

/**
 * A declared resource's screen; the table's style sheet travels with it, not with the login route. A segment route
 * shows its part of the resource with a list state of its own.
 */
export default function ResourceRoute({ resource, segment }: { resource: string; segment?: string }) {
  return <ResourcePage key={segment ?? resource} resource={resource} segment={segment} extension={extensionOf(resource)} />;
}
