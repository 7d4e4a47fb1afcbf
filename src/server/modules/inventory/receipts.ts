import { translate } from '../../../shared/locales';
import type { ResourceHooks } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { FieldValue } from '../../crud/validation';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import type { Db } from '../../db/database';
import { pushInventoryChanged } from '../enterprises/audience';
import { moveStock } from './stock';
import { receiptSource } from '../../../shared/enums';


function refuseIfFromOrder(ctx: RequestContext, receipt: Row): void {
  if (receipt.transferOrderId !== null && receipt.transferOrderId !== undefined) {
    throw errors.invalid(ctx.language, 'transferOrderId', translate(ctx.language, 'transferRules.receiptFromOrder'));
  }
}

/** Takes a receipt's quantity back out of the stock and puts the new one in, netted when both name the same stock. */
async function restock(ctx: RequestContext, tx: Db, before: Row | null, after: Record<string, FieldValue> | null): Promise<void> {
  const key = (r: Record<string, unknown>) => `${r.enterpriseId}/${r.wastecodeId}`;
  if (before && after && key(before) === key(after)) {
    await moveStock(ctx, tx, {
      enterpriseId: Number(after.enterpriseId), wastecodeId: Number(after.wastecodeId), delta: Number(after.quantity) - Number(before.quantity), member: 'quantity',
    });
    return;
  }
  if (before) {
    await moveStock(ctx, tx, { enterpriseId: Number(before.enterpriseId), wastecodeId: Number(before.wastecodeId), delta: -Number(before.quantity), member: 'quantity' });
  }
  if (after) {
    await moveStock(ctx, tx, { enterpriseId: Number(after.enterpriseId), wastecodeId: Number(after.wastecodeId), delta: Number(after.quantity), member: 'quantity' });
  }
}

/**
 * Receipts move the stock in the same transaction. Those a transfer order wrote belong to the order: they change only
 * with it. A manual receipt whose edit or removal would take more out than the stock holds is refused.
 */
export const warehouseReceiptHooks: ResourceHooks = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing) refuseIfFromOrder(ctx, existing);
    else values.source ??= receiptSource.manual;
    await restock(ctx, tx, existing, values);
  },
  async beforeDelete(ctx, tx, receipt) {
    refuseIfFromOrder(ctx, receipt);
    await restock(ctx, tx, receipt, null);
  },
  // Manual receipts move stock too: the enterprise's users see the inventory change live.
  async afterCommit(ctx, receipt) {
    await pushInventoryChanged(ctx, [Number(receipt.enterpriseId)]);
  },
};
