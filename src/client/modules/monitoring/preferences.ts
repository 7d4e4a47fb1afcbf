import { useCallback, useEffect, useState } from 'react';
import { addDays, dayOf, startOfDay } from '../../../shared/time';
import { currentTime } from '../../time/clock';

// Per-user console preferences kept in the browser (localStorage may throw: private mode, quota, disabled).

const prefKey = (name: 'mutes' | 'sound', userId: number | null) => `monitoring.${name}.${userId ?? 'anonymous'}`;

function readPref<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw == null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function writePref(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Only a convenience: the setting lasts for this visit.
  }
}

/** Device id → muted until (epoch ms). */
type MuteMap = Record<number, number>;

export const MUTE_CHOICES = ['15m', '1h', '4h', 'tomorrow'] as const;
export type MuteChoice = (typeof MUTE_CHOICES)[number];
const MINUTE = 60_000;

/** When a mute chosen at `now` ends; "until tomorrow" lasts to the tenant's next midnight (`zone`). */
export function muteEnd(choice: MuteChoice, now: number, zone: string): number {
  switch (choice) {
    case '15m': return now + 15 * MINUTE;
    case '1h': return now + 60 * MINUTE;
    case '4h': return now + 240 * MINUTE;
    case 'tomorrow': return startOfDay(addDays(dayOf(now, zone), 1), zone);
  }
}

export function activeMutes(mutes: MuteMap, now: number): MuteMap {
  const active: MuteMap = {};
  for (const [device, until] of Object.entries(mutes)) if (typeof until === 'number' && until > now) active[Number(device)] = until;
  return active;
}

export const isMuted = (mutes: MuteMap, deviceId: number, now: number) => (mutes[deviceId] ?? 0) > now;

/**
 * The user's muted devices, persisted; a mute leaves by itself when it ends (the hook re-renders then). `zone` is the
 * tenant's (where "tomorrow" starts); `now` is injectable for tests.
 */
export function useMutes(userId: number | null, zone: string, now: () => number = currentTime) {
  const key = prefKey('mutes', userId);
  const [mutes, setMutes] = useState<MuteMap>(() => activeMutes(readPref<MuteMap>(key, {}), now()));
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    // Another user in the same tab: their own mutes.
    setLoadedKey(key);
    setMutes(activeMutes(readPref<MuteMap>(key, {}), now()));
  }

  const update = useCallback((change: (current: MuteMap) => MuteMap) => {
    setMutes((current) => {
      const next = activeMutes(change(current), now());
      writePref(key, next);
      return next;
    });
  }, [key, now]);

  const mute = useCallback((deviceId: number, choice: MuteChoice) =>
    update((current) => ({ ...current, [deviceId]: muteEnd(choice, now(), zone) })), [update, now, zone]);
  const unmute = useCallback((deviceId: number) => update((current) => {
    const next = { ...current };
    delete next[deviceId];
    return next;
  }), [update]);

  useEffect(() => {
    const ends = Object.values(mutes);
    if (ends.length === 0) return undefined;
    const wait = Math.max(0, Math.min(...ends) - now()) + 50;
    // Timers cap at ~24.8 days; a mute ends sooner than that.
    const timer = setTimeout(() => update((current) => current), Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [mutes, update, now]);

  return { mutes, mute, unmute };
}

/** The sound alert toggle, off unless the user turned it on. */
export function useSoundPreference(userId: number | null): [boolean, (on: boolean) => void] {
  const key = prefKey('sound', userId);
  const [on, setOn] = useState(() => readPref<boolean>(key, false) === true);
  const [loadedKey, setLoadedKey] = useState(key);
  if (loadedKey !== key) {
    setLoadedKey(key);
    setOn(readPref<boolean>(key, false) === true);
  }
  const change = useCallback((value: boolean) => {
    setOn(value);
    writePref(key, value);
  }, [key]);
  return [on, change];
}
