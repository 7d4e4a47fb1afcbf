/** The ingest body checked whole before anything is stored: every problem named by its member, `readings[3].battery`. */
import { translate } from '../../../shared/locales';
import {
  INGEST_MAX_READINGS, READING_FIELDS, READING_LIMITS, READING_MAX_AGE_MS, READING_MAX_FUTURE_MS, type ReadingField,
} from '../../../shared/monitoring';
import type { Language } from '../../../shared/resource-kit';
import type { ValidationErrorInfo } from '../../http/errors';
import { isRecord, propertyOf } from '../../../shared/json';

export interface ValidReading {
  /** UTC, normalised (`…Z`): the database converts it to server time. */
  at: string;
  atMs: number;
  weight: number | null;
  battery: number | null;
  temperature: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** Digits each value keeps, as its column stores it. */
const SCALE: Record<ReadingField, number> = { weight: 3, battery: 1, temperature: 1, latitude: 6, longitude: 6 };

const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** Milliseconds since the epoch of an ISO time with Z or an offset whose every part is in range, else null. */
export function parseZonedTime(text: string): number | null {
  const m = ISO_WITH_ZONE.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second = '0', zoneHour = '0', zoneMinute = '0'] = m.slice(1);
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59 || Number(zoneHour) > 14 || Number(zoneMinute) > 59) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/** The readings of a body, or the problems that refuse it all. */
export function validateReadings(body: unknown, language: Language, now = Date.now()): { readings: ValidReading[]; problems: ValidationErrorInfo[] } {
  const problems: ValidationErrorInfo[] = [];
  const fail = (member: string, key: string, params: Record<string, string | number> = {}) =>
    problems.push({ message: translate(language, `monitoringRules.${key}`, { field: member, ...params }), members: [member] });
  const list = propertyOf(body, 'readings');
  if (!Array.isArray(list) || list.length === 0 || list.length > INGEST_MAX_READINGS) {
    fail('readings', 'readingsCount', { max: INGEST_MAX_READINGS });
    return { readings: [], problems };
  }
  const readings: ValidReading[] = [];
  let previous = -Infinity;
  list.forEach((raw, i) => {
    const member = (field: string) => `readings[${i}].${field}`;
    if (!isRecord(raw)) {
      fail(`readings[${i}]`, 'readingObject');
      return;
    }
    const item = raw;
    const at = typeof item.at === 'string' ? item.at.trim() : '';
    const atMs = parseZonedTime(at);
    if (atMs === null) fail(member('at'), 'readingTime');
    else if (atMs > now + READING_MAX_FUTURE_MS) fail(member('at'), 'readingFuture');
    else if (atMs < now - READING_MAX_AGE_MS) fail(member('at'), 'readingTooOld');
    else if (atMs < previous) fail(member('at'), 'readingOrder');
    if (atMs !== null) previous = Math.max(previous, atMs);

    const values: Partial<Record<ReadingField, number | null>> = {};
    for (const field of READING_FIELDS) {
      const value = item[field];
      if (value === undefined || value === null) {
        values[field] = null;
        continue;
      }
      const { min, max } = READING_LIMITS[field];
      if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
        fail(member(field), 'readingNumber', { min, max });
        continue;
      }
      values[field] = roundTo(value, SCALE[field]);
    }
    const hasLatitude = item.latitude !== undefined && item.latitude !== null;
    const hasLongitude = item.longitude !== undefined && item.longitude !== null;
    if (hasLatitude !== hasLongitude) fail(member(hasLatitude ? 'longitude' : 'latitude'), 'readingPosition');

    if (atMs !== null) {
      readings.push({
        at: new Date(atMs).toISOString(), atMs, weight: values.weight ?? null, battery: values.battery ?? null, temperature: values.temperature ?? null,
        latitude: values.latitude ?? null, longitude: values.longitude ?? null,
      });
    }
  });
  return { readings: problems.length > 0 ? [] : readings, problems };
}
