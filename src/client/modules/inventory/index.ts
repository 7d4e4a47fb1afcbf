// Warehouse receipts and the inventory list: extensions of their generic screens (listed by the route that
// shows generic screens) and the saga that keeps them live.

export { useInventoryScreen } from './inventoryScreen';
export { isFromTransfer, sourceOrderPath, SOURCE_TRANSFER, useWarehouseReceiptScreen } from './receiptScreen';
export { unitRenderers } from './columns';
