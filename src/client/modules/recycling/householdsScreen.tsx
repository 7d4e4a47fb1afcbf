import { useMemo, useState } from 'react';
import type { EntityDto } from '../../../shared/resource-kit';
import { RECYCLING_TEXTS } from '../../../shared/locales/recycling';
import { useAppSelector, useChunkSagas } from '../../app/hooks';
import { useCrudDispatch, useResourceState, type ColumnRenderer, type RowAction, type ScreenExtension } from '../../crud';
import { selectHouseholdBalances } from '../../realtime/liveSelectors';
import { useLiveStreams } from '../../realtime/useLiveStreams';
import { addScreenTexts } from '../../i18n';
import { useIsGranted } from '../../session/useIsGranted';
import { watchLedgerAdjust } from './ledgerAdjust';
import { LedgerDrawer, ledgerOpened } from './LedgerDrawer';

addScreenTexts('recycling', RECYCLING_TEXTS);

/** Balances follow postings (awards, adjustments, redemptions) as they happen. */
const RECYCLING_STREAMS = ['recycling'] as const;

/** Households: each one's points ledger in a drawer, with the manual adjustment for those allowed to make it. */
export const useHouseholdsScreen: ScreenExtension = ({ view, t }) => {
  useChunkSagas(watchLedgerAdjust);
  const dispatch = useCrudDispatch();
  const canSeeLedger = useIsGranted('Pages.Integral');
  const canAdjust = useIsGranted('Pages.Integral.Adjust');
  const [viewing, setViewing] = useState<number | null>(null);
  // The row as the list has it now: an adjustment refreshes the list, and with it the balance shown.
  const rows = useResourceState(view.name).items;
  const household: EntityDto | null = viewing === null ? null : rows.find((r) => r.id === viewing) ?? null;

  useLiveStreams(RECYCLING_STREAMS);
  const balances = useAppSelector(selectHouseholdBalances);
  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    points: (row, text) => <span data-testid={`points-${row.id}`}>{balances[row.id] !== undefined ? balances[row.id].toLocaleString('zh-CN') : text}</span>,
  }), [balances]);

  const rowActions: RowAction[] = canSeeLedger ? [{
    key: 'ledger', text: t('recycling.showLedger'), icon: 'star',
    onClick: (row) => {
      dispatch(ledgerOpened(row.id));
      setViewing(row.id);
    },
  }] : [];

  const current = household && balances[household.id] !== undefined ? { ...household, points: balances[household.id] } : household;
  return { rowActions, columnRenderers, children: <LedgerDrawer household={current} canAdjust={canAdjust} onClose={() => setViewing(null)} /> };
};
