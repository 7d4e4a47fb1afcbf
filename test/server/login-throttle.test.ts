// Login lock-out under concurrency, per user whatever the spelling, and login timing that does not reveal whether a
// user exists.
import { createUser, expectError, expectSuccess } from '../support/server-fixtures';
import { unique, useTestServer } from '../support/server-harness';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
const LIMIT = 5;
const en = { 'Accept-Language': 'en' };
const INVALID = 'Invalid user name or password';
const LOCKED = /^Too many failed attempts/;

// The app trusts X-Forwarded-For: every attempt comes from an address of its own, so only the per-user limit applies.
let addressCounter = 0;
const freshAddress = () => `10.91.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

function attempt(login: string, password: string) {
  return server.call('POST', '/api/TokenAuth/Authenticate', {
    tenantId: 1, headers: { ...en, 'X-Forwarded-For': freshAddress() }, body: { userNameOrEmailAddress: login, password },
  });
}

/** How many attempts had their password checked ("invalid") and how many were refused unchecked ("locked"). */
async function outcomes(attempts: Promise<Awaited<ReturnType<typeof attempt>>>[]) {
  const counts = { invalid: 0, locked: 0, other: [] as string[] };
  for (const response of await Promise.all(attempts)) {
    const details = response.body?.error?.details ?? '';
    if (details === INVALID) counts.invalid++;
    else if (LOCKED.test(details)) counts.locked++;
    else counts.other.push(`${response.status} ${response.text}`);
  }
  return counts;
}

describe('lock-out under concurrency', () => {
  it('checks at most the limit of 50 simultaneous wrong passwords for one user', async () => {
    const user = await createUser(server, admin, 1);
    const counts = await outcomes(Array.from({ length: 50 }, (_, i) => attempt(user.userName, `wrong-${i}`)));
    expect(counts.other).toEqual([]);
    expect(counts.invalid).toBeGreaterThanOrEqual(1);
    expect(counts.invalid).toBeLessThanOrEqual(LIMIT);
    expect(counts.locked).toBe(50 - counts.invalid);
    // Locked for the right password too.
    expect(expectError(await attempt(user.userName, user.password), 500).details).toMatch(LOCKED);
  });

  it('checks at most the limit when the guesses mix the user name and the e-mail address', async () => {
    const user = await createUser(server, admin, 1);
    const counts = await outcomes(Array.from({ length: 50 }, (_, i) =>
      attempt(i % 2 === 0 ? user.userName : user.emailAddress.toUpperCase(), `wrong-${i}`)));
    expect(counts.other).toEqual([]);
    expect(counts.invalid).toBeLessThanOrEqual(LIMIT);
  });
});

describe('lock-out per user', () => {
  it('counts guesses by user name and by e-mail address together', async () => {
    const user = await createUser(server, admin, 1);
    for (let i = 0; i < 3; i++) expect(expectError(await attempt(user.userName, `wrong-${i}`), 500).details).toBe(INVALID);
    for (let i = 0; i < 2; i++) expect(expectError(await attempt(user.emailAddress, `wrong-e${i}`), 500).details).toBe(INVALID);
    expect(expectError(await attempt(user.emailAddress, 'wrong-again'), 500).details).toMatch(LOCKED);
    expect(expectError(await attempt(user.userName, user.password), 500).details).toMatch(LOCKED);
  });

  it('locks an unknown name too, so it cannot be told from a real one', async () => {
    const ghost = unique('ghost');
    for (let i = 0; i < LIMIT; i++) expect(expectError(await attempt(ghost, `wrong-${i}`), 500).details).toBe(INVALID);
    expect(expectError(await attempt(ghost.toUpperCase(), 'wrong'), 500).details).toMatch(LOCKED);
  });

  it('still lets the user in after fewer failures than the limit, and counts again from zero', async () => {
    const user = await createUser(server, admin, 1);
    for (let i = 0; i < LIMIT - 1; i++) expectError(await attempt(user.emailAddress, 'nope'), 500);
    expectSuccess(await attempt(user.userName, user.password));
    for (let i = 0; i < LIMIT - 1; i++) expectError(await attempt(user.userName, 'nope'), 500);
    expectSuccess(await attempt(user.emailAddress, user.password));
  });
});

describe('timing', () => {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

  async function timed(login: string, password: string): Promise<number> {
    const started = process.hrtime.bigint();
    const response = await attempt(login, password);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    expect(response.body?.error?.details).toBe(INVALID);
    return elapsed;
  }

  it('takes as long for an unknown user as for a known user\'s wrong password', async () => {
    const users = await Promise.all(Array.from({ length: 11 }, () => createUser(server, admin, 1)));
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a burst of load on the machine hits both sides alike.
    for (const user of users) {
      known.push(await timed(user.userName, 'not-the-password'));
      unknown.push(await timed(unique('nobody'), 'not-the-password'));
    }
    expect(median(unknown)).toBeGreaterThanOrEqual(0.6 * median(known));
  });
});
