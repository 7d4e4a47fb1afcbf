// The client's one clock. Sagas ask it with `call(currentTime)`, so their tests `provide` the time they need (just
// before or after a midnight) instead of waiting on the real one; components tick with `useNow`.
import { useEffect, useState } from 'react';
import { dayOf, systemClock, type CalendarDate } from '../../shared/time';
import { useTimeZone } from '../session/useTimeZone';

/** Now, epoch ms. */
export const currentTime = (): number => systemClock.now();

/** Now, read again every `intervalMs`, so ages ("3 分钟前") and clocks move on screen. */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(currentTime);
  useEffect(() => {
    const timer = setInterval(() => setNow(currentTime()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** The tenant's day now, read again every minute. */
export function useToday(): CalendarDate {
  const zone = useTimeZone();
  return dayOf(useNow(60_000), zone);
}
