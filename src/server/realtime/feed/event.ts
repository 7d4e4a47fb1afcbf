import { streamOf, type EventTopic, type LiveEvent, type LiveStream } from '../../../shared/live/events';
import { conflationKey } from './conflation';

/** An event as written, with its audience: what the hub needs to decide who gets it (clients get `LiveEvent`). */
export interface AddressedEvent extends LiveEvent {
  topic: EventTopic;
  /** Only these users (chat, notices); overrides topic and enterprises. */
  userIds: number[] | null;
}

/** What a connection may see: the topics its permissions allow, within its enterprises (null: the whole tenant). */
export interface FeedAudience {
  topics: readonly EventTopic[];
  enterpriseIds: readonly number[] | null;
}

/** Where a connection's frames go; the hub's connection implements it. */
export interface FeedOutlet {
  send(frame: Buffer): void;
  /** Bytes written to the socket and not yet sent: the measure of a slow client. */
  readonly bufferedAmount: number;
}

/** An event ready for the frames: serialised once for every connection that gets it, its stream and conflation key known. */
export interface PreparedEvent {
  seq: number;
  event: AddressedEvent;
  json: string;
  stream: LiveStream | null;
  /** Events with the same key supersede one another (only the latest matters); null: never conflated. */
  key: string | null;
}

export function prepareEvent(event: AddressedEvent): PreparedEvent {
  const { seq, type, at, enterpriseIds, payload } = event;
  const client: LiveEvent = { seq, type, at, enterpriseIds, payload };
  return { seq, event, json: JSON.stringify(client), stream: streamOf(type), key: conflationKey(event) };
}
