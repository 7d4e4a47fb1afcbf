import { createAction } from '@reduxjs/toolkit';
import { CHAT_TARGET, FRAME_TARGET } from '../../shared/live/events';

/**
 * Hub targets the client listens to (shared/live/events): frames of the streams subscribed and of what is addressed
 * to the user, and the chat messages that waited for it; the one way anything live reaches the client. Slices and
 * sagas react to `liveEventsApplied`, which the catch-up after a reconnect feeds too.
 */
export const HUB_TARGETS = [FRAME_TARGET, CHAT_TARGET] as const;
export type HubTarget = (typeof HUB_TARGETS)[number];

/** One server push, as received: other slices pick the targets they care about. */
export const realtimeReceived = createAction<{ target: HubTarget; args: unknown[] }>('realtime/received');
export const realtimeStartRequested = createAction('realtime/startRequested');
export const realtimeStopRequested = createAction('realtime/stopRequested');
