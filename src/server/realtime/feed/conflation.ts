import type { LiveEvent } from '../../../shared/live/events';
import { numberOf } from '../../../shared/json';

/**
 * The state an event sets, when only its latest value matters: a device's reading, a storage point's weight, a
 * device's state, a machine's slots. Payloads are absolute, so the latest one alone leaves a client where all of them
 * would. Warnings, transfers, stock, ledger movements (the big-data screen adds up their amounts), records and chat are
 * never conflated: each one is news of its own.
 */
export function conflationKey(event: LiveEvent): string | null {
  switch (event.type) {
    case 'reading': return keyOf('reading', numberOf(event.payload, 'deviceId'));
    case 'storage.weight': return keyOf('weight', numberOf(event.payload, 'storageId'));
    case 'device.state': return keyOf('device', numberOf(event.payload, 'deviceId'));
    case 'exchange.slots': return keyOf('machine', numberOf(event.payload, 'machineId'));
    default: return null;
  }
}

const keyOf = (kind: string, id: number | undefined) => (id === undefined ? null : `${kind}:${id}`);

/** The events (ascending seq) with every keyed one dropped that a later one of the same key supersedes. */
export function conflate<T extends { key: string | null }>(events: readonly T[]): T[] {
  const latest = new Map<string, number>();
  events.forEach((e, i) => { if (e.key !== null) latest.set(e.key, i); });
  if (latest.size === 0) return [...events];
  return events.filter((e, i) => e.key === null || latest.get(e.key) === i);
}
