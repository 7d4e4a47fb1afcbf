import { FRAME_TARGET } from '../../../shared/live/events';
import { MessageType, RECORD_SEPARATOR } from '../protocol';
import type { PreparedEvent } from './event';

/**
 * The SignalR invocation carrying one `LiveFrame`, built from events serialised once: the same Buffer goes to every
 * connection with the same view, and nothing is serialised per connection.
 */
export function frameMessage(after: number, upTo: number, events: readonly PreparedEvent[]): Buffer {
  const head = `{"type":${MessageType.Invocation},"target":"${FRAME_TARGET}","arguments":[{"after":${after},"upTo":${upTo},"events":[`;
  return Buffer.from(`${head}${events.map((e) => e.json).join(',')}]}]}${RECORD_SEPARATOR}`);
}
