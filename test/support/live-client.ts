// What an official SignalR client receives of the live feed: the events of its frames (and of the chat messages that
// waited for it), with the streams it subscribes to.
import type { HubConnection } from '@microsoft/signalr';
import { CHAT_TARGET, FRAME_TARGET, SUBSCRIBE_METHOD, type LiveEvent, type LiveFrame, type LiveStream } from '../../src/shared/live/events';

export interface LiveRecord {
  /** Every event received, in arrival order. */
  events: LiveEvent[];
  frames: LiveFrame[];
}

/** Starts recording; call before `start()` so nothing sent right after the handshake is missed. */
export function recordLive(connection: HubConnection): LiveRecord {
  const record: LiveRecord = { events: [], frames: [] };
  connection.on(FRAME_TARGET, (frame: LiveFrame) => {
    record.frames.push(frame);
    record.events.push(...frame.events);
  });
  connection.on(CHAT_TARGET, (batch: LiveEvent[]) => record.events.push(...batch));
  return record;
}

/** Subscribes to the streams; resolves with those the connection now holds. */
export const subscribe = (connection: HubConnection, streams: readonly LiveStream[]): Promise<LiveStream[]> =>
  connection.invoke<LiveStream[]>(SUBSCRIBE_METHOD, streams);
