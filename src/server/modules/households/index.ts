import { schemeRole } from '../../../shared/enums';
import { pick } from '../../../shared/resource-kit';
import { bhusers } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import { refuseWhileRedeeming } from '../points/open-redemptions';
import type { AppServiceRegistry } from '../../http/app-services';

function registerHouseholdMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: bhusers.name, method: 'GetRoleLeve', verb: 'GET', access: 'user',
    summary: 'The roles a household can have in the scheme, with their names in the caller’s language',
    async handler(ctx) {
      return schemeRole.options.map((o) => ({ value: o.value, name: pick(o.label, ctx.language) }));
    },
  });
}

const householdHooks: ResourceHooks<typeof bhusers> = {
  async beforeDelete(ctx, tx, row) {
    await refuseWhileRedeeming(ctx, tx, 'household', row.id);
  },
};

export const householdModule = defineModule({ resource: bhusers, hooks: householdHooks, methods: registerHouseholdMethods });
