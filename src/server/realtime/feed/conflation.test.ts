import { conflate, conflationKey } from './conflation';
import { liveEvent, prepared, reading, warning } from './test-support';

describe('conflation', () => {
  it('keys a device\'s reading and state and a storage point\'s weight; warnings, transfers, stock and chat have none', () => {
    expect(conflationKey(reading(1, 7))).toBe('reading:7');
    expect(conflationKey(liveEvent(2, 'device.state', { deviceId: 7 }))).toBe('device:7');
    expect(conflationKey(liveEvent(3, 'storage.weight', { storageId: 4, deviceId: 7 }))).toBe('weight:4');
    for (const type of ['warning.raised', 'warning.updated', 'transfer.changed', 'inventory.changed', 'chat.message'] as const) {
      expect(conflationKey(liveEvent(4, type, { deviceId: 7, storageId: 4 }))).toBeNull();
    }
  });

  it('keeps the latest event per key where it stands, and every unkeyed one', () => {
    const events = prepared(reading(1, 7), reading(2, 8), warning(3), reading(4, 7), warning(5), reading(6, 7));
    expect(conflate(events).map((e) => e.seq)).toEqual([2, 3, 5, 6]);
  });
});
