// What the simulators share: the server's API as a logged-in user, and pacing helpers.

/** Where and as whom a simulator works. */
export interface Connection {
  url: string;
  tenant: string;
  user: string;
  password: string;
}

interface Envelope<T> {
  result: T;
  success: boolean;
  error: { message: string; details: string | null; validationErrors: { message: string; members: string[] }[] | null } | null;
}

export class ApiError extends Error {}

/** The server's API as a logged-in user (the ABP envelope unwrapped; a failure throws with its message). */
export class Api {
  token: string | null = null;
  constructor(readonly baseUrl: string, readonly tenantId: number | null) {}

  async call<T>(verb: string, path: string, data?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<T> {
    const url = new URL(path, this.baseUrl);
    const useQuery = verb === 'GET' || verb === 'DELETE';
    if (useQuery) for (const [k, v] of Object.entries(data ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const response = await fetch(url, {
      method: verb,
      headers: {
        ...(useQuery ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(this.tenantId !== null ? { 'Abp.TenantId': String(this.tenantId) } : {}),
        ...headers,
      },
      body: useQuery ? undefined : JSON.stringify(data ?? {}),
    });
    const text = await response.text();
    let body: Envelope<T> | null = null;
    try {
      body = text ? (JSON.parse(text) as Envelope<T>) : null;
    } catch {
      body = null;
    }
    if (!response.ok || !body?.success) {
      const problems = body?.error?.validationErrors?.map((e) => `${e.members.join(',')}: ${e.message}`).join('; ');
      throw new ApiError(`${verb} ${path}: ${response.status} ${body?.error?.message ?? text.slice(0, 200)}${problems ? ` (${problems})` : ''}`);
    }
    return body.result;
  }

  app<T>(verb: string, service: string, method: string, data?: Record<string, unknown>): Promise<T> {
    return this.call<T>(verb, `/api/services/app/${service}/${method}`, data);
  }
}

export type Row = Record<string, unknown> & { id: number };

export async function login(options: Connection): Promise<Api> {
  const anonymous = new Api(options.url, null);
  const tenant = await anonymous.app<{ state: number; tenantId: number | null }>('POST', 'Account', 'IsTenantAvailable', { tenancyName: options.tenant });
  if (tenant.state !== 1 || tenant.tenantId === null) throw new Error(`tenant ${options.tenant} is unknown or inactive`);
  const api = new Api(options.url, tenant.tenantId);
  const auth = await api.call<{ accessToken: string | null; shouldResetPassword: boolean }>('POST', '/api/TokenAuth/Authenticate', {
    userNameOrEmailAddress: options.user, password: options.password, rememberClient: false,
  });
  // The simulator does not choose a user's password for them: a first login is made in the web app.
  if (auth.shouldResetPassword || !auth.accessToken) {
    throw new Error(`${options.user} must choose a new password first: log in once in the web app, then pass it with --password`);
  }
  api.token = auth.accessToken;
  return api;
}

/** Runs `work` over `items`, `limit` at a time. */
export async function inParallel<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  }));
  return out;
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
