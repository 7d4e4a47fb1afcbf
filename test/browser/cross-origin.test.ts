// What only a browser enforces: CORS for a client served from another origin (an ABP client on its own host), and
// the Content-Security-Policy the app itself must live within.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useBrowserApp } from './support/harness';
import { byTestId, logIn } from './support/ui';

const PAGE = '<!doctype html><meta charset="utf-8"><title>ABP client</title><p>client</p>';

/** A page on its own localhost port: another origin than the app's. */
async function servePage(): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

let allowed: Awaited<ReturnType<typeof servePage>>;
let stranger: Awaited<ReturnType<typeof servePage>>;

// Declared before the app, so that the allowed origin is known when it starts.
beforeAll(async () => {
  allowed = await servePage();
  stranger = await servePage();
});

afterAll(async () => {
  await allowed?.close();
  await stranger?.close();
});

const app = useBrowserApp(() => ({ env: { CORS_ORIGINS: allowed.origin } }));

describe('a client on another origin', () => {
  test('calls the API with ABP\'s headers (a real preflight) when its origin is configured', async () => {
    const page = await app.newPage();
    await page.goto(allowed.origin);
    // Logs in and reads the session the way an ABP client does: credentials, the tenant header, a bearer token.
    const userName = await page.evaluate(async (apiBase) => {
      const login = await fetch(`${apiBase}/api/TokenAuth/Authenticate`, {
        method: 'POST', credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'Abp.TenantId': '1', 'X-Requested-With': 'XMLHttpRequest' },
        body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }),
      });
      const token = (await login.json()).result.accessToken as string;
      const session = await fetch(`${apiBase}/api/services/app/Session/GetCurrentLoginInformations`, {
        credentials: 'include', headers: { Authorization: `Bearer ${token}`, 'Abp.TenantId': '1' },
      });
      return (await session.json()).result.user.userName as string;
    }, app.baseUrl);
    // A JSON body with the tenant header is never a simple request: Chromium sent its preflight and got its answer.
    expect(userName).toBe('admin');
  });

  test('is kept out by the browser when its origin is not configured', async () => {
    const page = await app.newPage();
    await page.goto(stranger.origin);
    const outcome = await page.evaluate(async (apiBase) => {
      try {
        await fetch(`${apiBase}/api/TokenAuth/Authenticate`, {
          method: 'POST', headers: { 'Content-Type': 'application/json', 'Abp.TenantId': '1' },
          body: JSON.stringify({ userNameOrEmailAddress: 'admin', password: '123qwe' }),
        });
        return 'read';
      } catch (error) {
        return (error as Error).name;
      }
    }, app.baseUrl);
    expect(outcome).toBe('TypeError');
  });
});

describe('the app under its Content-Security-Policy', () => {
  test('logs in and opens its main screens with no policy violation', async () => {
    const page = await app.newPage();
    const violations: string[] = [];
    page.on('console', (message) => { if (/Content Security Policy/i.test(message.text())) violations.push(message.text()); });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => console.error(`Content Security Policy: ${event.violatedDirective} ${event.blockedURI}`));
    });
    await logIn(page, { userName: 'admin', password: '123qwe' });
    for (const path of ['/main/home', '/basicinformation/wastecode', '/monitoring/console', '/transfermanagement/transferorder', '/supervision/chat', '/setting/user']) {
      await page.goto(path);
      await byTestId(page, 'shell').waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
