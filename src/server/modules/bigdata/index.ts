import type { BigDataOverview, EnterpriseCard, ReplayPage } from '../../../shared/bigdata';
import type { AppServiceRegistry } from '../../http/app-services';
import { readEnterpriseCard } from './card';
import { readOverview } from './overview';
import { readReplay } from './replay';

/** The big-data screen: one aggregate call paints it, a click on the map opens an enterprise's card. */
export function registerBigData(registry: AppServiceRegistry): void {
  const access = { anyOf: ['Pages.BigData' as const] };
  registry.add({
    service: 'BigData', method: 'GetOverview', verb: 'GET', access,
    summary: 'Every figure of the big-data screen within the caller\'s tenant and enterprises, with the event head they include',
    handler: (ctx): Promise<BigDataOverview> => readOverview(ctx),
  });
  registry.add({
    service: 'BigData', method: 'GetEnterpriseCard', verb: 'GET', access, parameters: ['id'],
    summary: 'One enterprise of the map: stock, devices, open warnings and its latest manifest',
    handler: (ctx, input): Promise<EnterpriseCard> => readEnterpriseCard(ctx, input.requiredInt('id', { min: 1 })),
  });
  registry.add({
    service: 'BigData', method: 'GetReplay', verb: 'GET', access, parameters: ['Minutes', 'UpTo', 'After', 'MaxResultCount'],
    summary: 'The screen\'s events of the last minutes up to a seq, oldest first, in bounded pages (replay)',
    handler: (ctx, input): Promise<ReplayPage> => readReplay(ctx, input),
  });
}
