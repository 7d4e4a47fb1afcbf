import type { AppServiceRegistry } from '../../http/app-services';
import { registerMoveMethods } from './moves';
import { registerOrderMethods } from './orders';
import { registerStatisticsMethods } from './statistics';

export { transferLineHooks } from './lines';
export { transferOrderHooks } from './orders';

/** Transfer orders beyond the standard endpoints: declaring with lines, the moves, statistics and stock by enterprise. */
export function registerTransferMethods(registry: AppServiceRegistry): void {
  registerOrderMethods(registry);
  registerMoveMethods(registry);
  registerStatisticsMethods(registry);
}
