/** China's date (yyyy-mm-dd) `days` from the day of `now`: China is UTC+8 all year. */
export const chinaDate = (days = 0, now = Date.now()): string => new Date(now + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
