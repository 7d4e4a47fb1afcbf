import { MAX_PAGE_SIZE, resourcePermissions, type Resource } from '../../shared/resource-kit';
import type { PermissionName } from '../../shared/permissions';
import { dateParameter, dateTimeParameter, type AppServiceRegistry, type MethodParameter } from '../http/app-services';
import { ResourceService, type ResourceHooks, type ResourceServices, type ServiceContext } from './engine';
import type { Row } from './repository';

/** A field's parameter as the OpenAPI description names it: dates and date-times by their format. */
function parameterOf(resource: Resource, field: string, name = field): MethodParameter {
  const { kind } = resource.fields[field];
  return kind === 'date' ? dateParameter(name) : kind === 'datetime' ? dateTimeParameter(name) : name;
}

const fieldParameters = (resource: Resource) => resource.fieldNames.map((n) => parameterOf(resource, n));

/** The five standard endpoints and the lookup list of one declared resource. */
export function registerResource(registry: AppServiceRegistry, services: ResourceServices, resource: Resource, hooks: ResourceHooks = {}): ResourceService {
  const crud = new ResourceService(resource, hooks);
  services.add(crud);
  const access = { anyOf: resourcePermissions(resource) };
  const service = resource.name;
  const filters = [
    ...resource.fieldNames.filter((n) => resource.fields[n].filterable).map((n) => parameterOf(resource, n)),
    ...resource.fieldNames.filter((n) => resource.fields[n].filterRange).flatMap((n) => [parameterOf(resource, n, `${n}From`), parameterOf(resource, n, `${n}To`)]),
  ];

  registry.add({
    service, method: 'GetAll', verb: 'GET', access, summary: `Paged list of ${resource.label.en}`,
    parameters: ['SkipCount', 'MaxResultCount', 'Sorting', 'Keyword', ...filters],
    handler: (ctx, input) => crud.list(ctx, input),
  });
  registry.add({
    service, method: 'Get', verb: 'GET', access, summary: `One ${resource.label.en} by id`, parameters: ['Id'],
    handler: (ctx, input) => crud.detail(ctx, ctx.db, input.requiredInt('Id', { min: 1 })),
  });
  if (!resource.readOnly) registerWrites(registry, crud, access);
  registerLookup(registry, crud, filters);
  return crud;
}

async function committed(ctx: ServiceContext, crud: ResourceService, change: 'create' | 'update' | 'delete', row: Row): Promise<Row> {
  await crud.hooks.afterCommit?.(ctx, row, change);
  return row;
}

/** Create (unless a module serves it under its own name), Update and Delete. */
function registerWrites(registry: AppServiceRegistry, crud: ResourceService, access: { anyOf: PermissionName[] }): void {
  const { resource } = crud;
  const service = resource.name;
  if (!resource.createMethod) {
    registry.add({
      service, method: 'Create', verb: 'POST', access, summary: `Create ${resource.label.en}`, parameters: fieldParameters(resource),
      handler: async (ctx, input) => committed(ctx, crud, 'create', await ctx.db.transaction((tx) => crud.create(ctx, tx, input))),
    });
  }
  registry.add({
    service, method: 'Update', verb: 'PUT', access, summary: `Update ${resource.label.en}`, parameters: ['id', ...fieldParameters(resource)],
    handler: async (ctx, input) => committed(ctx, crud, 'update', await ctx.db.transaction((tx) => crud.update(ctx, tx, input))),
  });
  registry.add({
    service, method: 'Delete', verb: 'DELETE', access, summary: `Delete ${resource.label.en}`, parameters: ['Id'],
    handler: async (ctx, input) => {
      const id = input.requiredInt('Id', { min: 1 });
      const row = await ctx.db.transaction(async (tx) => {
        const removed = await crud.get(ctx, tx, id);
        await crud.remove(ctx, tx, id);
        return removed;
      });
      await committed(ctx, crud, 'delete', row);
      return null;
    },
  });
}

function registerLookup(registry: AppServiceRegistry, crud: ResourceService, filters: MethodParameter[]): void {
  const { resource } = crud;
  const service = resource.name;
  const lookup = resource.lookup;
  if (lookup) {
    registry.add({
      service, method: lookup.method, verb: 'GET', access: 'user',
      summary: `Lookup list of ${resource.label.en} for forms (at most ${MAX_PAGE_SIZE})`,
      parameters: ['Keyword', 'MaxResultCount', ...filters],
      handler: (ctx, input) => crud.lookup(ctx, input),
    });
  }
}
