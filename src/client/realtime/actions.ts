import { createAction } from '@reduxjs/toolkit';

/** Hub targets the client listens to; `ReceiveEvent` and `ReceiveMessage` carry LiveEvent[] batches (shared/live/events). */
export const HUB_TARGETS = ['getNotification', 'ReceiveMessage', 'ReceiveEvent', 'TransferOrderChanged', 'InventoryChanged'] as const;
export type HubTarget = (typeof HUB_TARGETS)[number];

/** One server push, as received: other slices pick the targets they care about. */
export const realtimeReceived = createAction<{ target: HubTarget; args: unknown[] }>('realtime/received');
export const realtimeStartRequested = createAction('realtime/startRequested');
export const realtimeStopRequested = createAction('realtime/stopRequested');
