import type { Row } from '../../crud/repository';
import type { RequestContext } from '../../http/context';
import { pushToEnterprises } from '../enterprises/audience';

/** After a committed move: the users of the order's three enterprises hear of it (and no one else). */
export async function pushOrderChanged(ctx: RequestContext, order: Row, action: string, party: string | null): Promise<void> {
  await pushToEnterprises(ctx, [order.producerId, order.transporterId, order.receiverId].map(Number), 'TransferOrderChanged', {
    id: order.id, manifestNo: order.manifestNo, action, party,
    declareStatus: order.declareStatus, dispatchStatus: order.dispatchStatus, signStatus: order.signStatus, version: order.version,
    producerId: order.producerId, transporterId: order.transporterId, receiverId: order.receiverId,
    userName: ctx.session?.userName ?? null,
  });
}
