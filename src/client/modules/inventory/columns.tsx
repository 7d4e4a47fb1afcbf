import { useEffect, useMemo } from 'react';
import { pick, type Language } from '../../../shared/resource-kit';
import { useCrudDispatch, type ColumnRenderer, type ResourceView } from '../../crud';
import { inventoryScreenHidden, inventoryScreenShown } from './liveSaga';
import { useLiveStreams } from '../../realtime/useLiveStreams';

/** Quantity cells with their declared unit (`1,250.500 t`): the header alone would leave the figures bare. */
export function unitRenderers(view: ResourceView, language: Language): Record<string, ColumnRenderer> {
  const renderers: Record<string, ColumnRenderer> = {};
  for (const name of view.fieldNames) {
    const def = view.fields[name];
    if (def.kind !== 'decimal' || !def.unit) continue;
    const unit = pick(def.unit, language);
    renderers[name] = (_row, text) => (text === '' ? '' : `${text} ${unit}`);
  }
  return renderers;
}

export const useUnitRenderers = (view: ResourceView, language: Language) =>
  useMemo(() => unitRenderers(view, language), [view, language]);

/** Stock moves with receipts and with agreed transfer orders: the events that reload a stock screen. */
const INVENTORY_STREAMS = ['inventory', 'transfer'] as const;

/** Tells the live saga that this screen is on screen, so hub pushes reload it. */
export function useLiveScreen(screen: string): void {
  const dispatch = useCrudDispatch();
  useLiveStreams(INVENTORY_STREAMS);
  useEffect(() => {
    dispatch(inventoryScreenShown({ screen }));
    return () => {
      dispatch(inventoryScreenHidden({ screen }));
    };
  }, [dispatch, screen]);
}
