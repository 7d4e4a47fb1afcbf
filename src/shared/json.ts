// Values that arrive as parsed JSON (request bodies, hub frames, error objects of drivers) are `unknown` until looked at.

/** A JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object itself, or an empty one for anything else (a body that is not an object binds no parameters). */
export const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** A named property of any value, `undefined` where there is none: `propertyOf(error, 'code')`. */
export const propertyOf = (value: unknown, key: string): unknown => (isRecord(value) ? value[key] : undefined);

/** A text property, else `undefined`. */
export function textOf(value: unknown, key: string): string | undefined {
  const property = propertyOf(value, key);
  return typeof property === 'string' ? property : undefined;
}

/** A number property, else `undefined`. */
export function numberOf(value: unknown, key: string): number | undefined {
  const property = propertyOf(value, key);
  return typeof property === 'number' ? property : undefined;
}

/** The objects of a list (anything else in it, or a value that is no list, gives none). */
export const recordsOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);
