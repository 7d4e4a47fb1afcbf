import { translate } from '../../../shared/locales';
import { carea, qarea, sarea, varea } from '../../../shared/resources';
import { defineModule } from '../../crud/module';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { districtsOf, importDivisions } from './import';
import { rowsBelowFollow } from './moves';

function registerImport(registry: AppServiceRegistry): void {
  registry.add({
    service: qarea.name, method: 'ImportDivisions', verb: 'POST', access: { anyOf: [qarea.permission] }, parameters: ['code'],
    summary: 'Adds the districts, streets and communities of a city (4-digit code) or district (6 digits) from the national divisions',
    async handler(ctx, input) {
      const code = input.requiredString('code', 6);
      const districts = /^\d{4}(\d{2})?$/.test(code) ? districtsOf(code) : null;
      if (!districts) throw errors.invalid(ctx.language, 'code', translate(ctx.language, 'validation.divisionCode'));
      return importDivisions(ctx, districts);
    },
  });
}

export const areaModules = [
  defineModule({ resource: qarea, methods: registerImport }),
  defineModule({ resource: sarea, hooks: { afterWrite: rowsBelowFollow('sareaId') } }),
  defineModule({ resource: carea, hooks: { afterWrite: rowsBelowFollow('careaId') } }),
  defineModule({ resource: varea, hooks: { afterWrite: rowsBelowFollow('vareaId') } }),
];
