import { translate } from '../../../shared/locales';
import type { ResourceHooks } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { FieldValue } from '../../crud/validation';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import type { Db } from '../../db/database';
import { recordInventoryChanged } from './live';
import { moveStock } from './stock';
import { receiptSource } from '../../../shared/enums';
import { defineModule } from '../../crud/module';
import { warehousereceipt } from '../../../shared/resources';


const fromOrder = (receipt: Row) => receipt.transferOrderId !== null && receipt.transferOrderId !== undefined;

function refuseIfFromOrder(ctx: RequestContext, receipt: Row): void {
  if (fromOrder(receipt)) {
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
 * with it (its move records the stock's live event). A manual receipt whose edit or removal would take more out than
 * the stock holds is refused; its write records the live event of the enterprises whose stock it moved.
 */
export const warehouseReceiptHooks: ResourceHooks<typeof warehousereceipt> = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing) refuseIfFromOrder(ctx, existing);
    else values.source ??= receiptSource.manual;
    await restock(ctx, tx, existing, values);
  },
  async afterWrite(ctx, tx, receipt, _input, existing) {
    if (fromOrder(receipt)) return;
    await recordInventoryChanged(ctx, tx, [Number(receipt.enterpriseId), ...(existing ? [Number(existing.enterpriseId)] : [])]);
  },
  async beforeDelete(ctx, tx, receipt) {
    refuseIfFromOrder(ctx, receipt);
    await restock(ctx, tx, receipt, null);
    await recordInventoryChanged(ctx, tx, [Number(receipt.enterpriseId)]);
  },
};

export const warehouseReceiptModule = defineModule({ resource: warehousereceipt, hooks: warehouseReceiptHooks });
