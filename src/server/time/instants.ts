// Inside the server an instant is text in one shape, `2026-11-27T16:41:09.123Z` (what `Date#toISOString` writes and
// the database drivers give for every `timestamptz`): one shape compares and sorts as it reads, and the answer's
// writer finds it to put it on the tenant's clock (wire.ts).

/** The server's shape of an instant. */
export type InstantText = string;

const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const isInstantText = (value: unknown): value is InstantText =>
  typeof value === 'string' && value.length === 24 && INSTANT_TEXT.test(value);

export const instantText = (epochMs: number): InstantText => new Date(epochMs).toISOString();

/** Milliseconds since the epoch of an instant in the server's shape. */
export const epochOf = (instant: InstantText): number => Date.parse(instant);

// PostgreSQL's text of a timestamptz (DateStyle ISO): `2026-11-27 16:41:09.123456+00`, offsets as `+05:30` or, for
// old local mean times, `+08:05:43`; the session's zone decides the offset, never the instant.
const PG_TIMESTAMPTZ = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?([+-])(\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * A timestamptz as the database writes it, in the server's shape; `infinity` and BC dates pass as they are.
 * Microseconds round to the millisecond as a `timestamptz(3)` column rounds them, so `now()` read back and `now()`
 * stored are the same instant.
 */
export function instantFromDatabase(text: string): InstantText | string {
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) return text;
  const fraction = m[7] ?? '';
  // A UTC session (PGlite's, most servers') writes the instant's own reading: rearranged, not computed.
  if (m[8] === '+' && m[9] === '00' && m[10] === undefined && fraction.length <= 3) {
    return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
  }
  const millisecond = fraction === '' ? 0 : Math.floor((Number(fraction.padEnd(6, '0')) + 500) / 1000);
  const offsetSeconds = (Number(m[9]) * 3600 + Number(m[10] ?? 0) * 60 + Number(m[11] ?? 0)) * (m[8] === '-' ? -1 : 1);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), millisecond);
  return instantText(wall - offsetSeconds * 1000);
}
