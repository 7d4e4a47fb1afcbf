// Chat between users of a tenant, over HTTP and real SignalR clients: a message reaches its recipient (and no one of
// another tenant) as a `chat.message` event, unread counts and reading, history paged backwards, image and file
// messages with private attachments, what is refused, delivery to a user who was offline, notices, and who is online.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { ChatHistoryPage, ChatMessageDto, ChatUserDto, MsgInfoDto, UnreadCounts } from '../../src/shared/chat';
import { CHAT_TARGET, FRAME_TARGET, type ChatMessagePayload, type ChatNoticePayload, type ChatReadPayload, type LiveEvent, type LiveFrame } from '../../src/shared/live/events';
import { contractPdf } from '../support/chinese-pdf';
import {
  createTenant, createUser, expectError, expectSuccess, expectValidationError, ok, userWithPermissions, type CreatedUser,
} from '../support/server-fixtures';
import { type CallResult, DEFAULT_PASSWORD, type Envelope, svc, useTestServer } from '../support/server-harness';
import { waitFor } from '../support/wait';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

type Chatter = CreatedUser & { token: string };

const server = useTestServer();
let admin: string;
let adminId: number;
let otherTenant: { id: number; token: string; adminId: number };

const C = (method: string) => svc('ChatLog', method);
const connections: HubConnection[] = [];

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  adminId = ok<{ user: { id: number } }>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token: admin }), 'session').user.id;
  const tenant = await createTenant(server);
  const token = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
  const session = ok<{ user: { id: number } }>(await server.call('GET', svc('Session', 'GetCurrentLoginInformations'), { token }), 'session');
  otherTenant = { id: tenant.id, token, adminId: session.user.id };
});
afterEach(async () => {
  await Promise.all(connections.splice(0).map((c) => c.stop().catch(() => undefined)));
});
const chatter = (): Promise<Chatter> => userWithPermissions(server, admin, 1, ['Pages.ChatLog']);

/** A connected hub client recording every batch of events: the messages waiting for it (`ReceiveMessage`), then its frames' events. */
async function listen(token: string): Promise<{ connection: HubConnection; batches: LiveEvent[][]; events: () => LiveEvent[] }> {
  const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => token })
    .configureLogging(LogLevel.None).build();
  const batches: LiveEvent[][] = [];
  connection.on(CHAT_TARGET, (batch: LiveEvent[]) => batches.push(batch));
  // An empty frame only moves the connection's range on: no batch of events.
  connection.on(FRAME_TARGET, (frame: LiveFrame) => {
    if (frame.events.length > 0) batches.push(frame.events);
  });
  await connection.start();
  connections.push(connection);
  return { connection, batches, events: () => batches.flat() };
}

const quiet = (ms = 250) => new Promise((r) => setTimeout(r, ms));

const send = (from: Chatter, body: Record<string, unknown>) => server.call<ChatMessageDto>('POST', C('Create'), { token: from.token, body });
const sendText = async (from: Chatter, to: { id: number }, content: string) => expectSuccess(await send(from, { toUserId: to.id, content, messageType: 0 }));
const unread = async (token: string, touserid?: number) =>
  expectSuccess(await server.call<UnreadCounts>('GET', C('getReadNumByToUserid'), { token, query: { touserid } }));
const historyOf = async (token: string, userid: number, query: Record<string, number> = {}) =>
  expectSuccess(await server.call<ChatHistoryPage>('GET', C('GetChatLogAllByUserid'), { token, query: { userid, ...query } }));
const head = async () => Number((await server.db.query<{ last_seq: number }>('select last_seq from live_event_counter where tenant_key = 1'))[0]?.last_seq ?? 0);
const chatRows = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from chat_log'))[0].n);

async function uploadChatFile(token: string, name: string, data: Buffer, type: string): Promise<CallResult<Envelope<{ id: number; name: string; contentType: string }>>> {
  const form = new FormData();
  form.append('file', new Blob([Uint8Array.from(data)], { type }), name);
  const response = await fetch(new URL(C('UploadFile'), server.baseUrl), { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope<{ id: number; name: string; contentType: string }>, text, headers: response.headers };
}

describe('sending and reading', () => {
  it('delivers a text to the recipient as a chat.message event; unread goes 0 → 1 → 0 and the sender hears of the reading', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const [atA, atB] = await Promise.all([listen(a.token), listen(b.token)]);
    expect(await unread(b.token)).toEqual({ total: 0, items: [], seq: await head() });

    const sent = await sendText(a, b, '  您好，今天的转移联单已提交  ');
    expect(sent).toEqual({
      id: expect.any(Number), fromUserId: a.id, fromUserName: 'Test', toUserId: b.id, content: '您好，今天的转移联单已提交', messageType: 0,
      fileId: null, fileName: null, isRead: false, readTime: null, creationTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), seq: await head(),
    });
    await waitFor('the push to B and to A', () => atB.events().length === 1 && atA.events().length === 1);
    const [event] = atB.events() as LiveEvent<ChatMessagePayload>[];
    const { readTime: _r, seq: _s, ...payload } = sent;
    const seq = Number(sent.seq);
    expect(event).toEqual({ seq, type: 'chat.message', at: sent.creationTime, enterpriseIds: null, payload });
    expect(atA.events()).toEqual([event]);
    const [stored] = await server.db.query<{ delivered_time: string | null; event_seq: number }>('select delivered_time, event_seq from chat_log where id = $1', [sent.id]);
    expect(stored.event_seq).toBe(seq);
    expect(stored.delivered_time).not.toBeNull();

    const counted = await unread(b.token);
    expect(counted).toEqual({ total: 1, items: [{ fromUserId: a.id, count: 1 }], seq });
    // The sender has nothing unread: the count is the recipient's.
    expect((await unread(a.token)).total).toBe(0);

    const read = expectSuccess(await server.call('PUT', C('UpdateSatus'), { token: b.token, body: { fromUserId: a.id } }));
    expect(read).toEqual({ count: 1, upToId: sent.id, readTime: expect.any(String) });
    expect(await unread(b.token)).toEqual({ total: 0, items: [], seq: seq + 1 });
    await waitFor('the read event at A', () => atA.events().length === 2);
    const readEvent = atA.events()[1] as LiveEvent<ChatReadPayload>;
    expect(readEvent).toMatchObject({ seq: seq + 1, type: 'chat.read', payload: { toUserId: b.id, fromUserId: a.id, upToId: sent.id } });
    await waitFor('the read event at B', () => atB.events().length === 2);
    expect((await historyOf(a.token, b.id)).items[0]).toMatchObject({ id: sent.id, isRead: true, readTime: expect.any(String) });

    // Nothing left unread: no event.
    expect(expectSuccess(await server.call('PUT', C('UpdateSatus'), { token: b.token, body: { fromUserId: a.id } }))).toMatchObject({ count: 0 });
    expect(await head()).toBe(seq + 1);
  });

  it('marks read only up to the message the screen has shown when upToId is given', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const first = await sendText(a, b, 'one');
    await sendText(a, b, 'two');
    expectSuccess(await server.call('PUT', C('UpdateSatus'), { token: b.token, body: { fromUserId: a.id, upToId: first.id } }));
    expect(await unread(b.token)).toMatchObject({ total: 1, items: [{ fromUserId: a.id, count: 1 }] });
  });

  it('counts another user\'s unread messages only for a holder of Pages.Users', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    await sendText(a, b, 'for b');
    await sendText(a, b, 'again');
    expect(await unread(admin, b.id)).toMatchObject({ total: 2, items: [{ fromUserId: a.id, count: 2 }] });
    expectError(await server.call('GET', C('getReadNumByToUserid'), { token: a.token, query: { touserid: b.id } }), 403, true);
    expectValidationError(await server.call('GET', C('getReadNumByToUserid'), { token: admin, query: { touserid: otherTenant.adminId } }), 'touserid');
  });

  it('pages the history backwards: newest page first, each page oldest to newest', async () => {
    const [a, b, c] = await Promise.all([chatter(), chatter(), chatter()]);
    const sent: ChatMessageDto[] = [];
    for (let i = 1; i <= 5; i++) sent.push(i % 2 ? await sendText(a, b, `m${i}`) : await sendText(b, a, `m${i}`));
    await sendText(a, c, 'not in this conversation');
    const ids = sent.map((m) => m.id);

    const newest = await historyOf(a.token, b.id, { maxResultCount: 2 });
    expect(newest.items.map((m) => m.content)).toEqual(['m4', 'm5']);
    expect(newest.hasMore).toBe(true);
    const middle = await historyOf(a.token, b.id, { maxResultCount: 2, beforeId: newest.items[0].id });
    expect(middle.items.map((m) => m.id)).toEqual(ids.slice(1, 3));
    const oldest = await historyOf(a.token, b.id, { maxResultCount: 2, beforeId: middle.items[0].id });
    expect(oldest).toEqual({ items: [expect.objectContaining({ id: ids[0], content: 'm1', fromUserId: a.id, toUserId: b.id })], hasMore: false });
    // The other side sees the same conversation.
    expect((await historyOf(b.token, a.id)).items.map((m) => m.id)).toEqual(ids);
    expect((await historyOf(c.token, b.id)).items).toEqual([]);
    expectValidationError(await server.call('GET', C('GetChatLogAllByUserid'), { token: a.token, query: { userid: otherTenant.adminId } }), 'userid');
    expectValidationError(await server.call('GET', C('GetChatLogAllByUserid'), { token: a.token, query: { userid: b.id, maxResultCount: 101 } }), 'maxResultCount');
  });

  it('lists the caller\'s own messages through the declared ChatLog/GetAll and Get, nobody else\'s', async () => {
    const [a, b, c] = await Promise.all([chatter(), chatter(), chatter()]);
    const mine = await sendText(a, b, 'between a and b');
    const theirs = await sendText(b, c, 'between b and c');
    const list = expectSuccess(await server.call<{ totalCount: number; items: { id: number }[] }>('GET', C('GetAll'), { token: a.token }));
    expect(list.items.map((m) => m.id)).toEqual([mine.id]);
    expect(list.totalCount).toBe(1);
    expect(expectSuccess(await server.call('GET', C('Get'), { token: b.token, query: { Id: mine.id } }))).toMatchObject({ fromUserId: a.id, content: 'between a and b' });
    expectError(await server.call('GET', C('Get'), { token: a.token, query: { Id: theirs.id } }), 404);
    // Read-only: messages change only through the chat methods.
    expect((await server.call('PUT', C('Update'), { token: a.token, body: { id: mine.id, content: 'rewritten' } })).status).toBe(404);
  });
});

describe('what is refused', () => {
  it('refuses an empty or too long text, a bad type, and a recipient who is not an active user of the tenant; nothing is stored or pushed', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const inactive = await createUser(server, admin, 1, { isActive: false });
    const deleted = await createUser(server, admin, 1);
    expectSuccess(await server.call('DELETE', svc('User', 'Delete'), { token: admin, query: { Id: deleted.id } }));
    const atB = await listen(b.token);
    const rows = await chatRows();
    const seq = await head();

    expectValidationError(await send(a, { toUserId: b.id, content: '', messageType: 0 }), 'content');
    expectValidationError(await send(a, { toUserId: b.id, content: '   \n ' }), 'content');
    expectValidationError(await send(a, { toUserId: b.id, content: 'x'.repeat(2001) }), 'content');
    expectValidationError(await send(a, { toUserId: b.id, content: 'hi', messageType: 7 }), 'messageType');
    expectValidationError(await send(a, { toUserId: b.id, content: '', messageType: 1 }), 'fileId');
    expectValidationError(await send(a, { content: 'to nobody' }), 'toUserId');
    expectValidationError(await send(a, { toUserId: a.id, content: 'to myself' }), 'toUserId');
    for (const toUserId of [otherTenant.adminId, inactive.id, deleted.id, 99_999_999]) {
      const error = expectValidationError(await send(a, { toUserId, content: 'hello' }), 'toUserId');
      expect(error.validationErrors).toHaveLength(1);
    }
    // From the other side too: tenant 2's admin cannot write to tenant 1's users.
    expectValidationError(await server.call('POST', C('Create'), { token: otherTenant.token, body: { toUserId: b.id, content: 'hi' } }), 'toUserId');

    expect(await chatRows()).toBe(rows);
    expect(await head()).toBe(seq);
    await quiet();
    expect(atB.batches).toEqual([]);
    // 2000 characters are fine.
    expectSuccess(await send(a, { toUserId: b.id, content: '字'.repeat(2000) }));
  });

  it('needs Pages.ChatLog for every chat method', async () => {
    const b = await chatter();
    const stranger = await userWithPermissions(server, admin, 1, ['Pages.Wastecode']);
    const token = stranger.token;
    expectError(await server.call('POST', C('Create'), { token, body: { toUserId: b.id, content: 'hi' } }), 403, true);
    expectError(await server.call('GET', C('GetChatLogAllByUserid'), { token, query: { userid: b.id } }), 403, true);
    expectError(await server.call('GET', C('getReadNumByToUserid'), { token }), 403, true);
    expectError(await server.call('PUT', C('UpdateSatus'), { token, body: { fromUserId: b.id } }), 403, true);
    expectError(await server.call('GET', svc('MsgInfo', 'GetMsgListByAdminid'), { token }), 403, true);
    expectError(await server.call('GET', svc('User', 'GetAllList'), { token }), 403, true);
    expectError(await uploadChatFile(token, 'a.png', PNG, 'image/png'), 403, true);
    expectError(await server.call('POST', C('Create'), { body: { toUserId: b.id, content: 'hi' } }), 401, true);
  });
});

describe('image and file messages', () => {
  it('sends an uploaded image and a file; only the two parties can download them', async () => {
    const [a, b, c] = await Promise.all([chatter(), chatter(), chatter()]);
    const atB = await listen(b.token);
    const image = expectSuccess(await uploadChatFile(a.token, '现场照片.png', PNG, 'image/png'));
    expect(image).toMatchObject({ id: expect.any(Number), name: '现场照片.png', contentType: 'image/png' });
    const pdf = expectSuccess(await uploadChatFile(a.token, '转移计划.pdf', contractPdf(), 'application/pdf'));

    const sentImage = expectSuccess(await send(a, { toUserId: b.id, messageType: 1, fileId: image.id, content: '' }));
    expect(sentImage).toMatchObject({ messageType: 1, fileId: image.id, fileName: '现场照片.png', content: '' });
    const sentFile = expectSuccess(await send(a, { toUserId: b.id, messageType: 2, fileId: pdf.id, content: '请查收' }));
    expect(sentFile).toMatchObject({ messageType: 2, fileId: pdf.id, fileName: '转移计划.pdf', content: '请查收' });
    await waitFor('both pushes', () => atB.events().length === 2);
    expect(atB.events().map((e) => (e.payload as ChatMessagePayload).fileName)).toEqual(['现场照片.png', '转移计划.pdf']);

    const download = (id: number, token: string) => fetch(new URL(`/api/files/${id}`, server.baseUrl), { headers: { authorization: `Bearer ${token}` } });
    for (const token of [a.token, b.token]) {
      const response = await download(image.id, token);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
    }
    // Another chat user of the tenant holds the permission but not the conversation.
    expect((await download(image.id, c.token)).status).toBe(404);
    expect((await download(pdf.id, admin)).status).toBe(404);

    // Name, size and type follow the same rule as the bytes.
    const filesOf = async (token: string) =>
      expectSuccess<{ id: number; name: string }[]>(await server.call('GET', `${svc('File', 'GetFiles')}?ids=${image.id}&ids=${pdf.id}`, { token }));
    for (const token of [a.token, b.token]) expect((await filesOf(token)).map((f) => f.name)).toEqual(['现场照片.png', '转移计划.pdf']);
    expect(await filesOf(c.token)).toEqual([]);
    expect(await filesOf(admin)).toEqual([]);
  });

  it('refuses a PDF as an image, another user\'s upload and a file of another owner', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const pdf = expectSuccess(await uploadChatFile(a.token, 'plan.pdf', contractPdf(), 'application/pdf'));
    const bImage = expectSuccess(await uploadChatFile(b.token, 'b.png', PNG, 'image/png'));
    const rows = await chatRows();
    expectValidationError(await send(a, { toUserId: b.id, messageType: 1, fileId: pdf.id }), 'fileId');
    expectValidationError(await send(a, { toUserId: b.id, messageType: 2, fileId: bImage.id }), 'fileId');
    expectValidationError(await send(a, { toUserId: b.id, messageType: 2, fileId: 99_999_999 }), 'fileId');
    const form = new FormData();
    form.append('file', new Blob([Uint8Array.from(PNG)], { type: 'image/png' }), 'seal.png');
    const contract = await fetch(new URL(svc('Contract', 'UploadFile'), server.baseUrl), { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    const contractFile = ((await contract.json()) as { result: { id: number } }).result;
    expectValidationError(await server.call('POST', C('Create'), { token: admin, body: { toUserId: b.id, messageType: 1, fileId: contractFile.id } }), 'fileId');
    expect(await chatRows()).toBe(rows);
  });
});

describe('tenants', () => {
  it('never pushes a message to a user of another tenant, not even one with the same permissions', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const elsewhere = await listen(otherTenant.token);
    const atB = await listen(b.token);
    const sent = await sendText(a, b, 'tenant 1 only');
    const notice = expectSuccess(await server.call('POST', svc('MsgInfo', 'Create'), { token: admin, body: { title: '停电通知', content: '明天停电' } }));
    await waitFor('B hears both', () => atB.events().length === 2);
    await quiet();
    expect(elsewhere.batches).toEqual([]);
    expect(expectSuccess(await server.call<{ items: { id: number }[] }>('GET', C('GetAll'), { token: otherTenant.token })).items.map((m) => m.id)).not.toContain(sent.id);
    const theirNotices = expectSuccess(await server.call<{ items: MsgInfoDto[] }>('GET', svc('MsgInfo', 'GetMsgListByAdminid'), { token: otherTenant.token }));
    expect(theirNotices.items.map((n) => n.id)).not.toContain(notice.id);
  });
});

describe('offline delivery', () => {
  it('keeps messages for a user with no connection and pushes them, under their seq, when the user connects', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    const first = await sendText(a, b, 'while you were away');
    const second = await sendText(a, b, 'and this too');
    const stored = await server.db.query<{ delivered_time: string | null }>('select delivered_time from chat_log where id = any($1::bigint[])', [[first.id, second.id]]);
    expect(stored.map((r) => r.delivered_time)).toEqual([null, null]);

    const atB = await listen(b.token);
    // The live push of a message leaves up to one coalescing window after its commit; when B connects within it, B
    // hears the messages twice, under the same seqs, in either order, and the client keeps each seq once and shows
    // messages by id. What counts is what remains, in seq order.
    const distinct = () => [...new Map(atB.events().map((e) => [e.seq, e])).values()].sort((x, y) => x.seq - y.seq);
    await waitFor('the waiting messages', () => distinct().length === 2);
    await quiet();
    expect(distinct().map((e) => [e.seq, e.type, (e.payload as ChatMessagePayload).id, (e.payload as ChatMessagePayload).content]))
      .toEqual([[first.seq, 'chat.message', first.id, 'while you were away'], [second.seq, 'chat.message', second.id, 'and this too']]);
    await waitFor('marked delivered', async () => (await server.db.query(
      'select 1 from chat_log where id = any($1::bigint[]) and delivered_time is null', [[first.id, second.id]])).length === 0);

    // Delivered once: the next connection gets nothing again.
    await atB.connection.stop();
    const again = await listen(b.token);
    await quiet(300);
    expect(again.batches).toEqual([]);
    // Still unread until B reads them.
    expect((await unread(b.token)).total).toBe(2);
  });
});

describe('notices', () => {
  it('publishes an administrator\'s notice to every chat user of the tenant and lists it newest first', async () => {
    const b = await chatter();
    const atB = await listen(b.token);
    const older = expectSuccess(await server.call<MsgInfoDto>('POST', svc('MsgInfo', 'Create'), { token: admin, body: { title: '通知一', content: '内容一' } }));
    const newer = expectSuccess(await server.call<MsgInfoDto>('POST', svc('MsgInfo', 'Create'), { token: admin, body: { title: '  通知二 ', content: '内容二' } }));
    expect(newer).toEqual({ id: expect.any(Number), title: '通知二', content: '内容二', adminId, adminName: 'admin', creationTime: expect.any(String) });
    await waitFor('both notices at B', () => atB.events().length === 2);
    const [event] = atB.events() as LiveEvent<ChatNoticePayload>[];
    expect(event).toMatchObject({ type: 'chat.notice', enterpriseIds: null, payload: older });

    const page = expectSuccess(await server.call<{ totalCount: number; items: MsgInfoDto[] }>('GET', svc('MsgInfo', 'GetMsgListByAdminid'), {
      token: b.token, query: { adminid: adminId, skipCount: 0, maxResultCount: 1 },
    }));
    expect(page.items).toEqual([newer]);
    expect(page.totalCount).toBeGreaterThanOrEqual(2);
    const next = expectSuccess(await server.call<{ items: MsgInfoDto[] }>('GET', svc('MsgInfo', 'GetMsgListByAdminid'), {
      token: b.token, query: { adminid: adminId, skipCount: 1, maxResultCount: 1 },
    }));
    expect(next.items).toEqual([older]);
    const byOther = expectSuccess(await server.call<{ totalCount: number }>('GET', svc('MsgInfo', 'GetMsgListByAdminid'), { token: b.token, query: { adminid: b.id } }));
    expect(byOther.totalCount).toBe(0);
  });

  it('lets only holders of Pages.Users publish, and refuses an empty title or content', async () => {
    const b = await chatter();
    expectError(await server.call('POST', svc('MsgInfo', 'Create'), { token: b.token, body: { title: 't', content: 'c' } }), 403, true);
    const error = expectValidationError(await server.call('POST', svc('MsgInfo', 'Create'), { token: admin, body: { title: ' ', content: '' } }), 'title');
    expect(error.validationErrors!.flatMap((e) => e.members)).toEqual(['title', 'content']);
  });
});

describe('who is online', () => {
  const listed = async (token: string) => expectSuccess(await server.call<ChatUserDto[]>('GET', svc('User', 'GetAllList'), { token }));
  const onlineOf = async (token: string, id: number) => (await listed(token)).find((u) => u.id === id)?.online;

  it('shows a user online while connected, on this instance or (through hub_presence) on another', async () => {
    const [a, b] = await Promise.all([chatter(), chatter()]);
    expect(await onlineOf(a.token, b.id)).toBe(false);
    const atB = await listen(b.token);
    expect(await onlineOf(a.token, b.id)).toBe(true);
    expect(await listed(a.token)).toContainEqual({ id: b.id, userName: b.userName, name: 'Test', surname: 'User', online: true });
    await waitFor('B\'s presence row', async () => (await server.db.query('select 1 from hub_presence where user_id = $1', [b.id])).length === 1);
    await atB.connection.stop();
    await waitFor('B offline', async () => (await onlineOf(a.token, b.id)) === false);
    expect(await server.db.query('select 1 from hub_presence where user_id = $1', [b.id])).toEqual([]);

    // Another instance's connection of B, refreshed just now: online; not refreshed for two minutes: gone.
    await server.db.query(`insert into hub_presence (instance_id, connection_id, tenant_id, user_id, seen_at) values ('other-instance', 'c1', 1, $1, now())`, [b.id]);
    expect(await onlineOf(a.token, b.id)).toBe(true);
    // A message to B now counts as delivered: B is connected somewhere.
    const sent = await sendText(a, b, 'to the other instance');
    expect((await server.db.query<{ delivered_time: string | null }>('select delivered_time from chat_log where id = $1', [sent.id]))[0].delivered_time).not.toBeNull();
    await server.db.query(`update hub_presence set seen_at = now() - interval '120 seconds' where instance_id = 'other-instance'`);
    expect(await onlineOf(a.token, b.id)).toBe(false);
    // Another tenant's presence does not make anyone of this tenant online.
    await server.db.query(`update hub_presence set seen_at = now(), tenant_id = $1 where instance_id = 'other-instance'`, [otherTenant.id]);
    expect(await onlineOf(a.token, b.id)).toBe(false);
    await server.db.query(`delete from hub_presence where instance_id = 'other-instance'`);
  });

  it('lists the tenant\'s active users only, for chat users and user administrators', async () => {
    const [a, inactive] = await Promise.all([chatter(), createUser(server, admin, 1, { isActive: false })]);
    const ids = (await listed(a.token)).map((u) => u.id);
    expect(ids).toContain(adminId);
    expect(ids).not.toContain(inactive.id);
    expect(ids).not.toContain(otherTenant.adminId);
    expect((await listed(otherTenant.token)).map((u) => u.id)).toEqual([otherTenant.adminId]);
    const usersOnly = await userWithPermissions(server, admin, 1, ['Pages.Users']);
    expect((await listed(usersOnly.token)).map((u) => u.id)).toContain(a.id);
  });
});
