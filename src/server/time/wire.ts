import { formatInstant } from '../../shared/time';
import { epochOf, isInstantText } from './instants';

/**
 * `value` as the API sends it to a tenant: every instant in the server's shape rewritten on the tenant's clock with its
 * offset (`2026-11-28T00:41:09+08:00`), everything else as it is. Answers, hub frames and stored events go through it.
 */
export function onTenantClock<T>(value: T, zone: string): T {
  return convert(value, zone) as T;
}

function convert(value: unknown, zone: string): unknown {
  if (typeof value === 'string') return isInstantText(value) ? formatInstant(epochOf(value), zone) : value;
  if (value instanceof Date) return formatInstant(value.getTime(), zone);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < value.length; i += 1) {
      const next = convert(value[i], zone);
      if (next !== value[i]) (copy ??= value.slice())[i] = next;
    }
    return copy ?? value;
  }
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(value)) {
    const item: unknown = Reflect.get(value, key);
    // Numbers, booleans and null are most of a row: nothing to look into.
    if (item === null || (typeof item !== 'object' && typeof item !== 'string')) continue;
    const next = convert(item, zone);
    if (next !== item) (copy ??= { ...value })[key] = next;
  }
  return copy ?? value;
}
