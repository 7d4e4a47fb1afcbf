import { hazardouswasteinformation, type wastecode } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { forPicker } from '../../crud/picker';
import { registerStatusChange } from '../../crud/status';
import type { AppServiceRegistry } from '../../http/app-services';
import { Input } from '../../http/input';
import { wasteInfoStatus } from '../../../shared/enums';
import { defineModule } from '../../crud/module';
import type { RowOf } from '../../../shared/resource-kit';


/** Hazard characteristics left empty come from the waste code of the national list. */
export const wasteInfoHooks: ResourceHooks<typeof hazardouswasteinformation> = {
  async beforeWrite(_ctx, tx, values) {
    if (values.hazardCharacteristics?.length) return;
    const rows = await tx.query<{ hazard_characteristics: RowOf<typeof wastecode>['hazardCharacteristics'] }>(
      'select hazard_characteristics from waste_code where id = $1', [values.wastecodeId ?? null]);
    values.hazardCharacteristics = rows[0]?.hazard_characteristics ?? null;
  },
};

export function registerWasteInfoMethods(registry: AppServiceRegistry): void {
  registerStatusChange(registry, hazardouswasteinformation, {
    field: 'status', transitions: { [wasteInfoStatus.inUse]: [wasteInfoStatus.disabled], [wasteInfoStatus.disabled]: [wasteInfoStatus.inUse] },
  });
  registry.add({
    service: hazardouswasteinformation.name, method: 'GetHazardouswasteInformationList', verb: 'GET', access: 'user',
    parameters: ['enterpriseId', 'Keyword'],
    summary: 'Hazardous wastes in use, of one enterprise when given (plan rows, transfer orders)',
    async handler(ctx, input) {
      const query: Record<string, unknown> = { status: wasteInfoStatus.inUse, MaxResultCount: 1000, Sorting: 'name' };
      const enterpriseId = input.optionalInt('enterpriseId', { min: 1 });
      if (enterpriseId) query.enterpriseId = enterpriseId;
      const keyword = input.optionalString('Keyword', 200);
      if (keyword) query.Keyword = keyword;
      const { items } = await ctx.resources.of(hazardouswasteinformation).list(ctx, new Input(query, ctx.language));
      return forPicker(ctx, hazardouswasteinformation, items);
    },
  });
}

export const wasteInfoModule = defineModule({
  resource: hazardouswasteinformation, hooks: wasteInfoHooks, methods: registerWasteInfoMethods,
});
