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
 * A start refused because the hub refused the access token (401): waiting and trying again with the same token cannot
 * help, so its holder gets another one first (a wall exchanges its display token, and learns if it was revoked).
 */
export class HubTokenRefusedError extends Error {
  override name = 'HubTokenRefusedError';
}

/**
 * The real connection. @microsoft/signalr is fetched only when a logged-in user with real-time enabled needs it, so the
 * login screen never downloads it. Reconnection is the saga's job (every 5 s), not SignalR's automatic policy.
 */
export const createSignalRConnection: HubConnectionFactory = async () => {
  const signalR = await import(/* webpackChunkName: "signalr" */ '@microsoft/signalr');
  type HttpRequest = Parameters<InstanceType<typeof signalR.DefaultHttpClient>['send']>[0];
  // SignalR reports a refused negotiate as a bare failure: the status is watched where the request is sent.
  let refused = false;
  class RefusalWatchingClient extends signalR.DefaultHttpClient {
    override async send(request: HttpRequest) {
      try {
        return await super.send(request);
      } catch (error) {
        if (error instanceof signalR.HttpError && error.statusCode === 401) refused = true;
        throw error;
      }
    }
  }
  const connection = new signalR.HubConnectionBuilder()
    .withUrl(HUB_PATH, {
      accessTokenFactory: () => readCookie(COOKIE.authToken) ?? '',
      httpClient: new RefusalWatchingClient(signalR.NullLogger.instance),
    })
    .configureLogging(signalR.LogLevel.Warning)
    .build();
  return {
    async start() {
      refused = false;
      try {
        await connection.start();
      } catch (error) {
        if (refused) throw new HubTokenRefusedError('The hub refused the access token.', { cause: error });
        throw error;
      }
    },
    stop: () => connection.stop(),
    on: (target, handler) => connection.on(target, handler),
    off: (target) => connection.off(target),
    invoke: (method, ...args) => connection.invoke(method, ...args),
    onclose: (callback) => connection.onclose(callback),
  };
};
