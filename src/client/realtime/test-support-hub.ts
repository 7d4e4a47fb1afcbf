// A fake hub connection and the providers the hub saga tests share.
import { combineReducers } from '@reduxjs/toolkit';
import { delay } from 'redux-saga/effects';
import { SUBSCRIBE_METHOD, type EventsAfterResult, type LiveStream } from '../../shared/live/events';
import { appSlice } from '../session/appSlice';
import { HubTokenRefusedError, type HubConnectionFactory, type HubConnectionLike } from './connection';
import { eventLogReducer } from './eventLog';
import { getEventsAfter } from './eventsApi';
import { liveStreamsReducer } from './liveStreams';

/** How a fake connection's start ends: connected, failed (unreachable), or refused for its access token. */
type StartOutcome = 'ok' | 'fail' | 'refused';

/**
 * A stand-in for a SignalR HubConnection whose start outcome and pushes the test controls. It answers Subscribe and
 * Unsubscribe as the hub does (the streams now held), refusing those in `refused`.
 */
class FakeConnection implements HubConnectionLike {
  handlers = new Map<string, (...args: unknown[]) => void>();
  closeHandlers: Array<(error?: Error) => void> = [];
  started = false;
  stopped = false;
  readonly streams = new Set<LiveStream>();
  readonly invocations: Array<{ method: string; streams: LiveStream[] }> = [];
  refused = new Set<LiveStream>();

  constructor(private readonly startOutcome: StartOutcome) {}

  start(): Promise<void> {
    if (this.startOutcome === 'fail') return Promise.reject(new Error('negotiate failed'));
    if (this.startOutcome === 'refused') return Promise.reject(new HubTokenRefusedError('negotiate answered 401'));
    this.started = true;
    return Promise.resolve();
  }

  stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }

  invoke<T>(method: string, ...args: unknown[]): Promise<T> {
    const [streams] = args as [LiveStream[]];
    this.invocations.push({ method, streams });
    const refused = streams.find((s) => this.refused.has(s));
    if (method === SUBSCRIBE_METHOD && refused) return Promise.reject(new Error(`HubException: The live stream '${refused}' is not allowed for this user.`));
    for (const stream of streams) {
      if (method === SUBSCRIBE_METHOD) this.streams.add(stream);
      else this.streams.delete(stream);
    }
    return Promise.resolve([...this.streams].sort() as T);
  }

  on(target: string, handler: (...args: unknown[]) => void): void {
    this.handlers.set(target, handler);
  }

  off(target: string): void {
    this.handlers.delete(target);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeHandlers.push(callback);
  }

  push(target: string, ...args: unknown[]): void {
    this.handlers.get(target)?.(...args);
  }

  close(error?: Error): void {
    for (const callback of this.closeHandlers) callback(error);
  }
}

/** A factory that hands out connections with the given start outcomes, then connections that start fine. */
export function fakeFactory(outcomes: StartOutcome[]) {
  const created: FakeConnection[] = [];
  const factory: HubConnectionFactory = () => {
    const connection = new FakeConnection(outcomes[created.length] ?? 'ok');
    created.push(connection);
    return connection;
  };
  return { factory, created };
}

// `delay(ms)` is a call effect to redux-saga's internal timer; providing it lets the test run the loop without waiting.
export const DELAY_FN = delay(0).payload.fn;

/** The store part the hub saga reads. */
export const hubTestReducers = { app: appSlice.reducer, eventLog: eventLogReducer, liveStreams: liveStreamsReducer };
export const hubTestReducer = combineReducers(hubTestReducers);

type EventsAfter = (after: number | null, max: number) => EventsAfterResult | Promise<EventsAfterResult>;

interface HubProviderOptions {
  /** Answer to Events/GetEventsAfter; default: nothing happened, head 0. */
  eventsAfter?: EventsAfter;
  /** Delays return at once (their lengths are recorded) instead of waiting. */
  instantDelays?: boolean;
}

/** Providers for the hub saga: the events endpoint (calls recorded) and, optionally, instant delays. */
export function hubProviders(options: HubProviderOptions = {}) {
  const waits: number[] = [];
  const eventsCalls: Array<number | null> = [];
  const eventsAfter = options.eventsAfter ?? (() => ({ items: [], head: 0, hasMore: false }));
  const provider = {
    call(effect: { fn: unknown; args: unknown[] }, next: () => unknown) {
      if (effect.fn === getEventsAfter) {
        const [after, max] = effect.args as [number | null, number];
        eventsCalls.push(after);
        return eventsAfter(after, max);
      }
      if (options.instantDelays && effect.fn === DELAY_FN) {
        waits.push(effect.args[0] as number);
        return undefined;
      }
      return next();
    },
  };
  return { provider, waits, eventsCalls };
}
