// Resident identity card number (公民身份号码), GB 11643-1999: the 18-character form.
import { dateOf, dayOf, DEFAULT_TIME_ZONE, isRealDay, systemClock, type CalendarDate } from '../time';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARS = '10X98765432';

/**
 * Province-level parts of the GB/T 2260 area code. 81/82/83 are the Hong Kong, Macao and Taiwan residence permits,
 * which use the same 18-character format. Whole 6-digit codes are not checked: numbers issued under a county code
 * that was later abolished stay valid for life.
 */
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37',
  '41', '42', '43', '44', '45', '46', '50', '51', '52', '53', '54', '61', '62', '63', '64', '65',
  '71', '81', '82', '83',
]);

/** The check character for the first 17 digits. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARS[sum % 11];
}

/** The check character is written as a capital X; people type it either way. */
export function normalizeIdCard(s: string): string {
  return s.trim().toUpperCase();
}

function isBirthDate(yyyymmdd: string, today: CalendarDate): boolean {
  const [year, month, day] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6, 8)].map(Number);
  return isRealDay(year, month, day) && dateOf(year, month, day) <= today;
}

/**
 * Whether `s` is a valid number: format, province, a real birth date not after `today`, check character. The birth
 * date is a day of China's calendar, where the number is issued, so "today" is China's unless the caller gives it.
 */
export function isIdCardNumber(s: string, today: CalendarDate = dayOf(systemClock.now(), DEFAULT_TIME_ZONE)): boolean {
  const id = normalizeIdCard(s);
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  if (!PROVINCES.has(id.slice(0, 2))) return false;
  if (!isBirthDate(id.slice(6, 14), today)) return false;
  return idCardCheckChar(id.slice(0, 17)) === id[17];
}

/** First six and last four characters, the rest hidden: enough to tell numbers apart, not enough to misuse one. */
export function maskIdCard(s: string): string {
  if (s.length <= 10) return '*'.repeat(s.length);
  return `${s.slice(0, 6)}********${s.slice(-4)}`;
}
