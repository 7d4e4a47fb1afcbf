import { useMemo, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useAppSelector, useChunkSagas } from '../../app/hooks';
import { watchPlans } from './plansSaga';
import type { Dispatch } from '@reduxjs/toolkit';
import { Tag, type Intent } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import type { ScreenExtension } from '../../crud/extensions';
import { useResourceState } from '../../crud/hooks';
import { recordName } from '../../crud/ResourcePage';
import type { FormMode, FormSection } from '../../crud/ResourceForm';
import type { ColumnRenderer, RowAction } from '../../crud/ResourceTable';
import type { FormValues } from '../../crud/form-values';
import type { Translate } from '../../crud/types';
import { isRowDrafts, parseCellKey, planPayload, ROWS_KEY, validateRows } from './plan-rows';
import { PlanRowsDrawer } from './PlanRowsDrawer';
import { PlanRowsSection } from './PlanRowsSection';
import { PlanStatusAlert, STATUS_ACTIONS } from './PlanStatusAlert';
import { planStatus } from '../../../shared/enums';
import { isPlanEditable, PLAN_RESOURCE, planView } from './planView';
import {
  planRowsRequested, planStatusAsked, planStatusCancelled, planStatusRequested, selectPlanStatusChange,
} from './plansSlice';


const STATUS_INTENT: Record<number, Intent> = {
  [planStatus.draft]: 'none', [planStatus.submitted]: 'primary', [planStatus.approved]: 'success', [planStatus.returned]: 'warning',
};

/** Which moves a plan in each status offers (the server allows exactly these). */
const MOVES: Record<number, number[]> = {
  [planStatus.draft]: [planStatus.submitted],
  [planStatus.returned]: [planStatus.submitted],
  [planStatus.submitted]: [planStatus.approved, planStatus.returned],
};

const CREATE_DEFAULTS = { [ROWS_KEY]: [] };

/** How a plan is named in questions and titles: its title, else its producer and year. */
function planName(row: EntityDto, t: Translate, zone: string): string {
  if (typeof row.title === 'string' && row.title.trim()) return row.title;
  const parts = [row.enterpriseName, row.year].filter((p) => p !== null && p !== undefined && p !== '');
  return parts.length > 0 ? parts.join(' ') : recordName(planView, row, t, zone);
}

/**
 * Annual management plans: the generic screen plus the rows editor in the dialog (saved with the plan in one
 * call), the status moves (submit, approve, return) and a read-only drawer of a plan's rows with totals.
 */
export const usePlansScreen: ScreenExtension = ({ t, language, zone }) => {
  // The watcher comes with this screen's chunk: started as the screen renders, before it dispatches anything.
  useChunkSagas(watchPlans);
  const dispatch = useDispatch<Dispatch>();
  const statusChange = useAppSelector(selectPlanStatusChange);
  const editing = useResourceState(PLAN_RESOURCE).editing;
  const [drawerPlan, setDrawerPlan] = useState<EntityDto | null>(null);

  // The server's messages about cells (`details[2].thisyearweight`) belong to the rows section, not the general notice.
  const serverCellKeys = useMemo(
    () => Object.keys(editing?.fieldErrors ?? {}).filter((key) => parseCellKey(key) !== null).sort().join('\n'),
    [editing?.fieldErrors],
  );

  const sections = useMemo<FormSection[]>(() => [{
    key: 'plan-rows',
    title: t('plans.rowsSection'),
    valueKeys: [ROWS_KEY, ...(serverCellKeys ? serverCellKeys.split('\n') : [])],
    render: (ctx) => <PlanRowsSection {...ctx} />,
    validate: (values: FormValues, mode: FormMode, tt) => {
      const rows = values[ROWS_KEY];
      if (!isRowDrafts(rows)) return mode === 'edit' ? { [ROWS_KEY]: tt('plans.rowsNotReady') } : {};
      return validateRows(rows, tt, language);
    },
  }], [t, language, serverCellKeys]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    status: (row, text) => <Tag minimal intent={STATUS_INTENT[Number(row.status)] ?? 'none'}>{text}</Tag>,
  }), []);

  const rowActions = useMemo<RowAction[]>(() => [
    {
      key: 'rows', text: t('plans.details'), icon: 'th-list',
      onClick: (row) => {
        setDrawerPlan(row);
        dispatch(planRowsRequested({ planId: row.id }));
      },
    },
    ...[planStatus.submitted, planStatus.approved, planStatus.returned].map((to): RowAction => ({
      key: STATUS_ACTIONS[to].key,
      text: t(STATUS_ACTIONS[to].text),
      icon: to === planStatus.submitted ? 'send-message' : to === planStatus.approved ? 'tick-circle' : 'undo',
      intent: STATUS_ACTIONS[to].intent,
      hidden: (row) => !(MOVES[Number(row.status)] ?? []).includes(to),
      onClick: (row) => dispatch(planStatusAsked({ id: row.id, name: planName(row, t, zone), to })),
    })),
  ], [t, dispatch, zone]);

  return {
    view: planView,
    formSections: sections,
    transformPayload: planPayload,
    createDefaults: CREATE_DEFAULTS,
    columnRenderers,
    rowActions,
    canEdit: (row) => isPlanEditable(row.status),
    canDelete: (row) => isPlanEditable(row.status),
    formWidth: 980,
    children: (
      <>
        {statusChange && (
          <PlanStatusAlert pending={statusChange} t={t}
            onConfirm={() => dispatch(planStatusRequested({ id: statusChange.id, to: statusChange.to }))}
            onCancel={() => { if (!statusChange.pending) dispatch(planStatusCancelled()); }} />
        )}
        <PlanRowsDrawer planId={drawerPlan?.id ?? null} title={drawerPlan ? t('plans.detailsTitle', { title: planName(drawerPlan, t, zone) }) : ''}
          t={t} language={language} onClose={() => setDrawerPlan(null)} />
      </>
    ),
  };
};
