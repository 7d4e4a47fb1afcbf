import type { Resource } from '../../shared/resource-kit';
import { MAX_PAGE_SIZE, pick } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { findResource } from '../../shared/resources';
import type { AppServiceRegistry } from '../http/app-services';
import type { RequestContext } from '../http/context';
import { errors, type ValidationErrorInfo } from '../http/errors';
import type { Input } from '../http/input';
import { columnName } from '../db/schema';
import type { Db } from '../db/database';
import { likePattern, orderBy, readPaging, readSorting } from './paging';
import { ResourceRepository, type Row } from './repository';
import { Params } from './sql';
import { readFilterValue, readWriteValues, type FieldValue } from './validation';

/** Builds the WHERE conditions of a list from `Keyword` and the declared filters. */
function listConditions(resource: Resource, ctx: RequestContext, input: Input, params: Params): string[] {
  const conditions: string[] = [];
  const keyword = input.optionalString('Keyword', 200)?.trim();
  const searchable = Object.entries(resource.fields).filter(([, def]) => def.searchable);
  if (keyword && searchable.length > 0) {
    const pattern = params.add(likePattern(keyword));
    conditions.push(`(${searchable.map(([name]) => `t.${columnName(name)} ilike ${pattern}`).join(' or ')})`);
  }
  const problems: ValidationErrorInfo[] = [];
  for (const [name, def] of Object.entries(resource.fields)) {
    if (!def.filterable || !input.has(name)) continue;
    const raw = input.get(name);
    if (raw === '' || raw === 'null') continue;
    const checked = readFilterValue(def, raw, ctx.language, pick(def.label, ctx.language));
    if (checked.error) {
      problems.push({ message: checked.error, members: [name] });
      continue;
    }
    const value = params.add(checked.value ?? null);
    conditions.push(def.kind === 'enum' && def.multiple ? `${value} = any(t.${columnName(name)})` : `t.${columnName(name)} = ${value}`);
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
  return conditions;
}

function sortableColumns(resource: Resource): Record<string, string> {
  const columns: Record<string, string> = { id: 't.id', creationTime: 't.creation_time' };
  for (const [name, def] of Object.entries(resource.fields)) if (def.sortable) columns[name] = `t.${columnName(name)}`;
  return columns;
}

/** Checks that need the database: references point at live rows of the same tenant, unique values are free. */
async function databaseChecks(resource: Resource, ctx: RequestContext, tx: Db, values: Record<string, FieldValue>, id: number | null) {
  const problems: ValidationErrorInfo[] = [];
  const repository = new ResourceRepository(resource);
  for (const [name, def] of Object.entries(resource.fields)) {
    const value = values[name];
    if (value === null || value === undefined) continue;
    const label = pick(def.label, ctx.language);
    if (def.kind === 'reference') {
      const target = findResource(def.resource)!;
      const loops = target.name === resource.name && id !== null && await repository.leadsTo(tx, name, value as number, id);
      if (loops || !(await new ResourceRepository(target).exists(tx, ctx.tenantId, value as number))) {
        problems.push({ message: translate(ctx.language, 'validation.reference', { field: label }), members: [name] });
      }
    }
    if (def.kind === 'string' && def.unique && (await repository.isTaken(tx, ctx.tenantId, name, value, id))) {
      problems.push({ message: translate(ctx.language, 'validation.unique', { field: label, value: String(value) }), members: [name] });
    }
  }
  if (problems.length > 0) throw errors.validation(ctx.language, problems);
}

async function getOrThrow(repository: ResourceRepository, ctx: RequestContext, db: Db, id: number): Promise<Row> {
  const row = await repository.findById(db, ctx.tenantId, id);
  if (!row) throw errors.notFound(ctx.language, repository.resource.name, id);
  return row;
}

/** The five standard endpoints and the lookup list of one declared resource. */
export function registerResource(registry: AppServiceRegistry, resource: Resource): void {
  const repository = new ResourceRepository(resource);
  const access = { anyOf: [resource.permission] };
  const service = resource.name;
  const sortable = sortableColumns(resource);
  const userId = (ctx: RequestContext) => ctx.session?.userId ?? null;

  registry.add({
    service, method: 'GetAll', verb: 'GET', access,
    summary: `Paged list of ${resource.label.en}`,
    parameters: ['SkipCount', 'MaxResultCount', 'Sorting', 'Keyword', ...resource.fieldNames.filter((n) => resource.fields[n].filterable)],
    async handler(ctx, input) {
      const paging = readPaging(input);
      const params = new Params();
      const conditions = listConditions(resource, ctx, input, params);
      const order = orderBy(readSorting(input, ctx.language, sortable, resource.defaultSorting), 't.id');
      return repository.list(ctx.db, ctx.tenantId, { conditions, params, orderBy: order, limit: paging.maxResultCount, offset: paging.skipCount });
    },
  });

  registry.add({
    service, method: 'Get', verb: 'GET', access, summary: `One ${resource.label.en} by id`, parameters: ['Id'],
    handler: (ctx, input) => getOrThrow(repository, ctx, ctx.db, input.requiredInt('Id', { min: 1 })),
  });

  registry.add({
    service, method: 'Create', verb: 'POST', access, summary: `Create ${resource.label.en}`, parameters: resource.fieldNames,
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const { values, errors: problems } = readWriteValues(resource, input, ctx.language, null);
      if (problems.length > 0) throw errors.validation(ctx.language, problems);
      await databaseChecks(resource, ctx, tx, values, null);
      const id = await repository.insert(tx, ctx.tenantId, userId(ctx), values);
      return getOrThrow(repository, ctx, tx, id);
    }),
  });

  registry.add({
    service, method: 'Update', verb: 'PUT', access, summary: `Update ${resource.label.en}`, parameters: ['id', ...resource.fieldNames],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      const existing = await getOrThrow(repository, ctx, tx, id);
      const { values, errors: problems } = readWriteValues(resource, input, ctx.language, existing as Record<string, FieldValue>);
      if (problems.length > 0) throw errors.validation(ctx.language, problems);
      await databaseChecks(resource, ctx, tx, values, id);
      await repository.update(tx, ctx.tenantId, userId(ctx), id, values);
      return getOrThrow(repository, ctx, tx, id);
    }),
  });

  registry.add({
    service, method: 'Delete', verb: 'DELETE', access, summary: `Delete ${resource.label.en}`, parameters: ['Id'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const id = input.requiredInt('Id', { min: 1 });
      await getOrThrow(repository, ctx, tx, id);
      const users = await repository.referencedBy(tx, ctx.tenantId, id);
      if (users.length > 0) {
        const list = users.map((u) => `${pick(u.resource.label, ctx.language)} ${u.count}`).join(', ');
        throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'errors.inUse', { list }));
      }
      await repository.softDelete(tx, ctx.tenantId, userId(ctx), id);
      return null;
    }),
  });

  if (resource.lookup) {
    registry.add({
      service, method: resource.lookup.method, verb: 'GET', access: 'user',
      summary: `Lookup list of ${resource.label.en} for forms (at most ${MAX_PAGE_SIZE})`,
      parameters: ['Keyword', 'MaxResultCount', ...resource.fieldNames.filter((n) => resource.fields[n].filterable)],
      async handler(ctx, input) {
        const params = new Params();
        const conditions = listConditions(resource, ctx, input, params);
        const order = orderBy(readSorting(input, ctx.language, sortable, resource.defaultSorting), 't.id');
        const limit = input.optionalInt('MaxResultCount', { min: 1, max: MAX_PAGE_SIZE }) ?? MAX_PAGE_SIZE;
        const { items } = await repository.list(ctx.db, ctx.tenantId, { conditions, params, orderBy: order, limit, offset: 0 });
        return items;
      },
    });
  }
}
