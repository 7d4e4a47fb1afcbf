// Devices (smart scales, stations, exchange machines, collectors' phones) stamp what they send with their own clocks.
// One window holds for all of them: a time ahead of the server's clock by more than a clock may drift is a wrong
// clock, and a time older than a device may reasonably buffer offline is a replay.

export const DEVICE_TIME_MAX_AHEAD_MS = 10 * 60_000;
export const DEVICE_TIME_MAX_AGE_MS = 7 * 86_400_000;

/** Why a device's time is refused, or null when it is within the window around `now`. */
export function deviceTimeProblem(epochMs: number, now: number): 'ahead' | 'old' | null {
  if (epochMs > now + DEVICE_TIME_MAX_AHEAD_MS) return 'ahead';
  if (epochMs < now - DEVICE_TIME_MAX_AGE_MS) return 'old';
  return null;
}

/** The window in the words of the refusal's message. */
export const DEVICE_TIME_WINDOW = { minutes: DEVICE_TIME_MAX_AHEAD_MS / 60_000, days: DEVICE_TIME_MAX_AGE_MS / 86_400_000 } as const;
