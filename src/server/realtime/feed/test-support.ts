// Events and outlets for the live feed's unit tests.
import type { LiveEventType } from '../../../shared/live/events';
import { prepareEvent, type AddressedEvent, type FeedOutlet, type PreparedEvent } from './event';

const TOPIC_OF: Partial<Record<LiveEventType, AddressedEvent['topic']>> = {
  'transfer.changed': 'transfer', 'inventory.changed': 'inventory', 'notice.created': 'notice', 'chat.message': 'chat',
};

export function liveEvent(seq: number, type: LiveEventType, payload: Record<string, unknown> = {}, audience: Partial<Pick<AddressedEvent, 'enterpriseIds' | 'userIds'>> = {}): AddressedEvent {
  return { seq, type, at: '2026-01-01T00:00:00', topic: TOPIC_OF[type] ?? 'monitoring', enterpriseIds: null, userIds: null, payload, ...audience };
}

export const reading = (seq: number, deviceId: number, weight = seq) => liveEvent(seq, 'reading', { deviceId, weight });
export const warning = (seq: number, id = seq) => liveEvent(seq, 'warning.raised', { id });
export const prepared = (...events: AddressedEvent[]): PreparedEvent[] => events.map(prepareEvent);

export interface ReceivedFrame {
  after: number;
  upTo: number;
  seqs: number[];
}

/** A socket stand-in: records the frames it is sent, with a backlog the test sets. */
export class FakeOutlet implements FeedOutlet {
  readonly raw: Buffer[] = [];
  bufferedAmount = 0;

  send(frame: Buffer): void {
    this.raw.push(frame);
  }

  get frames(): ReceivedFrame[] {
    return this.raw.map((buffer) => {
      const text = buffer.toString('utf8');
      const message = JSON.parse(text.slice(0, -1)) as { target: string; arguments: [{ after: number; upTo: number; events: Array<{ seq: number }> }] };
      const [{ after, upTo, events }] = message.arguments;
      return { after, upTo, seqs: events.map((e) => e.seq) };
    });
  }
}
