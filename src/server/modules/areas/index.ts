import { translate } from '../../../shared/locales';
import { bhusers, carea, qarea, sarea, varea } from '../../../shared/resources';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import { columnName } from '../../db/schema';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { districtsOf, importDivisions } from './import';

// Every row below an area names the whole path above it. When a street moves to another district, or a community to
// another street, the rows below follow in the same transaction, so that the path never contradicts itself.

/** Rows that carry a level's id, and the levels above it they also carry. */
const BELOW: Record<'sarea' | 'carea', { tables: string[]; field: string; above: string[] }> = {
  sarea: { tables: [carea.table, varea.table, bhusers.table], field: 'sareaId', above: ['qareaId'] },
  carea: { tables: [varea.table, bhusers.table], field: 'careaId', above: ['qareaId', 'sareaId'] },
};

function followParents(level: 'sarea' | 'carea'): ResourceHooks['afterWrite'] {
  const { tables, field, above } = BELOW[level];
  return async (ctx, tx, row, _input, existing) => {
    if (!existing || above.every((f) => existing[f] === row[f])) return;
    const set = above.map((f, i) => `${columnName(f)} = $${i + 3}`).join(', ');
    const params = [row.id, ctx.tenantId, ...above.map((f) => row[f])];
    for (const table of tables) {
      await tx.query(`update ${table} set ${set} where ${columnName(field)} = $1 and tenant_id is not distinct from $2 and not is_deleted`, params);
    }
    // Users' links keep their paths too: a clerk of the street still works in it, now under its new district.
    await tx.query(`update user_areas set ${set} where ${columnName(field)} = $1 and tenant_id is not distinct from $2`, params);
  };
}

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
  defineModule({ resource: sarea, hooks: { afterWrite: followParents('sarea') } }),
  defineModule({ resource: carea, hooks: { afterWrite: followParents('carea') } }),
];
