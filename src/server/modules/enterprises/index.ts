import { translate } from '../../../shared/locales';
import { pick } from '../../../shared/resource-kit';
import { driver, enterpriseinformation, vehicleinformation } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { forPicker } from '../../crud/picker';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import { Input } from '../../http/input';
import { resolveRegionPath } from '../regions';
import { defineModule } from '../../crud/module';
import { corporateType } from '../../../shared/enums';

const LEVELS = ['province', 'city', 'county', 'town', 'village'] as const;

/** Region codes must form one path down China's divisions; `regionName` is written from them. Receivers need a licence. */
export const enterpriseHooks: ResourceHooks<typeof enterpriseinformation> = {
  async beforeWrite(ctx, _tx, values) {
    const problems: ValidationErrorInfo[] = [];
    const codes = Object.fromEntries(LEVELS.map((level) => [level, values[`${level}Code`] ?? null]));
    const path = resolveRegionPath(codes);
    if (path.ok) values.regionName = path.fullName || null;
    else {
      const name = `${path.field}Code`;
      problems.push({ message: translate(ctx.language, 'validation.reference', { field: pick(enterpriseinformation.fields[name as 'provinceCode'].label, ctx.language) }), members: [name] });
    }
    if (values.corporateType?.includes(corporateType.receiver) && !values.licenseNumber) {
      const field = pick(enterpriseinformation.fields.licenseNumber.label, ctx.language);
      problems.push({ message: translate(ctx.language, 'validation.required', { field }), members: ['licenseNumber'] });
    }
    if (problems.length > 0) throw errors.validation(ctx.language, problems);
  },
};

/** Lists of one transporter's vehicles and drivers, for dispatching a transfer. */
export function registerEnterpriseMethods(registry: AppServiceRegistry): void {
  for (const [resource, method] of [[vehicleinformation, 'GetListByEfid'], [driver, 'GetDriverListByEfid']] as const) {
    registry.add({
      service: resource.name, method, verb: 'GET', access: 'user', parameters: ['efid'],
      summary: `${resource.label.en} of one enterprise (all of them, for pickers)`,
      async handler(ctx, input) {
        const efid = input.requiredInt('efid', { min: 1 });
        const service = ctx.resources.of(resource);
        const { items } = await service.list(ctx, new Input({ enterpriseId: efid, MaxResultCount: 1000 }, ctx.language));
        return forPicker(ctx, resource, items);
      },
    });
  }
}

export const enterpriseModule = defineModule({
  resource: enterpriseinformation, hooks: enterpriseHooks, methods: registerEnterpriseMethods,
});
