import type { AppServiceRegistry } from '../../http/app-services';
import { registerMoveMethods } from './moves';
import { registerOrderMethods, transferOrderHooks } from './orders';
import { transferLineHooks } from './lines';
import { transferorder, transferorderline } from '../../../shared/resources';
import { defineModule } from '../../crud/module';
import { registerStatisticsMethods } from './statistics';

/** Transfer orders beyond the standard endpoints: declaring with lines, the moves, statistics and stock by enterprise. */
export const transferOrderModule = defineModule({
  resource: transferorder,
  hooks: transferOrderHooks,
  methods(registry: AppServiceRegistry) {
    registerOrderMethods(registry);
    registerMoveMethods(registry);
    registerStatisticsMethods(registry);
  },
});

/** An order's lines are written with it; their own hooks keep them to the order's producer and state. */
export const transferLineModule = defineModule({ resource: transferorderline, hooks: transferLineHooks });
