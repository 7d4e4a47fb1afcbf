import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
const useAppStore = useStore.withTypes<AppStore>();

/**
 * Runs the watchers that come with a screen's own chunk on this store, each once per store. Called as the screen
 * renders, so they are running before any effect of the screen dispatches what they wait for.
 */
export function useChunkSagas(...sagas: ReadonlyArray<() => Generator>): void {
  const store = useAppStore();
  for (const saga of sagas) store.runSagaOnce(saga);
}
