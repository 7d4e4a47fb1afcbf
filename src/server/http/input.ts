import type { Language } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import { errors } from './errors';
import { parseCalendarDate, parseInstant, type CalendarDate } from '../../shared/time';

/**
 * Request input with ABP's case-insensitive binding: `SkipCount` and `skipCount` are the same parameter.
 * GET/DELETE read the query string, POST/PUT the JSON body.
 */
export class Input {
  private readonly byLowerName = new Map<string, unknown>();

  constructor(readonly raw: Record<string, unknown>, private readonly language: Language) {
    for (const [key, value] of Object.entries(raw)) this.byLowerName.set(key.toLowerCase(), value);
  }

  has(name: string): boolean {
    const value = this.byLowerName.get(name.toLowerCase());
    return value !== undefined;
  }

  get(name: string): unknown {
    return this.byLowerName.get(name.toLowerCase());
  }

  /** Query strings carry text; `""` and `"null"` mean absent, as in ASP.NET binding of nullable values. */
  private present(name: string): unknown {
    const value = this.get(name);
    return value === '' || value === 'null' || value === null ? undefined : value;
  }

  optionalString(name: string, maxLength?: number): string | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    if (typeof value !== 'string' && typeof value !== 'number') throw errors.invalid(this.language, name, `The field ${name} must be a string.`);
    const text = String(value);
    if (text.includes('\u0000')) throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.pattern', { field: name }));
    if (maxLength !== undefined && text.length > maxLength) {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.maxLength', { field: name, max: maxLength }));
    }
    return text;
  }

  requiredString(name: string, maxLength?: number): string {
    const value = this.optionalString(name, maxLength);
    if (value === undefined || value.trim() === '') {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.required', { field: name }));
    }
    return value;
  }

  /** Whole numbers within JavaScript's exact range (ids are bigint in the database, but never beyond 2^53). */
  optionalInt(name: string, range: { min?: number; max?: number } = {}): number | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    // Only a number or its text: `Number([1])` is 1, and an array is never one id.
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (!Number.isSafeInteger(number)) {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.integer', { field: name }));
    }
    if (range.min !== undefined && number < range.min) {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.min', { field: name, min: range.min }));
    }
    if (range.max !== undefined && number > range.max) {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.max', { field: name, max: range.max }));
    }
    return number;
  }

  /**
   * The parent of a node of a tree: undefined for the root, which older ABP clients name 0 (a parent id, never a row's:
   * ids start at 1, so 0 can only mean "none").
   */
  optionalParentId(name: string): number | undefined {
    const value = this.optionalInt(name, { min: 0 });
    return value === 0 ? undefined : value;
  }

  requiredInt(name: string, range: { min?: number; max?: number } = {}): number {
    const value = this.optionalInt(name, range);
    if (value === undefined) {
      throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.required', { field: name }));
    }
    return value;
  }

  optionalBool(name: string): boolean | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    if (value === true || value === 'true' || value === 'True') return true;
    if (value === false || value === 'false' || value === 'False') return false;
    throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.boolean', { field: name }));
  }

  /** A calendar date (`YYYY-MM-DD`) that exists; anything else is a 400 naming the parameter. */
  optionalDate(name: string): CalendarDate | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    const date = parseCalendarDate(value);
    if (date === null) throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.date', { field: name }));
    return date;
  }

  requiredDate(name: string): CalendarDate {
    const value = this.optionalDate(name);
    if (value === undefined) throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.required', { field: name }));
    return value;
  }

  /**
   * An instant: ISO 8601 with an offset (converted), or a wall time without one read in `zone` (the tenant's); anything
   * else is a 400 naming the parameter. Milliseconds since the epoch.
   */
  optionalInstant(name: string, zone: string): number | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    const instant = parseInstant(value, zone);
    if (instant === null) throw errors.invalid(this.language, camel(name), translate(this.language, 'validation.dateTime', { field: name }));
    return instant;
  }

  stringArray(name: string): string[] | undefined {
    const value = this.present(name);
    if (value === undefined) return undefined;
    const list: unknown[] = Array.isArray(value) ? value : [value];
    const strings = list.filter((v): v is string => typeof v === 'string');
    if (strings.length !== list.length) throw errors.invalid(this.language, camel(name), `The field ${name} must be a list of strings.`);
    return strings;
  }
}

const camel = (name: string) => name.charAt(0).toLowerCase() + name.slice(1);
