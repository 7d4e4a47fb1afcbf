/** The ingest body checked whole before anything is stored: every problem named by its member, `readings[3].battery`. */
import { translate } from '../../../shared/locales';
import { INGEST_MAX_READINGS, READING_FIELDS, READING_LIMITS, type ReadingField } from '../../../shared/monitoring';
import type { Language } from '../../../shared/resource-kit';
import { DEVICE_TIME_WINDOW, deviceTimeProblem, parseZonedInstant } from '../../../shared/time';
import type { ValidationErrorInfo } from '../../http/errors';
import { isRecord, propertyOf } from '../../../shared/json';
import { instantText, type InstantText } from '../../time';
import type { TextsOf } from '../../../shared/locales';

export interface ValidReading {
  /**
   * The instant the device stamped, in the server's shape: one instant has one text, so a reading sent again (with
   * another offset or fewer decimals) matches the one stored.
   */
  at: InstantText;
  atMs: number;
  weight: number | null;
  battery: number | null;
  temperature: number | null;
  latitude: number | null;
  longitude: number | null;
}

/** Digits each value keeps, as its column stores it. */
const SCALE: Record<ReadingField, number> = { weight: 3, battery: 1, temperature: 1, latitude: 6, longitude: 6 };

const roundTo = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The readings of a body, or the problems that refuse it all. `now` is the server's clock: a reading's time may not be
 * ahead of it by more than a device clock drifts, nor older than a device keeps what it could not send.
 */
export function validateReadings(body: unknown, language: Language, now: number): { readings: ValidReading[]; problems: ValidationErrorInfo[] } {
  const problems: ValidationErrorInfo[] = [];
  const refuse = (member: string, message: string) => problems.push({ message, members: [member] });
  const fail = (member: string, key: keyof TextsOf<'monitoringRules'>, params: Record<string, string | number> = {}) =>
    refuse(member, translate(language, `monitoringRules.${key}`, { field: member, ...params }));
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
    // Whole milliseconds, as the column keeps them: the text stored is the text compared.
    const atMs = parseZonedInstant(item.at);
    const window = atMs === null ? null : deviceTimeProblem(atMs, now);
    if (atMs === null) fail(member('at'), 'readingTime');
    else if (window === 'ahead') refuse(member('at'), translate(language, 'validation.deviceTimeAhead', { field: member('at'), ...DEVICE_TIME_WINDOW }));
    else if (window === 'old') refuse(member('at'), translate(language, 'validation.deviceTimeOld', { field: member('at'), ...DEVICE_TIME_WINDOW }));
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
        at: instantText(atMs), atMs, weight: values.weight ?? null, battery: values.battery ?? null, temperature: values.temperature ?? null,
        latitude: values.latitude ?? null, longitude: values.longitude ?? null,
      });
    }
  });
  return { readings: problems.length > 0 ? [] : readings, problems };
}
