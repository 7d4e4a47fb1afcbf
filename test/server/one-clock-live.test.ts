// One clock for the live parts: readings stamped by devices, the warnings and weights they make, the event log (its
// frames, catch-up and replay), the big-data screen's figures, chat and notices. Every time is tried just before and
// just after a China midnight (23:59:30 and 00:00:30, 15:59:30Z and 16:00:30Z) with the server's clock put there, so
// a day or hour taken in UTC, in the database session's zone (far from China here) or in the Node process's zone
// (Los Angeles) shows.
import { HubConnectionBuilder, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { BigDataOverview, ReplayPage } from '../../src/shared/bigdata';
import type { ChatHistoryPage, ChatMessageDto, MsgInfoDto } from '../../src/shared/chat';
import {
  CHAT_TARGET, type ChatMessagePayload, type ChatNoticePayload, type ChatReadPayload, type LiveEvent, type LiveStream,
  type ReadingPayload, type StorageWeightPayload, type WarningPayload,
} from '../../src/shared/live/events';
import type { OpenWarningDto, SeqItems, StoragePointDetailDto, StoragePointDto } from '../../src/shared/monitoring';
import { notifyUser } from '../../src/server/modules/notifications/notifications';
import { recordLive, subscribe } from '../support/live-client';
import {
  boundDevice, monitoringWorld, nowReadings, sendOk, type Device, type MonitoringWorld,
} from '../support/monitoring-world';
import { recyclingWorld } from '../support/recycling-world';
import {
  CHINA_INSTANT, createTenant, expectSuccess, expectValidationError, ok, userWithPermissions, type Dto,
} from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, unique, useTestServer } from '../support/server-harness';
import { waitFor } from '../support/wait';

const server = useTestServer({ env: { SWEEP_INTERVAL_MS: '0' } });

/** Half a minute before and after midnight in China, and the server's clock five minutes into the new day. */
const BEFORE = '2026-11-27T23:59:30+08:00';
const AFTER = '2026-11-28T00:00:30+08:00';
const NEW_DAY = '2026-11-28T00:05:00+08:00';
const LAST_MINUTE = '2026-11-27T23:59:45+08:00';
const BATTERY = 1;

afterEach(() => server.clock.reset());

const head = async (token: string) => ok<{ head: number }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token }), 'head').head;
async function eventsAfter(token: string, after: number): Promise<LiveEvent[]> {
  return ok<{ items: LiveEvent[] }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token, query: { after, maxResultCount: 1000 } }), 'events').items;
}
async function pointOf(token: string, deviceId: number): Promise<StoragePointDto> {
  const all = expectSuccess<SeqItems<StoragePointDto>>(await server.call('GET', svc('Hazardouswastestorage', 'GetHazardouswastestoragefinaldata'), { token }));
  const point = all.items.find((p) => p.smartequipmentId === deviceId);
  if (!point) throw new Error(`no storage point for device ${deviceId}`);
  return point;
}
const overview = async (token: string) => expectSuccess<BigDataOverview>(await server.call('GET', svc('BigData', 'GetOverview'), { token }));
/** A reading at `at` as the device sends it. */
const readingAt = (at: string, values: Record<string, number> = {}) => ({ readings: [{ at, ...values }] });

/** A tenant of the test's own, its administrator's token, and its key in the event log. */
async function ownTenant(): Promise<{ id: number; admin: string }> {
  const tenant = await createTenant(server);
  return { id: tenant.id, admin: await server.login(tenant.id, 'admin', DEFAULT_PASSWORD) };
}

describe('readings: the instant the device stamped', () => {
  let admin: string;
  let world: MonitoringWorld;
  beforeAll(async () => {
    admin = await server.token(1, 'admin');
    world = await monitoringWorld(server, admin, { capacity: 200 });
  });

  it('stores and answers a reading sent at 2026-11-18T07:00:00+08:00 as that instant, and knows it again written in UTC', async () => {
    server.clock.travelTo('2026-11-18T07:05:00+08:00');
    const dev = await boundDevice(server, admin, world);
    const start = await head(admin);
    const first = await sendOk(server, dev.deviceKey, readingAt('2026-11-18T07:00:00+08:00', { weight: 12 }));
    const stored = await server.db.query<{ read_at: string }>('select read_at from telemetry_reading where smartequipment_id = $1', [dev.id]);
    expect(stored).toEqual([{ read_at: '2026-11-17T23:00:00.000Z' }]);
    expect(await pointOf(admin, dev.id)).toMatchObject({
      lastReadAt: '2026-11-18T07:00:00+08:00', lastChangeTime: '2026-11-18T07:00:00+08:00', lastAddedTime: '2026-11-18T07:00:00+08:00',
    });
    const mine = (await eventsAfter(admin, start)).filter((e) => (e.payload as { deviceId?: number }).deviceId === dev.id);
    expect((mine.find((e) => e.type === 'reading')!.payload as ReadingPayload).readAt).toBe('2026-11-18T07:00:00+08:00');
    expect((mine.find((e) => e.type === 'storage.weight')!.payload as StorageWeightPayload).lastChangeTime).toBe('2026-11-18T07:00:00+08:00');

    // The same instant written in UTC with milliseconds: the batch is known, nothing is stored, the answer is the same.
    expect(await sendOk(server, dev.deviceKey, readingAt('2026-11-17T23:00:00.000Z', { weight: 12 }))).toEqual(first);
    expect(await server.db.query('select 1 from telemetry_reading where smartequipment_id = $1', [dev.id])).toHaveLength(1);
  });

  it('takes a time up to 10 minutes ahead of the server\'s clock and up to 7 days old; beyond, a 400 naming readings[i].at and the limit', async () => {
    server.clock.travelTo(NEW_DAY);
    const dev = await boundDevice(server, admin, world);
    const post = (body: unknown) => server.call('POST', '/api/device/readings', { body, headers: { 'X-Device-Key': dev.deviceKey, 'Accept-Language': 'en' } });
    // 6 days 23 h 59 min old, and 9 minutes ahead: both within the window.
    expect(await sendOk(server, dev.deviceKey, { readings: [{ at: '2026-11-21T00:06:00+08:00', weight: 1 }, { at: '2026-11-28T00:14:00+08:00', weight: 2 }] }))
      .toMatchObject({ accepted: 2 });

    const ahead = expectValidationError(await post({ readings: [{ at: '2026-11-28T00:04:00+08:00' }, { at: '2026-11-28T00:16:00+08:00' }] }), 'readings[1].at');
    expect(ahead.validationErrors!.map((e) => e.message)).toEqual([expect.stringMatching(/^readings\[1\]\.at is more than 10 minutes ahead/)]);
    const old = expectValidationError(await post({ readings: [{ at: '2026-11-21T00:04:00+08:00' }] }), 'readings[0].at');
    expect(old.validationErrors!.map((e) => e.message)).toEqual([expect.stringMatching(/^readings\[0\]\.at is more than 7 days old/)]);
    expect(await server.db.query('select 1 from telemetry_reading where smartequipment_id = $1', [dev.id])).toHaveLength(2);
  });

  it('shows a storage point\'s last 24 hours of the server\'s clock in 5-minute buckets of the tenant\'s wall clock', async () => {
    server.clock.travelTo(NEW_DAY);
    const dev = await boundDevice(server, admin, world);
    await sendOk(server, dev.deviceKey, {
      readings: [
        // 24 h 1 min before the clock: left out; 23 h 59 min before: in.
        { at: '2026-11-27T00:04:00+08:00', weight: 1 }, { at: '2026-11-27T00:06:00+08:00', weight: 2 },
        { at: BEFORE, weight: 5 }, { at: '2026-11-27T23:59:50+08:00', weight: 6 }, { at: AFTER, weight: 7 }, { at: '2026-11-28T00:04:00+08:00', weight: 9 },
      ],
    });
    const point = await pointOf(admin, dev.id);
    const detail = expectSuccess<StoragePointDetailDto>(await server.call('GET', svc('Hazardouswastestorage', 'GetGetHazardouswastestoragefinaldataById'), {
      token: admin, query: { Id: point.id },
    }));
    expect(detail.series).toEqual([
      { at: '2026-11-27T00:05:00+08:00', weight: 2, max: 2, min: 2, count: 1 },
      { at: '2026-11-27T23:55:00+08:00', weight: 6, max: 6, min: 5, count: 2 },
      { at: '2026-11-28T00:00:00+08:00', weight: 9, max: 9, min: 7, count: 2 },
    ]);
  });
});

describe('the big-data screen around a China midnight', () => {
  let tenant: { id: number; admin: string };
  let world: MonitoringWorld;
  let early: Device;
  let late: Device;
  /** The battery warnings of a day of the 7-day chart. */
  const batteryOn = (o: BigDataOverview, day: string) =>
    o.warningsByDay.find((d) => d.day === day)?.counts.find((c) => c.warningType === BATTERY)?.count;

  beforeAll(async () => {
    tenant = await ownTenant();
    world = await monitoringWorld(server, tenant.admin, { batteryMin: 20 });
    early = await boundDevice(server, tenant.admin, world);
    late = await boundDevice(server, tenant.admin, world);
    server.clock.travelTo(NEW_DAY);
    await sendOk(server, early.deviceKey, readingAt(BEFORE, { battery: 10, weight: 5 }));
    await sendOk(server, late.deviceKey, readingAt(AFTER, { battery: 10, weight: 5 }));
    server.clock.reset();
  });

  it('at 00:05 puts the warning of 23:59:30 on yesterday\'s bar and only the one of 00:00:30 on today\'s; hours and asOf on the same clock', async () => {
    server.clock.travelTo(NEW_DAY);
    const o = await overview(tenant.admin);
    expect(o.asOf).toMatch(/^2026-11-28T00:0[56]:\d{2}(\.\d{1,3})?\+08:00$/);
    expect(o.warningsByDay.map((d) => d.day)).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28']);
    expect([batteryOn(o, '2026-11-27'), batteryOn(o, '2026-11-28')]).toEqual([1, 1]);
    expect(o.openWarnings.find((w) => w.warningType === BATTERY)!.count).toBe(2);
    // The hours of the tenant's wall clock: one device reported in the last hour of the 27th, one in the first of the 28th.
    expect(o.onlineByHour.map((h) => h.hour)[0]).toBe('2026-11-27T01:00:00+08:00');
    expect(o.onlineByHour.slice(22)).toEqual([{ hour: '2026-11-27T23:00:00+08:00', ratio: 0.5 }, { hour: '2026-11-28T00:00:00+08:00', ratio: 0.5 }]);
    // One clock in one answer: the ticker's times carry the same offset as asOf.
    expect(o.recent.length).toBeGreaterThan(0);
    for (const { event } of o.recent) expect(event.at).toMatch(CHINA_INSTANT);
    const raised = o.recent.map((l) => l.event).filter((e) => e.type === 'warning.raised').map((e) => (e.payload as WarningPayload).raisedAt);
    expect(raised.sort()).toEqual([BEFORE, AFTER]);
  });

  it('at 23:59:45 counts the warning of 23:59:30 as today\'s and the one of 00:00:30 not yet', async () => {
    server.clock.travelTo(LAST_MINUTE);
    const o = await overview(tenant.admin);
    expect(o.asOf).toMatch(/^2026-11-27T23:59:\d{2}(\.\d{1,3})?\+08:00$/);
    expect(o.warningsByDay.map((d) => d.day)).toEqual(['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27']);
    expect(o.warningsByDay.map((d) => batteryOn(o, d.day))).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(o.onlineByHour[23]).toEqual({ hour: '2026-11-27T23:00:00+08:00', ratio: 0.5 });
  });

  it('a warning seen again keeps the instant it was raised at, on the tenant\'s clock, in its event and in the console', async () => {
    server.clock.travelTo(NEW_DAY);
    const start = await head(tenant.admin);
    await sendOk(server, early.deviceKey, readingAt('2026-11-28T00:01:00+08:00', { battery: 5 }));
    const updated = (await eventsAfter(tenant.admin, start)).filter((e) => e.type === 'warning.updated');
    expect(updated.map((e) => e.payload)).toEqual([expect.objectContaining({
      smartequipmentId: early.id, raisedAt: BEFORE, lastSeenAt: '2026-11-28T00:01:00+08:00', occurrences: 2,
    })]);
    const open = expectSuccess<SeqItems<OpenWarningDto>>(await server.call('GET', svc('EquipmentWarning', 'GetOpenWarnings'), { token: tenant.admin }));
    expect(open.items.map((w) => [w.smartequipmentId, w.raisedAt, w.lastSeenAt]).sort()).toEqual([
      [early.id, BEFORE, '2026-11-28T00:01:00+08:00'], [late.id, AFTER, AFTER],
    ].sort());
  });

  it('counts the recycling panel\'s kilograms and points of one tenant day: the drop-off of 00:00:30 today, the one of 23:59:30 yesterday', async () => {
    const scheme = recyclingWorld(server, () => tenant.admin);
    const where = await scheme.place();
    const card = scheme.cardNo();
    await scheme.household(where, { cardNo: card });
    await scheme.create('IntegralRule', { name: unique('塑料'), rubbishType2: 12, mode: 1, points: 5, validFrom: '2026-01-01' });
    const station = await scheme.create('RecyclingStation', { name: '一号回收站', serialNumber: unique('ST').replace(/\W/g, '').slice(0, 20), ...where });
    server.clock.travelTo(NEW_DAY);
    const posted = expectSuccess<{ results: Dto[] }>(await server.call('POST', '/api/device/dropoffs', {
      headers: { 'X-Device-Key': String(station.deviceKey) },
      body: { dropOffs: [
        { messageId: unique('m'), cardNo: card, rubbishType2: 12, weight: 2, at: BEFORE },
        { messageId: unique('m'), cardNo: card, rubbishType2: 12, weight: 3, at: AFTER },
      ] },
    }));
    expect(posted.results.map((r) => [r.status, r.points])).toEqual([['posted', 10], ['posted', 15]]);
    // As a station that posts as it weighs: each award at the instant of its drop-off (the ledger is append-only, so
    // its guard is set aside for this one rewrite of the test's own rows).
    await server.db.transaction(async (tx) => {
      await tx.query('set local session_replication_role = replica');
      await tx.query(`update points_postings p set creation_time = r.record_time from recycling_record r
        where r.id = p.record_id and p.tenant_id = $1`, [tenant.id]);
    });
    const kg = (o: BigDataOverview) => o.recycling.kgToday.reduce((sum, k) => sum + k.kg, 0);

    const newDay = await overview(tenant.admin);
    expect([kg(newDay), newDay.recycling.pointsToday.issued]).toEqual([3, 15]);
    server.clock.travelTo(LAST_MINUTE);
    const lastMinute = await overview(tenant.admin);
    expect([kg(lastMinute), lastMinute.recycling.pointsToday.issued]).toEqual([2, 10]);
  });

  it('follows the tenant\'s own zone: on UTC both warnings are of the 27th, and the hours are UTC\'s', async () => {
    const settings = (timezone: string) => server.call('PUT', svc('TenantSettings', 'UpdateAllSettings'), { token: tenant.admin, body: { general: { timezone } } });
    expectSuccess(await settings('UTC'));
    try {
      server.clock.travelTo(NEW_DAY);
      const o = await overview(tenant.admin);
      expect(o.asOf).toMatch(/^2026-11-27T16:0[56]:\d{2}(\.\d{1,3})?\+00:00$/);
      expect(o.warningsByDay.map((d) => d.day).slice(-1)).toEqual(['2026-11-27']);
      expect(batteryOn(o, '2026-11-27')).toBe(2);
      // 15:59:30Z one device; 16:00:30Z the other, and the first again at 16:01Z.
      expect(o.onlineByHour.slice(22)).toEqual([{ hour: '2026-11-27T15:00:00+00:00', ratio: 0.5 }, { hour: '2026-11-27T16:00:00+00:00', ratio: 1 }]);
    } finally {
      expectSuccess(await settings('Asia/Shanghai'));
    }
  });
});

describe('the event log on the tenant\'s clock', () => {
  let tenant: { id: number; admin: string };
  let world: MonitoringWorld;
  const connections: HubConnection[] = [];
  beforeAll(async () => {
    tenant = await ownTenant();
    world = await monitoringWorld(server, tenant.admin, { batteryMin: 20 });
  });
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
  });

  it('frames and catch-up carry `at` and every payload time with +08:00, the instants the device stamped', async () => {
    const dev = await boundDevice(server, tenant.admin, world);
    const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => tenant.admin })
      .configureLogging(LogLevel.None).build();
    connections.push(connection);
    const { events: pushed } = recordLive(connection);
    await connection.start();
    await subscribe(connection, ['readings', 'storage', 'warnings', 'devices'] satisfies LiveStream[]);
    server.clock.travelTo(NEW_DAY);
    const start = await head(tenant.admin);
    await sendOk(server, dev.deviceKey, readingAt(BEFORE, { battery: 10, weight: 4 }));
    const { lastSeq } = await sendOk(server, dev.deviceKey, readingAt(AFTER, { battery: 5, weight: 6 }));
    await waitFor('the frames of both batches', () => pushed.some((e) => e.seq === lastSeq));

    const caughtUp = await eventsAfter(tenant.admin, start);
    for (const e of caughtUp) expect(e.at).toMatch(CHINA_INSTANT);
    const warnings = caughtUp.filter((e) => e.type.startsWith('warning.')).map((e) => e.payload as WarningPayload);
    expect(warnings.map((w) => [w.raisedAt, w.lastSeenAt])).toEqual([[BEFORE, BEFORE], [BEFORE, AFTER]]);
    const weights = caughtUp.filter((e) => e.type === 'storage.weight').map((e) => (e.payload as StorageWeightPayload).lastChangeTime);
    expect(weights).toEqual([BEFORE, AFTER]);
    expect(caughtUp.filter((e) => e.type === 'reading').map((e) => (e.payload as ReadingPayload).readAt)).toEqual([BEFORE, AFTER]);
    // The push says what the catch-up says, event for event (a frame keeps only the latest state of what it carries).
    const bySeq = new Map(caughtUp.map((e) => [e.seq, e]));
    const mine = pushed.filter((p) => p.seq > start);
    expect(mine.map((e) => e.type)).toEqual(expect.arrayContaining(['reading', 'storage.weight', 'warning.updated']));
    for (const e of mine) expect(e).toEqual(bySeq.get(e.seq));
  });

  it('replays the window of minutes before the server\'s clock: at 00:05, 5 minutes reach 00:00:30 and not 23:59:30, 6 minutes both', async () => {
    const dev = await boundDevice(server, tenant.admin, world);
    const before = await head(tenant.admin);
    const { lastSeq: first } = await sendOk(server, dev.deviceKey, nowReadings({ weight: 10 }));
    const { lastSeq: second } = await sendOk(server, dev.deviceKey, nowReadings({ weight: 20 }));
    // The log as if the first batch came at 23:59:30 and the second at 00:00:30; everything before, days earlier.
    const stamp = (at: string, from: number, to: number) => server.db.query(
      'update live_events set created_at = $2::timestamptz where tenant_key = $1 and seq > $3 and seq <= $4', [tenant.id, at, from, to]);
    await stamp('2026-11-20T00:00:00+08:00', 0, before);
    await stamp(BEFORE, before, first);
    await stamp(AFTER, first, second);
    server.clock.travelTo(NEW_DAY);
    const replay = async (minutes: number) => expectSuccess<ReplayPage>(await server.call('GET', svc('BigData', 'GetReplay'), {
      token: tenant.admin, query: { Minutes: minutes, UpTo: second },
    }));
    const five = await replay(5);
    expect(five.now).toMatch(/^2026-11-28T00:0[56]:\d{2}(\.\d{1,3})?\+08:00$/);
    expect(five.items.map((e) => [e.type, e.at, (e.payload as StorageWeightPayload).currentWeight]))
      .toEqual([['storage.weight', AFTER, 20]]);
    const six = await replay(6);
    expect(six.items.map((e) => [e.type, e.at])).toEqual([
      ['storage.weight', BEFORE], ['device.state', BEFORE], ['storage.weight', AFTER],
    ]);
  });
});

describe('chat and notices on the tenant\'s clock', () => {
  let admin: string;
  const connections: HubConnection[] = [];
  afterAll(async () => {
    await Promise.all(connections.map((c) => c.stop()));
  });
  beforeAll(async () => {
    admin = await server.token(1, 'admin');
  });
  const chatter = () => userWithPermissions(server, admin, 1, ['Pages.ChatLog']);

  it('stamps a message with the real now, written with +08:00; a recipient who was away gets it on connecting with +08:00 too', async () => {
    const [from, to] = [await chatter(), await chatter()];
    const sent = expectSuccess<ChatMessageDto>(await server.call('POST', svc('ChatLog', 'Create'), {
      token: from.token, body: { toUserId: to.id, content: '下班前请确认', messageType: 0 },
    }));
    expect(sent.creationTime).toMatch(CHINA_INSTANT);
    expect(Math.abs(Date.parse(sent.creationTime) - Date.now())).toBeLessThan(10_000);

    const connection = new HubConnectionBuilder().withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => to.token })
      .configureLogging(LogLevel.None).build();
    connections.push(connection);
    const waiting: LiveEvent<ChatMessagePayload>[] = [];
    connection.on(CHAT_TARGET, (batch: LiveEvent<ChatMessagePayload>[]) => waiting.push(...batch));
    await connection.start();
    await waitFor('the waiting message', () => waiting.length > 0);
    expect(waiting).toEqual([expect.objectContaining({ seq: sent.seq, at: sent.creationTime, payload: expect.objectContaining({ id: sent.id, creationTime: sent.creationTime }) })]);

    const read = expectSuccess<{ readTime: string }>(await server.call('PUT', svc('ChatLog', 'UpdateSatus'), { token: to.token, body: { fromUserId: from.id } }));
    expect(read.readTime).toMatch(CHINA_INSTANT);
    const [event] = (await eventsAfter(to.token, sent.seq ?? 0)).filter((e) => e.type === 'chat.read');
    expect((event.payload as ChatReadPayload).readTime).toBe(read.readTime);
  });

  it('writes messages of 23:59:30 and 00:00:30 in China as of the 27th and the 28th', async () => {
    const [from, to] = [await chatter(), await chatter()];
    const send = async (content: string) => expectSuccess<ChatMessageDto>(await server.call('POST', svc('ChatLog', 'Create'), {
      token: from.token, body: { toUserId: to.id, content, messageType: 0 },
    }));
    const [a, b] = [await send('晚安'), await send('早')];
    await server.db.query('update chat_log set creation_time = $2::timestamptz where id = $1', [a.id, BEFORE]);
    await server.db.query('update chat_log set creation_time = $2::timestamptz where id = $1', [b.id, AFTER]);
    const page = expectSuccess<ChatHistoryPage>(await server.call('GET', svc('ChatLog', 'GetChatLogAllByUserid'), { token: to.token, query: { userid: from.id } }));
    expect(page.items.map((m) => [m.content, m.creationTime])).toEqual([['晚安', BEFORE], ['早', AFTER]]);
  });

  it('writes notices and notifications of 23:59:30 and 00:00:30 in China as such, newest first, and pushes them with +08:00', async () => {
    const user = await chatter();
    const start = await head(user.token);
    const notice = expectSuccess<MsgInfoDto>(await server.call('POST', svc('MsgInfo', 'Create'), { token: admin, body: { title: '停电通知', content: '今晚检修' } }));
    expect(notice.creationTime).toMatch(CHINA_INSTANT);
    const [pushed] = (await eventsAfter(user.token, start)).filter((e) => e.type === 'chat.notice');
    expect((pushed.payload as ChatNoticePayload).creationTime).toBe(notice.creationTime);
    expect(pushed.at).toMatch(CHINA_INSTANT);

    const late = await notifyUser(server.db, null, 1, user.id, { type: 0, title: 'late', description: '' });
    const early = await notifyUser(server.db, null, 1, user.id, { type: 0, title: 'early', description: '' });
    await server.db.query('update notifications set creation_time = $2::timestamptz where id = $1', [early.id, BEFORE]);
    await server.db.query('update notifications set creation_time = $2::timestamptz where id = $1', [late.id, AFTER]);
    const listed = expectSuccess<{ items: { title: string; creationTime: string }[] }>(
      await server.call('GET', svc('Notification', 'GetUserNotifications'), { token: user.token }));
    expect(listed.items.map((n) => [n.title, n.creationTime])).toEqual([['late', AFTER], ['early', BEFORE]]);

    await server.db.query('update msg_info set creation_time = $2::timestamptz where id = $1', [notice.id, BEFORE]);
    const notices = expectSuccess<{ items: MsgInfoDto[] }>(await server.call('GET', svc('MsgInfo', 'GetMsgListByAdminid'), { token: user.token }));
    expect(notices.items.find((n) => n.id === notice.id)!.creationTime).toBe(BEFORE);
  });
});
