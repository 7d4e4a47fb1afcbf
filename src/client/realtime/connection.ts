import { COOKIE, readCookie } from '../util/cookies';

/** What the hub saga needs from a SignalR HubConnection; tests pass a fake. */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  on(target: string, handler: (...args: unknown[]) => void): void;
  invoke<T>(method: string, ...args: unknown[]): Promise<T>;
  off?(target: string): void;
  onclose(callback: (error?: Error) => void): void;
}

/** Builds a new, not yet started connection (one per attempt). */
export type HubConnectionFactory = () => HubConnectionLike | Promise<HubConnectionLike>;

export const HUB_PATH = '/chatmsg';

/**
 * The real connection. @microsoft/signalr is fetched only when a logged-in user with real-time enabled needs it, so the
 * login screen never downloads it. Reconnection is the saga's job (every 5 s), not SignalR's automatic policy.
 */
export const createSignalRConnection: HubConnectionFactory = async () => {
  const signalR = await import(/* webpackChunkName: "signalr" */ '@microsoft/signalr');
  return new signalR.HubConnectionBuilder()
    .withUrl(HUB_PATH, { accessTokenFactory: () => readCookie(COOKIE.authToken) ?? '' })
    .configureLogging(signalR.LogLevel.Warning)
    .build();
};
