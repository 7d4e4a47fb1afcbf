// What the big-data screen's chunk adds to the app as it loads, beside its slices (which inject themselves into the
// root reducer): its texts, and its watchers on the store it renders in.
import { BIGDATA_TEXTS } from '../../../shared/locales/bigdata';
import { useChunkSagas } from '../../app/hooks';
import { addScreenTexts } from '../../i18n';
import { watchBigData } from './bigdataSaga';
import { watchWallAdmin } from './display/wallAdminSaga';

addScreenTexts('bigdata', BIGDATA_TEXTS);

/** Starts the screen's watchers (once per store) before its first effects dispatch anything: called as it renders. */
export function useBigDataWatchers(): void {
  useChunkSagas(watchBigData, watchWallAdmin);
}
