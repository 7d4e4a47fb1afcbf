/**
 * Where code reads "now": milliseconds since the epoch. The server and the client each hold one, so that tests can
 * put them just before or after a midnight and every "today" follows.
 */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };
