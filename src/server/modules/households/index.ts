import { schemeRole } from '../../../shared/enums';
import { pick } from '../../../shared/resource-kit';
import { bhusers } from '../../../shared/resources';
import { defineModule } from '../../crud/module';
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

export const householdModule = defineModule({ resource: bhusers, methods: registerHouseholdMethods });
