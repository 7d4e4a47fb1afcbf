// The client's live store against the real server: its hub saga and event log run here in Node over a real
// @microsoft/signalr connection while a device keeps reporting. The server drops every socket mid-stream; the saga
// reconnects 5 s later and catches up. Afterwards the log must cover every event of the run (each held once, in order,
// or superseded in its frame by a later one of the same point or device), and `liveEventsApplied` must have announced
// each it holds once.
import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import { configureStore, type Middleware } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { http } from '../../src/client/api/http';
import { eventLogReducer, type EventLogState } from '../../src/client/realtime/eventLog';
import { liveEventsApplied } from '../../src/client/realtime/liveActions';
import { liveStreamsOpened, liveStreamsReducer } from '../../src/client/realtime/liveStreams';
import { appSlice } from '../../src/client/session/appSlice';
import { DEFAULT_CONFIG } from '../../src/client/session/config';
import type { HubConnectionFactory } from '../../src/client/realtime/connection';
import { hubLoop } from '../../src/client/realtime/hubSaga';
import { conflationKey } from '../../src/server/realtime/feed/conflation';
import type { EventsAfterResult, LiveEvent } from '../../src/shared/live/events';
import { svc, useTestServer } from '../support/server-harness';
import { boundDevice, monitoringWorld, sendOk } from '../support/monitoring-world';
import { expectSuccess } from '../support/server-fixtures';
import { waitFor } from '../support/wait';

const server = useTestServer();
let admin: string;

beforeAll(async () => {
  admin = await server.token(1, 'admin');
});

test('dropped mid-stream, the client catches up: nothing missed, nothing applied twice', async () => {
  const world = await monitoringWorld(server, admin);
  const device = await boundDevice(server, admin, world);

  // The client's own modules, pointed at the test server as the browser would be after login.
  http.defaults.baseURL = server.baseUrl;
  http.defaults.headers.common.Authorization = `Bearer ${admin}`;
  http.defaults.headers.common['Abp.TenantId'] = '1';
  const applied: number[] = [];
  const recordApplied: Middleware = () => (next) => (action) => {
    if (liveEventsApplied.match(action)) applied.push(...action.payload.map((e: LiveEvent) => e.seq));
    return next(action);
  };
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { eventLog: eventLogReducer, liveStreams: liveStreamsReducer, app: appSlice.reducer },
    middleware: (defaults) => defaults({ serializableCheck: false, immutableCheck: false }).concat(recordApplied, sagas),
  });
  // When each connection was asked for, and how many events the log held then: what arrived before the reconnect.
  const connections: number[] = [];
  const heldAtConnect: number[] = [];
  const factory: HubConnectionFactory = () => {
    connections.push(Date.now());
    heldAtConnect.push((store.getState().eventLog as EventLogState).events.length);
    return new HubConnectionBuilder()
      .withUrl(`${server.baseUrl}/chatmsg`, { accessTokenFactory: () => admin, transport: HttpTransportType.WebSockets })
      .configureLogging(LogLevel.None)
      .build();
  };
  // The storage screen is open, for a user who may see it.
  store.dispatch(appSlice.actions.configLoaded({ ...DEFAULT_CONFIG, auth: { ...DEFAULT_CONFIG.auth, grantedPermissions: { 'Pages.Hazardouswastestorage': 'true' } } }));
  store.dispatch(liveStreamsOpened(['readings', 'storage', 'devices', 'warnings']));
  const task = sagas.run(hubLoop, factory);
  const log = () => store.getState().eventLog as EventLogState;
  try {
    await waitFor('the first catch-up', () => log().lastSeq !== null, 5000);
    const start = log().lastSeq!;

    let reporting = true;
    let weight = 10;
    const reporter = (async () => {
      while (reporting) {
        weight += 1;
        await sendOk(server, device.deviceKey, { readings: [{ at: new Date().toISOString(), weight, battery: 90, temperature: 20 }] });
        await new Promise((r) => setTimeout(r, 40));
      }
    })();

    await waitFor('pushes before the drop', () => applied.length >= 10, 5000);
    server.app.services.hub!.dropAll();
    const droppedAt = Date.now();
    const heldAtDrop = log().events.length;
    // The saga waits 5 s before reconnecting; the device goes on reporting meanwhile.
    await waitFor('the reconnect', () => connections.length === 2, 8000);
    expect(connections[1] - droppedAt).toBeGreaterThanOrEqual(4900);
    // Nothing arrived while the socket was down (read when the new connection was asked for: a busy machine may let it
    // connect and catch up before this test looks).
    expect(heldAtConnect[1]).toBe(heldAtDrop);
    const headAtReconnect = expectSuccess<{ head: number }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin })).head;
    const reconnectedAt = applied.length;
    await waitFor('pushes after the reconnect', () => applied.length >= reconnectedAt + 10, 5000);
    reporting = false;
    await reporter;

    const head = expectSuccess<{ head: number }>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin })).head;
    await waitFor('the log to reach the head', () => log().lastSeq === head, 5000);
    const held = log().events.map((e) => e.seq);
    expect(applied).toEqual(held);
    expect(held).toEqual([...new Set(held)].sort((a, b) => a - b));
    expect(log().gap).toBeNull();
    // Every event of the run is held, or was superseded in its frame by a later one it keys to (conflated).
    const written = expectSuccess<EventsAfterResult>(await server.call('GET', svc('Events', 'GetEventsAfter'), { token: admin, query: { after: start, maxResultCount: 1000 } })).items;
    expect(written.map((e) => e.seq)).toEqual(Array.from({ length: head - start }, (_, i) => start + i + 1));
    // Keyed by the feed's own rule: payloads from frames and from the log carry the same fields in different orders.
    const heldSet = new Set(held);
    const supersededInLog = (e: LiveEvent) => {
      const key = conflationKey(e);
      return key !== null && log().events.some((h) => h.seq > e.seq && conflationKey(h) === key);
    };
    const missing = written.filter((e) => !heldSet.has(e.seq) && !supersededInLog(e));
    expect(missing).toEqual([]);
    // The outage was real: dozens of events were written while no socket was open, and only the catch-up brought them.
    expect(headAtReconnect - start - heldAtDrop).toBeGreaterThan(20);
    expect(log().events.some((e) => e.type === 'storage.weight')).toBe(true);
  } finally {
    task.cancel();
    delete http.defaults.headers.common.Authorization;
  }
}, 30_000);
