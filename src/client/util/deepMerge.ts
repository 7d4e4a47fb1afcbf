type PlainObject = Record<string, unknown>;

function isPlainObject(value: unknown): value is PlainObject {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * Merges `source` into a copy of `target` the way ABP's client merges `AbpUserConfiguration/GetAll` into the global
 * `abp` object (`$.extend(true, …)`): objects merge key by key, arrays and scalars replace, `undefined` is skipped.
 */
export function deepMerge<T extends PlainObject>(target: T, source: object): T {
  const out: PlainObject = { ...target };
  for (const [key, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return out as T;
}
