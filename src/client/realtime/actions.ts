import { createAction } from '@reduxjs/toolkit';

/**
 * Hub targets the client listens to: both carry LiveEvent[] batches (shared/live/events), the one way anything live
 * reaches the client. Slices and sagas react to `liveEventsApplied`, which the catch-up after a reconnect feeds too.
 */
export const HUB_TARGETS = ['ReceiveMessage', 'ReceiveEvent'] as const;
export type HubTarget = (typeof HUB_TARGETS)[number];

/** One server push, as received: other slices pick the targets they care about. */
export const realtimeReceived = createAction<{ target: HubTarget; args: unknown[] }>('realtime/received');
export const realtimeStartRequested = createAction('realtime/startRequested');
export const realtimeStopRequested = createAction('realtime/stopRequested');
