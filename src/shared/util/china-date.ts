// China Standard Time is UTC+8 all year, without daylight saving: a clerk's day and time wherever the server runs.
const CHINA_OFFSET_MS = 8 * 3600_000;

/** China's date (yyyy-mm-dd) `days` from the day of `now`. */
export const chinaDate = (days = 0, now = Date.now()): string => new Date(now + CHINA_OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);

/** China time now, ISO without offset (`2026-11-21T09:30:00`), as the server writes times. */
export const chinaNow = (now = Date.now()): string => new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 19);
