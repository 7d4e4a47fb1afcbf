import type { FieldDef, Resource } from '../../shared/resource-kit';
import { findResource, RESOURCES } from '../../shared/resources';
import type { Db } from './database';

/** camelCase field name → snake_case column name. */
export const columnName = (fieldName: string) => fieldName.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The one SQL type of each field kind. */
export function sqlType(def: FieldDef): string {
  switch (def.kind) {
    case 'string': return def.maxLength ? `varchar(${def.maxLength})` : 'text';
    case 'text': return 'text';
    case 'integer': return 'integer';
    case 'decimal': return `numeric(18,${def.scale ?? 4})`;
    case 'boolean': return 'boolean';
    case 'date': return 'date';
    case 'datetime': return 'timestamptz(3)';
    case 'reference': return def.multiple ? 'bigint[]' : 'bigint';
    case 'files': return 'bigint[]';
    case 'enum': {
      const base = typeof def.enum.options[0]?.value === 'number' ? 'integer' : 'text';
      return def.multiple ? `${base}[]` : base;
    }
  }
}

/** Columns every tenant-owned row carries: identity, tenant, audit and soft delete. */
const STANDARD_COLUMNS: Record<string, string> = {
  id: 'bigserial primary key',
  tenant_id: 'integer',
  creation_time: 'timestamptz(3) not null default now()',
  creator_user_id: 'bigint',
  last_modification_time: 'timestamptz(3)',
  last_modifier_user_id: 'bigint',
  is_deleted: 'boolean not null default false',
  deleter_user_id: 'bigint',
  deletion_time: 'timestamptz(3)',
};

function columnDdl(name: string, def: FieldDef): string {
  // Arrays of ids cannot carry a foreign key; the engine checks them on every write.
  const ref = def.kind === 'reference' && !def.multiple ? findResource(def.resource) : undefined;
  const references = ref ? ` references ${ref.table}(id)` : '';
  return `${columnName(name)} ${sqlType(def)}${def.required ? ' not null' : ''}${references}`;
}

function indexesFor(resource: Resource): string[] {
  const t = resource.table;
  const out = [`create index ${t}_tenant_idx on ${t} (tenant_id, id desc) where not is_deleted;`];
  for (const [name, def] of Object.entries(resource.fields)) {
    const col = columnName(name);
    if (def.kind === 'string' && def.unique) {
      out.push(`create unique index ${t}_${col}_uq on ${t} (coalesce(tenant_id, 0), ${col}) where not is_deleted;`);
    }
    // Lists filter `tenant_id = $1` (or `is null` on the host), so sorting and filtering use (tenant_id, column).
    const isArray = (def.kind === 'enum' || def.kind === 'reference') && def.multiple;
    // Array filters (`3 = any(corporate_type)`) are written `@>` by the engine so that a GIN index serves them.
    if (isArray && def.filterable) out.push(`create index ${t}_${col}_gin on ${t} using gin (${col}) where not is_deleted;`);
    if (def.kind === 'files' || isArray) continue;
    if (def.kind === 'reference' || def.filterable || def.sortable) {
      out.push(`create index ${t}_${col}_idx on ${t} (tenant_id, ${col}) where not is_deleted;`);
    }
  }
  return out;
}

function createTableSql(resource: Resource): string {
  const columns = [
    ...Object.entries(STANDARD_COLUMNS).map(([name, type]) => `${name} ${type}`),
    ...Object.entries(resource.fields).map(([name, def]) => columnDdl(name, def)),
  ];
  return [`create table ${resource.table} (\n  ${columns.join(',\n  ')}\n);`, ...indexesFor(resource)].join('\n');
}

/**
 * What the database lacks for the declarations: SQL to create missing tables and add missing columns. Empty when the
 * migrations and the declarations agree (a test asserts that).
 */
export async function schemaDrift(db: Db, resources: readonly Resource[] = RESOURCES): Promise<string[]> {
  const rows = await db.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns where table_schema = current_schema()`);
  const columns = new Map<string, Set<string>>();
  for (const row of rows) {
    if (!columns.has(row.table_name)) columns.set(row.table_name, new Set());
    columns.get(row.table_name)!.add(row.column_name);
  }
  const statements: string[] = [];
  for (const resource of resources) {
    const existing = columns.get(resource.table);
    if (!existing) {
      statements.push(createTableSql(resource));
      continue;
    }
    for (const [name, def] of Object.entries(resource.fields)) {
      if (!existing.has(columnName(name))) {
        statements.push(`alter table ${resource.table} add column ${columnDdl(name, def).replace(' not null', '')};`);
      }
    }
  }
  return statements;
}
