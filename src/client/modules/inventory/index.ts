// Warehouse receipts and the inventory list: extensions of their generic screens (registered by the route that
// shows generic screens) and the saga that keeps them live.
import { registerScreenExtension } from '../../crud';
import { inventory, warehousereceipt } from '../../../shared/resources';
import { useInventoryScreen } from './inventoryScreen';
import { useWarehouseReceiptScreen } from './receiptScreen';

/** A call, not an import side effect: the build drops modules imported only for their effects. */
export function registerInventoryScreens(): void {
  registerScreenExtension(warehousereceipt.name, useWarehouseReceiptScreen);
  registerScreenExtension(inventory.name, useInventoryScreen);
}

export { useInventoryScreen } from './inventoryScreen';
export { isFromTransfer, sourceOrderPath, SOURCE_TRANSFER, useWarehouseReceiptScreen } from './receiptScreen';
export { unitRenderers } from './columns';
