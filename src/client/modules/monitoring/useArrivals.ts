import { useEffect, useRef, useState } from 'react';
import type { Translate } from '../../crud/types';
import { showToast } from '../../util/toaster';
import { playBeep } from './beep';
import type { ConsoleWarning } from './selectors';
import { levelOf } from './severity';

const ARRIVAL_FLASH_MS = 3000;

interface ArrivalOptions {
  /** The first snapshot answered (or failed): what is there then is not news. */
  ready: boolean;
  isMuted: (deviceId: number) => boolean;
  sound: boolean;
  t: Translate;
}

/**
 * Warnings that appear while the console is open: their ids flash for a while, and unless their device is muted a
 * toast names them and (if the user turned it on) a beep sounds. Everything present when the console got ready, and
 * every warning seen before, is not new.
 */
export function useArrivals(warnings: readonly ConsoleWarning[], { ready, isMuted, sound, t }: ArrivalOptions): ReadonlySet<number> {
  const known = useRef<Set<number> | null>(null);
  const [flashing, setFlashing] = useState<ReadonlySet<number>>(() => new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Read at arrival time without re-running the effect when only they change.
  const latest = useRef({ isMuted, sound, t });
  latest.current = { isMuted, sound, t };

  useEffect(() => {
    if (!ready) return;
    if (known.current === null) {
      known.current = new Set(warnings.map((w) => w.id));
      return;
    }
    const seen = known.current;
    const fresh = warnings.filter((w) => !seen.has(w.id));
    for (const warning of fresh) seen.add(warning.id);
    const heard = fresh.filter((w) => !latest.current.isMuted(w.smartequipmentId));
    if (heard.length === 0) return;
    const ids = heard.map((w) => w.id);
    setFlashing((current) => new Set([...current, ...ids]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setFlashing((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }, ARRIVAL_FLASH_MS);
    timers.current.add(timer);
    for (const warning of heard) {
      const { t: tr } = latest.current;
      const subject = tr('monitoring.warningSubject', { type: tr(`enum.warningType.${warning.warningType}`), device: warning.serialNumber });
      const level = levelOf(warning.warningType);
      showToast(tr('monitoring.newWarning', { subject }), level === 'critical' ? 'danger' : 'warning', 'warning-sign');
    }
    if (latest.current.sound) playBeep();
  }, [warnings, ready]);

  useEffect(() => () => {
    for (const timer of timers.current) clearTimeout(timer);
  }, []);

  return flashing;
}
