import type { ScreenExtension } from '../../crud';
import { useLiveScreen, useUnitRenderers } from './columns';

/** The inventory list: read-only (the declaration says so), quantities in tonnes, reloaded on stock pushes while shown. */
export const useInventoryScreen: ScreenExtension = ({ view, language }) => {
  useLiveScreen(view.name);
  return { columnRenderers: useUnitRenderers(view, language) };
};
