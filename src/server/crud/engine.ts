import type { Resource, ResourceSegment, RowOf, ValuesOf } from '../../shared/resource-kit';
import { MAX_PAGE_SIZE, pick } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { findResource } from '../../shared/resources';
import { maskIdCard } from '../../shared/validators';
import type { RequestContext } from '../http/context';
import { AppError, errors, type ValidationErrorInfo } from '../http/errors';
import { Input } from '../http/input';
import { columnName } from '../db/schema';
import type { Db } from '../db/database';
import { filterConditions, matchCondition, readListFilters, type ListFilters } from './list-filters';
import { orderBy, readPaging, readSorting } from './paging';
import { ResourceRepository, type Row } from './repository';
import { ownerEnterprise, ownerFields, scopeOf, tenantScope, withinAreas, type Scope } from './scope';
import { unattachableFileIds } from '../files/store';
import { forPicker, visibleFields } from './picker';
import { or, type Sql } from './sql';
import { idsOf, readWriteValues, storedFileIds, type FieldValue } from './validation';
import { recordOf } from '../../shared/json';
import type { ValidationTextKey } from '../../shared/locales';

/**
 * What app-service handlers and resource hooks work with: the request, and the app's resource services (for modules that
 * compose the standard operations of other resources).
 */
export type ServiceContext = RequestContext & { readonly resources: ResourceServices };

/**
 * What a resource does beyond its declaration, typed by the declaration (in `ResourceHooks<typeof plan>`,
 * `values.year` is a number); each hook runs inside the write's transaction.
 */
export interface ResourceHooks<R extends Resource = Resource> {
  /** After the declared checks: derived values, rules across fields. Throw an AppError to refuse. */
  beforeWrite?(ctx: ServiceContext, tx: Db, values: ValuesOf<R>, existing: RowOf<R> | null, input: Input): Promise<void>;
  /**
   * After the row is written, in the same transaction: rows it owns (an order's lines), checks that need them. What it
   * answers joins the write's answer (a new device's one-time key, the warnings of an order's checks).
   */
  afterWrite?(ctx: ServiceContext, tx: Db, row: RowOf<R>, input: Input, existing: RowOf<R> | null): Promise<Record<string, unknown> | void>;
  /** Before the delete checks and the soft delete: rows the record owns go with it. */
  beforeDelete?(ctx: ServiceContext, tx: Db, row: RowOf<R>): Promise<void>;
  /** List filters beyond the declared fields (orders by the waste code of their lines); `t` is the row's alias. */
  listConditions?(ctx: ServiceContext, input: Input): Sql[];
  /**
   * A query answering a list's exact `count` from a rollup, or null when the request filters on something the rollup
   * does not keep: the list then counts its rows. Asked only for lists without segment conditions.
   */
  listCount?(ctx: ServiceContext, input: Input, filters: ListFilters, scope: Scope): Sql | null;
  /** After the endpoint's transaction committed: tell others (hub pushes). Not called for a rolled-back write. */
  afterCommit?(ctx: ServiceContext, row: RowOf<R>, change: 'create' | 'update' | 'delete'): Promise<void>;
  /** What `Get` adds to one row (an order's lines and history); lists do not carry it. */
  detail?(ctx: ServiceContext, db: Db, row: RowOf<R>): Promise<Row>;
  /** Resources whose rows keep this row as history (a device's storage points): they do not stop its deletion. */
  historyOf?: readonly string[];
}

/** Segments a caller is limited to (holding only the receivers' permission, say); null when they see them all. */
function allowedSegments(resource: Resource, ctx: ServiceContext): ResourceSegment[] | null {
  if (!resource.segments || ctx.isGranted(resource.permission)) return null;
  return resource.segments.filter((s) => ctx.isGranted(s.permission));
}

const segmentCondition = (resource: Resource, segments: ResourceSegment[]): Sql =>
  or(segments.map((s) => matchCondition('t', s.field, resource.fields[s.field], s.value)));

/** A page list's conditions for the caller's segments (lookups serve forms of other screens and are not narrowed). */
function segmentConditions(resource: Resource, ctx: ServiceContext): Sql[] {
  const segments = allowedSegments(resource, ctx);
  return segments ? [segmentCondition(resource, segments)] : [];
}

function inSegments(segments: ResourceSegment[], values: Record<string, FieldValue>): boolean {
  return segments.some((s) => {
    const value = values[s.field];
    return Array.isArray(value) ? value.some((v: unknown) => v === s.value) : value === s.value;
  });
}

function sortableColumns(resource: Resource): Record<string, string> {
  const columns: Record<string, string> = { id: 't.id', creationTime: 't.creation_time' };
  for (const [name, def] of Object.entries(resource.fields)) if (def.sortable) columns[name] = `t.${columnName(name)}`;
  return columns;
}

function maskRow(resource: Resource, row: Row): Row {
  for (const [name, def] of Object.entries(resource.fields)) {
    const value = row[name];
    if (def.kind === 'string' && def.mask === 'idCard' && typeof value === 'string') row[name] = maskIdCard(value);
  }
  return row;
}

/** The standard operations of one declared resource, shared by its endpoints and by modules that compose them. */
export class ResourceService {
  readonly repository: ResourceRepository;
  private readonly sortable: Record<string, string>;

  constructor(readonly resource: Resource, readonly hooks: ResourceHooks = {}) {
    this.repository = new ResourceRepository(resource);
    this.sortable = sortableColumns(resource);
  }

  async list(ctx: ServiceContext, input: Input): Promise<{ totalCount: number; items: Row[] }> {
    const paging = readPaging(input);
    const filters = readListFilters(this.resource, input, ctx.language, ctx.calendar);
    const segments = segmentConditions(this.resource, ctx);
    // A list serves pickers too (a module's own lookup): its keyword looks only in what the caller is shown.
    const conditions = [
      ...filterConditions(this.resource, filters, visibleFields(ctx, this.resource)), ...segments, ...(this.hooks.listConditions?.(ctx, input) ?? []),
    ];
    const scope = this.listScope(ctx, filters);
    const count = segments.length === 0 ? this.hooks.listCount?.(ctx, input, filters, scope) : null;
    const page = await this.repository.list(ctx.db, scope, {
      conditions, orderBy: this.orderBy(ctx, input), limit: paging.maxResultCount, offset: paging.skipCount, count,
    });
    return { totalCount: page.totalCount, items: page.items.map((row) => maskRow(this.resource, row)) };
  }

  /**
   * A filter naming one of the caller's own enterprises in an owner field already keeps the list within their
   * enterprises; the scope condition would only repeat it, and its OR over several columns stops an index-only count.
   */
  private listScope(ctx: ServiceContext, filters: ListFilters): Scope {
    const scope = scopeOf(ctx);
    const mine = scope.enterpriseIds;
    const implied = mine && ownerFields(this.resource).some((field) => {
      const value = filters.equal.get(field);
      return typeof value === 'number' && mine.includes(value);
    });
    return implied ? tenantScope(scope) : scope;
  }

  /** The request's `Sorting` over the declared sortable fields, else the declared default. */
  orderBy(ctx: ServiceContext, input: Input): Sql {
    return orderBy(readSorting(input, ctx.language, this.sortable, this.resource.defaultSorting), 't.id');
  }

  /** The lookup list of a form's picker: the filters and sorting of the page list, not narrowed by page segments. */
  async lookup(ctx: ServiceContext, input: Input): Promise<Row[]> {
    const { lookup } = this.resource;
    if (!lookup) return [];
    // A directory shows its columns to everyone, and nothing more to anyone.
    const visible = lookup.directory ?? visibleFields(ctx, this.resource);
    const conditions = filterConditions(this.resource, readListFilters(this.resource, input, ctx.language, ctx.calendar), visible);
    const limit = input.optionalInt('MaxResultCount', { min: 1, max: MAX_PAGE_SIZE }) ?? MAX_PAGE_SIZE;
    const query = { conditions, orderBy: this.orderBy(ctx, input), limit, offset: 0 };
    if (lookup.directory) return this.repository.listColumns(ctx.db, tenantScope(scopeOf(ctx)), lookup.directory, query);
    const { items } = await this.repository.list(ctx.db, scopeOf(ctx), query);
    return forPicker(ctx, this.resource, items.map((row) => maskRow(this.resource, row)));
  }

  /** One row the caller may see (tenant, enterprises, segments), else 404: others' rows do not exist for them. */
  async get(ctx: ServiceContext, db: Db, id: number): Promise<Row> {
    const row = await this.repository.findById(db, scopeOf(ctx), id, segmentConditions(this.resource, ctx));
    if (!row) throw errors.notFound(ctx.language, this.resource.name, id);
    return row;
  }

  /**
   * Does a row the caller may see (as `Get` would show it) hold file `fileId`? A record's files are read through the
   * record: a user of one enterprise or street does not download another's attachments by guessing their ids.
   */
  showsFile(ctx: ServiceContext, db: Db, fileId: number): Promise<boolean> {
    const fields = this.resource.fieldNames.filter((name) => this.resource.fields[name].kind === 'files');
    return this.repository.holdsFile(db, scopeOf(ctx), fileId, fields, segmentConditions(this.resource, ctx));
  }

  /** One row as `Get` shows it: the row and what the resource adds (lines, history). */
  async detail(ctx: ServiceContext, db: Db, id: number): Promise<Row> {
    const row = await this.get(ctx, db, id);
    return this.hooks.detail ? this.hooks.detail(ctx, db, row) : row;
  }

  async create(ctx: ServiceContext, tx: Db, input: Input, managed: Record<string, FieldValue> = {}): Promise<Row> {
    const values = { ...(await this.checkedValues(ctx, tx, input, null)), ...managed };
    const id = await this.repository.insert(tx, ctx.tenantId, ctx.session?.userId ?? null, values);
    return this.written(ctx, tx, id, input, null);
  }

  async update(ctx: ServiceContext, tx: Db, input: Input): Promise<Row> {
    const id = input.requiredInt('Id', { min: 1 });
    const existing = await this.get(ctx, tx, id);
    const values = await this.checkedValues(ctx, tx, input, existing);
    await this.repository.update(tx, ctx.tenantId, ctx.session?.userId ?? null, id, values);
    return this.written(ctx, tx, id, input, existing);
  }

  /** The written row as the write answers it: read again after the resource's own writes, with what they add. */
  private async written(ctx: ServiceContext, tx: Db, id: number, input: Input, existing: Row | null): Promise<Row> {
    const row = await this.get(ctx, tx, id);
    if (!this.hooks.afterWrite) return row;
    const added = await this.hooks.afterWrite(ctx, tx, row, input, existing);
    return { ...(await this.get(ctx, tx, id)), ...added };
  }

  /**
   * Updates named fields of a visible row, bypassing the form rules (status changes); files the server's own moves
   * attach (a signature) still follow the rule of every files field.
   */
  async setFields(ctx: ServiceContext, tx: Db, id: number, values: Record<string, FieldValue>): Promise<Row> {
    const files = Object.keys(values).filter((name) => this.resource.fields[name]?.kind === 'files');
    if (files.length > 0) {
      const existing = await this.get(ctx, tx, id);
      const problems: ValidationErrorInfo[] = [];
      for (const name of files) {
        if (await this.refusesFiles(ctx, tx, name, values[name], existing)) problems.push(this.problem(ctx, name, 'fileNotAttachable'));
      }
      if (problems.length > 0) throw errors.validation(ctx.language, problems);
    }
    await this.repository.update(tx, ctx.tenantId, ctx.session?.userId ?? null, id, values);
    return this.get(ctx, tx, id);
  }

  /**
   * A visible row the caller may also change: a user linked to areas sees the areas above theirs but changes only what
   * lies within them (403 for the rest).
   */
  async getToChange(ctx: ServiceContext, tx: Db, id: number): Promise<Row> {
    const row = await this.get(ctx, tx, id);
    if (!withinAreas(this.resource, scopeOf(ctx), row)) throw new AppError(403, translate(ctx.language, 'errors.outsideAreas'), null, null, true);
    return row;
  }

  async remove(ctx: ServiceContext, tx: Db, id: number): Promise<void> {
    const row = await this.getToChange(ctx, tx, id);
    await this.hooks.beforeDelete?.(ctx, tx, row);
    const users = (await this.repository.referencedBy(tx, ctx.tenantId, id)).filter((u) => !this.hooks.historyOf?.includes(u.resource.name));
    if (users.length > 0) {
      const list = users.map((u) => `${pick(u.resource.label, ctx.language)} ${u.count}`).join(', ');
      throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'errors.inUse', { list }));
    }
    await this.repository.softDelete(tx, ctx.tenantId, ctx.session?.userId ?? null, id);
  }

  /** Reads the body's declared fields, then every check that needs the database, then the resource's own rules. */
  private async checkedValues(ctx: ServiceContext, tx: Db, input: Input, existing: Row | null): Promise<Record<string, FieldValue>> {
    const { values, errors: problems } = readWriteValues(this.resource, input, ctx.language, ctx.calendar.zone, existing);
    if (problems.length > 0) throw errors.validation(ctx.language, problems);
    await this.databaseChecks(ctx, tx, values, existing);
    this.checkOwnership(ctx, values, existing);
    await this.hooks.beforeWrite?.(ctx, tx, values, existing, input);
    // After the hook: a row may be placed by what it derives (a record where its household lives).
    this.checkAreas(ctx, values, existing);
    return values;
  }

  /** A validation problem of one field, its message naming the field's label. */
  private problem(ctx: ServiceContext, name: string, key: ValidationTextKey, params: Record<string, string> = {}): ValidationErrorInfo {
    return {
      message: translate(ctx.language, `validation.${key}`, { field: pick(this.resource.fields[name].label, ctx.language), ...params }),
      members: [name],
    };
  }

  /**
   * Does files field `name` refuse some of `value`? It takes only the caller's own uploads for this resource and field
   * and the files the row already has: the one rule of every files field, form writes and the server's moves alike.
   */
  private async refusesFiles(ctx: ServiceContext, tx: Db, name: string, value: FieldValue, existing: Row | null): Promise<boolean> {
    const target = { resource: this.resource.name, field: name };
    const refused = await unattachableFileIds(tx, ctx.tenantId, ctx.session?.userId ?? null, target, idsOf(value), storedFileIds(existing?.[name]));
    return refused.length > 0;
  }

  /** References point at live rows the caller may use, of the declared kind; unique values are free; files may be taken. */
  private async databaseChecks(ctx: ServiceContext, tx: Db, values: Record<string, FieldValue>, existing: Row | null): Promise<void> {
    const problems: ValidationErrorInfo[] = [];
    const scope = scopeOf(ctx);
    const id = existing?.id ?? null;
    const fail = (name: string, key: ValidationTextKey, params: Record<string, string> = {}) => problems.push(this.problem(ctx, name, key, params));
    for (const [name, def] of Object.entries(this.resource.fields)) {
      const value = values[name];
      // Managed values are the server's own (an order's vehicles, seen by the transporter, not the producer editing).
      if (value === null || value === undefined || def.managed) continue;
      if (def.kind === 'reference') {
        const target = findResource(def.resource)!;
        const ids = idsOf(value);
        // Enterprises themselves may be named as counterparties; other owned rows must be the caller's own.
        const targetScope = target.enterpriseScope && target.enterpriseScope !== 'self' ? scope : tenantScope(scope);
        const where = Object.entries(def.where ?? {}).map(([field, expected]) => matchCondition('t', field, target.fields[field], expected));
        const found = await new ResourceRepository(target).existing(tx, targetScope, ids, where);
        const loops = target.name === this.resource.name && id !== null && typeof value === 'number'
          && await this.repository.leadsTo(tx, name, value, id);
        if (loops || ids.some((i) => !found.has(i))) {
          const kinds = Object.entries(def.where ?? {}).map(([field, expected]) => {
            const fieldDef = target.fields[field];
            const option = fieldDef.kind === 'enum' ? fieldDef.enum.options.find((o) => o.value === expected) : undefined;
            return option ? pick(option.label, ctx.language) : String(expected);
          });
          // Say what kind of row is wanted when the row exists but is of another kind.
          const anyKind = kinds.length > 0 ? await new ResourceRepository(target).existing(tx, targetScope, ids) : new Set<number>();
          if (!loops && kinds.length > 0 && ids.every((i) => anyKind.has(i))) fail(name, 'referenceKind', { kind: kinds.join('/') });
          else fail(name, 'reference');
        }
      }
      if (def.kind === 'reference' && def.sameEnterpriseAs && !problems.some((p) => p.members.includes(name))) {
        const other = this.resource.fields[def.sameEnterpriseAs];
        const otherId = values[def.sameEnterpriseAs];
        if (other?.kind === 'reference' && typeof otherId === 'number' && typeof value === 'number') {
          const mine = await ownerEnterprise(tx, findResource(def.resource)!, value);
          const theirs = await ownerEnterprise(tx, findResource(other.resource)!, otherId);
          if (mine !== theirs) {
            fail(name, 'sameEnterprise', { other: pick(other.label, ctx.language) });
          }
        }
      }
      if (def.kind === 'reference' && def.within && typeof value === 'number' && !problems.some((p) => p.members.includes(name))) {
        const target = findResource(def.resource)!;
        for (const shared of def.within) {
          const expected = values[shared];
          if (typeof expected !== 'number' && typeof expected !== 'string') continue;
          const found = await new ResourceRepository(target).existing(tx, tenantScope(scope), [value], [matchCondition('t', shared, target.fields[shared], expected)]);
          if (!found.has(value)) {
            fail(name, 'within', { other: pick(this.resource.fields[shared].label, ctx.language) });
            break;
          }
        }
      }
      if (def.kind === 'files' && (await this.refusesFiles(ctx, tx, name, value, existing))) fail(name, 'fileNotAttachable');
      if (def.kind === 'string' && def.unique && (await this.repository.isTaken(tx, ctx.tenantId, name, value, id))) {
        fail(name, 'unique', { value: String(value) });
      }
    }
    if (problems.length > 0) throw errors.validation(ctx.language, problems);
  }

  /** A user linked to enterprises writes only rows of their enterprises (and only enterprises of their segments). */
  private checkOwnership(ctx: ServiceContext, values: Record<string, FieldValue>, existing: Row | null): void {
    const segments = allowedSegments(this.resource, ctx);
    if (segments && !inSegments(segments, values)) {
      const kinds = segments.map((s) => pick(s.label, ctx.language)).join(', ');
      throw errors.invalid(ctx.language, segments[0]?.field ?? 'id', translate(ctx.language, 'validation.segment', { kinds }));
    }
    const ids = ctx.session?.enterpriseIds;
    if (!ids || !this.resource.enterpriseScope) return;
    if (this.resource.enterpriseScope === 'self' && !existing) {
      throw new AppError(403, translate(ctx.language, 'errors.linkedUserCannotCreate'), null, null, true);
    }
    const owners = ownerFields(this.resource);
    if (owners.length > 0 && !owners.some((f) => idsOf(values[f]).some((owner) => ids.includes(owner)))) {
      throw errors.invalid(ctx.language, owners[0], translate(ctx.language, 'validation.outOfScope', {
        field: pick(this.resource.fields[owners[0]].label, ctx.language),
      }));
    }
  }

  /** A user linked to areas writes only rows within them: a street's clerk adds communities, not streets. */
  private checkAreas(ctx: ServiceContext, values: Record<string, FieldValue>, existing: Row | null): void {
    if (withinAreas(this.resource, scopeOf(ctx), { ...existing, ...values })) return;
    const fields = Object.values(this.resource.areaScope ?? {}).filter((f) => f !== 'id');
    const field = fields[fields.length - 1];
    if (!field) throw new AppError(403, translate(ctx.language, 'errors.outsideAreas'), null, null, true);
    throw errors.invalid(ctx.language, field, translate(ctx.language, 'validation.outOfAreas', {
      field: pick(this.resource.fields[field].label, ctx.language),
    }));
  }
}

/**
 * The app's resource services, by resource: built with the registry and handed to every app-service call through its
 * context (`ctx.resources`), for modules that compose the standard operations of other resources.
 */
export class ResourceServices {
  private readonly byName = new Map<string, ResourceService>();

  add(service: ResourceService): void {
    this.byName.set(service.resource.name.toLowerCase(), service);
  }

  of(resource: Resource | string): ResourceService {
    const name = typeof resource === 'string' ? resource : resource.name;
    const service = this.byName.get(name.toLowerCase());
    if (!service) throw new Error(`Resource ${name} is not registered`);
    return service;
  }
}

/** Reads a nested object of a body (a plan row) with the same rules as a request body. */
export const nestedInput = (raw: unknown, ctx: ServiceContext) => new Input(recordOf(raw), ctx.language);

/** Runs the write of one nested row; its validation errors name it in the body: `details[2].thisyearweight`. */
export async function forNestedRow<T>(key: string, index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.validationErrors) {
      throw new AppError(error.status, error.message, error.details,
        error.validationErrors.map((v) => ({ ...v, members: v.members.map((m) => `${key}[${index}].${m}`) })));
    }
    throw error;
  }
}
