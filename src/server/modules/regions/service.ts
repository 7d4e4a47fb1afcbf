import { translate } from '../../../shared/locales';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { childrenOf, findRegion } from './regions';

/**
 * `GET EnterpriseInformation/GetCitys?ParentCode=` — the divisions one level under `ParentCode` (absent: the
 * provinces) as `{ items: [{ code, name, level, hasChildren }] }`, the cascade behind every address selection.
 */
export function registerRegions(registry: AppServiceRegistry): void {
  registry.add({
    service: 'EnterpriseInformation', method: 'GetCitys', verb: 'GET', access: 'user', parameters: ['ParentCode'],
    summary: 'Administrative divisions under ParentCode (provinces without it): items of {code, name, level, hasChildren}',
    async handler(ctx, input) {
      const parentCode = input.optionalString('ParentCode', 12)?.trim() || null;
      if (parentCode !== null && !findRegion(parentCode)) {
        throw errors.invalid(ctx.language, 'parentCode', translate(ctx.language, 'regions.unknownCode', { code: parentCode }));
      }
      return { items: childrenOf(parentCode) };
    },
  });
}
