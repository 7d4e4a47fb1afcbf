// The notice popover's endpoints: seeded notices, unread counts and marking as read.
import { notifyUser } from '../../src/server/modules/notifications/notifications';
import { onTenantClock } from '../../src/server/time';
import { DEFAULT_TIME_ZONE } from '../../src/shared/time';
import type { EventsAfterResult } from '../../src/shared/live/events';
import { createUser, expectError, expectSuccess, expectValidationError, ok } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';

type Notice = { id: number; type: 0 | 1 | 2; title: string; description: string; isRead: boolean; creationTime: string; category: string | null };
type Notices = { totalCount: number; unreadCount: number; items: Notice[] };

const server = useTestServer();
const notices = async (token: string, query: Record<string, number> = {}) =>
  expectSuccess<Notices>(await server.call('GET', svc('Notification', 'GetUserNotifications'), { token, query }));
const markAsRead = (token: string, id: number) => server.call('POST', svc('Notification', 'MarkAsRead'), { token, body: { id } });
const markAllAsRead = (token: string, type?: number) =>
  server.call('POST', svc('Notification', 'MarkAllAsRead'), { token, body: type === undefined ? {} : { type } });

async function userIdOf(token: string): Promise<number> {
  return ok<{ user: { id: number } }>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token }), 'session').user.id;
}

describe('seeded notices', () => {
  it('gives the Default tenant admin a notice, a message and a task, all unread, newest first', async () => {
    const result = await notices(await server.token(1, 'admin'));
    expect(result.totalCount).toBe(3);
    expect(result.unreadCount).toBe(3);
    expect(result.items.map((n) => n.type).sort()).toEqual([0, 1, 2]);
    for (const notice of result.items) {
      expect(notice).toEqual({
        id: expect.any(Number), type: notice.type, title: expect.any(String), description: expect.any(String), isRead: false, category: null,
        creationTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?\+08:00$/),
      });
      expect(notice.title.length).toBeGreaterThan(0);
    }
    // Newest first, the id breaking ties between notices created together.
    const keys = result.items.map((n) => [n.creationTime, n.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
  });

  it('gives the host admin notices of their own', async () => {
    const host = await notices(await server.token(null, 'admin'));
    const tenant = await notices(await server.token(1, 'admin'));
    expect(host.totalCount).toBe(3);
    const tenantIds = new Set(tenant.items.map((n) => n.id));
    expect(host.items.some((n) => tenantIds.has(n.id))).toBe(false);
  });

  it('gives a new user none', async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1);
    const token = await server.login(1, user.userName, user.password);
    expect(await notices(token)).toEqual({ totalCount: 0, unreadCount: 0, items: [] });
  });

  it('needs a logged-in user', async () => {
    expectError(await server.call('GET', svc('Notification', 'GetUserNotifications')), 401, true);
    expectError(await server.call('POST', svc('Notification', 'MarkAllAsRead'), { body: {} }), 401, true);
  });
});

describe('reading notices', () => {
  let token: string;
  let userId: number;

  beforeAll(async () => {
    const user = await createUser(server, await server.token(1, 'admin'), 1);
    token = await server.login(1, user.userName, user.password);
    userId = await userIdOf(token);
    for (const [type, title] of [[0, 'notice A'], [1, 'message A'], [2, 'task A'], [0, 'notice B'], [1, 'message B']] as const) {
      await notifyUser(server.db, null, 1, userId, { type, title, description: `${title} text` });
    }
  });

  it('counts notices and unread ones; MaxResultCount limits the items only', async () => {
    const all = await notices(token);
    expect(all).toEqual({ totalCount: 5, unreadCount: 5, items: expect.any(Array) });
    expect(all.items.map((n) => n.title)).toEqual(['message B', 'notice B', 'task A', 'message A', 'notice A']);
    const two = await notices(token, { MaxResultCount: 2 });
    expect(two.items.map((n) => n.title)).toEqual(['message B', 'notice B']);
    expect(two.totalCount).toBe(5);
    expect(two.unreadCount).toBe(5);
    expectValidationError(await server.call('GET', svc('Notification', 'GetUserNotifications'), { token, query: { MaxResultCount: 0 } }), 'maxResultCount');
  });

  it('MarkAsRead marks one notice', async () => {
    const before = await notices(token);
    const target = before.items.find((n) => n.title === 'task A')!;
    expect(expectSuccess(await markAsRead(token, target.id))).toBeNull();
    const after = await notices(token);
    expect(after.unreadCount).toBe(4);
    expect(after.items.find((n) => n.id === target.id)!.isRead).toBe(true);
    expect(after.items.filter((n) => n.isRead).map((n) => n.id)).toEqual([target.id]);
    // Marking it again changes nothing.
    expectSuccess(await markAsRead(token, target.id));
    expect((await notices(token)).unreadCount).toBe(4);
    expectValidationError(await server.call('POST', svc('Notification', 'MarkAsRead'), { token, body: {} }), 'id');
  });

  it('MarkAllAsRead with a type marks only that type', async () => {
    expectSuccess(await markAllAsRead(token, 1));
    const after = await notices(token);
    expect(after.unreadCount).toBe(2);
    for (const notice of after.items) expect({ title: notice.title, isRead: notice.isRead }).toEqual({ title: notice.title, isRead: notice.type !== 0 });
    expectValidationError(await markAllAsRead(token, 7), 'type');
  });

  it('MarkAllAsRead without a type marks everything', async () => {
    expectSuccess(await markAllAsRead(token));
    const after = await notices(token);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((n) => n.isRead)).toBe(true);
  });
});

describe('notices are private', () => {
  it('one user cannot mark another user\'s notices as read', async () => {
    const adminToken = await server.token(1, 'admin');
    const user = await createUser(server, adminToken, 1);
    const token = await server.login(1, user.userName, user.password);
    const victimId = await userIdOf(token);
    const notice = await notifyUser(server.db, null, 1, victimId, { type: 0, title: 'private', description: '' });

    expectSuccess(await markAsRead(adminToken, notice.id));
    expectSuccess(await markAllAsRead(adminToken));
    const host = await server.token(null, 'admin');
    expectSuccess(await markAsRead(host, notice.id));

    const mine = await notices(token);
    expect(mine).toEqual({ totalCount: 1, unreadCount: 1, items: [expect.objectContaining({ id: notice.id, title: 'private', isRead: false })] });
    expect((await notices(adminToken)).items.map((n) => n.id)).not.toContain(notice.id);
  });

  it('a notice is recorded as a live event its user alone catches up on, in the same transaction as the notice', async () => {
    const adminToken = await server.token(1, 'admin');
    const user = await createUser(server, adminToken, 1);
    const token = await server.login(1, user.userName, user.password);
    const userId = await userIdOf(token);
    const eventsAfter = async (who: string, after?: number) =>
      expectSuccess<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: who, query: after === undefined ? {} : { after } }));
    const { head } = await eventsAfter(token);
    const notice = await notifyUser(server.db, null, 1, userId, { type: 1, title: 'live', description: 'd' });
    const mine = (await eventsAfter(token, head)).items.filter((e) => e.type === 'notice.created');
    // The event carries the notice as clients read it: its time on the tenant's clock.
    expect(mine).toEqual([expect.objectContaining({ type: 'notice.created', enterpriseIds: null, payload: onTenantClock(notice, DEFAULT_TIME_ZONE) })]);
    expect((mine[0].payload as { creationTime: string }).creationTime).toMatch(/\+08:00$/);
    expect(mine[0].at).toMatch(/\+08:00$/);
    expect((await eventsAfter(adminToken, head)).items.filter((e) => e.type === 'notice.created')).toEqual([]);

    // A notice whose transaction rolls back leaves no event behind.
    const before = (await eventsAfter(token)).head;
    await expect(server.db.transaction(async (tx) => {
      await notifyUser(tx, null, 1, userId, { type: 0, title: 'rolled back', description: '' });
      throw new Error('abandoned');
    })).rejects.toThrow('abandoned');
    expect((await eventsAfter(token, before)).items.filter((e) => e.type === 'notice.created')).toEqual([]);
  });
});
