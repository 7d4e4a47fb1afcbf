import type { FieldDef, Language, Resource } from '../../shared/resource-kit';
import { pick } from '../../shared/resource-kit';
import { sqlType } from '../db/schema';
import { errors, type ValidationErrorInfo } from '../http/errors';
import type { Input } from '../http/input';
import { likePattern } from './paging';
import { column, or, raw, sql, type Sql } from './sql';
import { readFilterValue, type FieldValue } from './validation';
import { addDays, parseCalendarDate, type CalendarDate, type TenantCalendar } from '../../shared/time';
import { instantText } from '../time';

/** What a list request asks of a resource's declared fields, read and checked once. */
export interface ListFilters {
  readonly keyword: string | undefined;
  /** Declared filters the request gives: equality, or containment for list fields. */
  readonly equal: ReadonlyMap<string, FieldValue>;
  readonly ranges: readonly Range[];
}

interface Range {
  field: string;
  operator: '>=' | '<=' | '<';
  value: FieldValue;
}

const absent = (raw: unknown) => raw === undefined || raw === null || raw === '' || raw === 'null';

/**
 * Reads `Keyword`, the declared filters and the `…From`/`…To` ranges; every bad value is named in one 400. A range of
 * date-times may be given in days of the tenant's calendar: `recordTimeTo=2026-11-28` takes in the whole 28th.
 */
export function readListFilters(resource: Resource, input: Input, language: Language, calendar: TenantCalendar): ListFilters {
  const equal = new Map<string, FieldValue>();
  const ranges: Range[] = [];
  const problems: ValidationErrorInfo[] = [];
  const read = (name: string, def: FieldDef, parameter: string, keep: (value: FieldValue, day: CalendarDate | null) => void) => {
    const raw = input.get(parameter);
    if (absent(raw)) return;
    const day = def.kind === 'datetime' ? parseCalendarDate(raw) : null;
    if (day !== null) return keep(null, day);
    const checked = readFilterValue(def, raw, language, pick(def.label, language), calendar.zone);
    if (checked.error) problems.push({ message: checked.error, members: [parameter] });
    else if (checked.value !== undefined && checked.value !== null) keep(checked.value, null);
  };
  for (const [name, def] of Object.entries(resource.fields)) {
    if (def.filterable) read(name, def, name, (value) => equal.set(name, value));
    if (def.filterRange) {
      read(name, def, `${name}From`, (value, day) => ranges.push(
        { field: name, operator: '>=', value: day === null ? value : instantText(calendar.startOf(day)) }));
      read(name, def, `${name}To`, (value, day) => ranges.push(day === null
        ? { field: name, operator: '<=', value }
        : { field: name, operator: '<', value: instantText(calendar.startOf(addDays(day, 1))) }));
    }
  }
  if (problems.length > 0) throw errors.validation(language, problems);
  return { keyword: input.optionalString('Keyword', 200)?.trim() || undefined, equal, ranges };
}

/** `t.col = v`, or for list columns `t.col @> array[v]` (served by the GIN index). */
export function matchCondition(alias: string, name: string, def: FieldDef, value: FieldValue): Sql {
  const target = column(alias, name);
  if ((def.kind === 'enum' || def.kind === 'reference') && def.multiple) {
    return sql`${target} @> array[${value}::${raw(sqlType({ ...def, multiple: false }))}]`;
  }
  return sql`${target} = ${value}`;
}

/**
 * `Keyword` over the searchable fields among `visible`: a keyword finds rows only by what the caller is shown of them
 * (a picker's name, not the phone it hides), and a field searchable 'whole' only by its whole value. When none of the
 * searchable fields is shown the keyword matches nothing.
 */
function keywordCondition(resource: Resource, keyword: string, visible: readonly string[]): Sql {
  const searched = resource.fieldNames.filter((name) => resource.fields[name].searchable && visible.includes(name));
  const pattern = likePattern(keyword);
  return or(searched.map((name) => (resource.fields[name].searchable === 'whole'
    ? sql`${column('t', name)} = ${keyword}`
    : sql`${column('t', name)} ilike ${pattern}`)));
}

/**
 * The WHERE conditions of the filters on rows of alias `t`: the keyword over the searchable fields the caller sees
 * (`visible`, all of them by default), filters, ranges.
 */
export function filterConditions(resource: Resource, filters: ListFilters, visible: readonly string[] = resource.fieldNames): Sql[] {
  const conditions: Sql[] = [];
  // A resource with nothing searchable ignores the keyword.
  if (filters.keyword && resource.fieldNames.some((name) => resource.fields[name].searchable)) {
    conditions.push(keywordCondition(resource, filters.keyword, visible));
  }
  for (const [name, value] of filters.equal) conditions.push(matchCondition('t', name, resource.fields[name], value));
  for (const { field, operator, value } of filters.ranges) conditions.push(sql`${column('t', field)} ${raw(operator)} ${value}`);
  return conditions;
}
