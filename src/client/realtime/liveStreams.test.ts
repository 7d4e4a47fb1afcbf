import { appSlice } from '../session/appSlice';
import { DEFAULT_CONFIG } from '../session/config';
import { liveStreamsClosed, liveStreamsOpened, liveStreamsReducer, selectWantedStreams } from './liveStreams';

describe('live streams the open screens use', () => {
  const granted = (...permissions: string[]) => appSlice.reducer(undefined, appSlice.actions.configLoaded({
    ...DEFAULT_CONFIG, auth: { ...DEFAULT_CONFIG.auth, grantedPermissions: Object.fromEntries(permissions.map((p) => [p, 'true'])) },
  }));

  it('counts each stream per screen that declared it, and forgets it when the last one closes', () => {
    let state = liveStreamsReducer(undefined, liveStreamsOpened(['warnings', 'devices']));
    state = liveStreamsReducer(state, liveStreamsOpened(['warnings']));
    state = liveStreamsReducer(state, liveStreamsClosed(['warnings', 'devices']));
    expect(state).toEqual({ warnings: 1 });
    state = liveStreamsReducer(state, liveStreamsClosed(['warnings']));
    state = liveStreamsReducer(state, liveStreamsClosed(['warnings']));
    expect(state).toEqual({});
  });

  it('wants the streams open screens use that the user\'s permissions allow, in the contract\'s order', () => {
    const liveStreams = liveStreamsReducer(undefined, liveStreamsOpened(['transfer', 'inventory', 'warnings']));
    expect(selectWantedStreams({ liveStreams, app: granted('Pages.EquipmentWarning', 'Pages.InventoryList') })).toEqual(['warnings', 'inventory']);
    expect(selectWantedStreams({ liveStreams, app: granted() })).toEqual([]);
  });
});
