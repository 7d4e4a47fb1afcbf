import { useMemo, useState } from 'react';
import type { EntityDto } from '../../../shared/resource-kit';
import { exchangemachine } from '../../../shared/resources';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import { useAppDispatch, useAppSelector, useChunkSagas } from '../../app/hooks';
import { useResourceState, type ColumnRenderer, type RowAction, type ScreenExtension } from '../../crud';
import { addScreenTexts } from '../../i18n';
import { selectMachineItems } from '../../realtime/liveSelectors';
import { useLiveStreams } from '../../realtime/useLiveStreams';
import { useIsGranted } from '../../session/useIsGranted';
import { MachineSlotsDrawer } from './MachineSlotsDrawer';
import { machineSlotsActions as S, watchMachineSlots } from './machineSlots';

addScreenTexts('recycling', RECYCLING_TEXTS);

/** Machines and their slots follow redemptions as they happen. */
const RECYCLING_STREAMS = ['recycling'] as const;

/** Exchange machines: items left live in the list, and each machine's slot grid with load and unload in a drawer. */
export const useExchangeScreen: ScreenExtension = ({ view, t }) => {
  useChunkSagas(watchMachineSlots);
  useLiveStreams(RECYCLING_STREAMS);
  const dispatch = useAppDispatch();
  const canChange = useIsGranted(exchangemachine.permission);
  const itemsLive = useAppSelector(selectMachineItems);
  const [viewing, setViewing] = useState<number | null>(null);
  const rows = useResourceState(view.name).items;
  const machine: EntityDto | null = viewing === null ? null : rows.find((r) => r.id === viewing) ?? null;

  const rowActions = useMemo<RowAction[]>(() => [{
    key: 'slots', text: t('recycling.showSlots'), icon: 'grid-view',
    onClick: (row) => {
      dispatch(S.slotsOpened(row.id));
      setViewing(row.id);
    },
  }], [dispatch, t]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    itemsLeft: (row, text) => <span data-testid={`items-left-${row.id}`}>{itemsLive[row.id] ?? text}</span>,
  }), [itemsLive]);

  const close = () => {
    dispatch(S.slotsClosed());
    setViewing(null);
  };
  return { rowActions, columnRenderers, children: <MachineSlotsDrawer machine={machine} canChange={canChange} onClose={close} /> };
};
