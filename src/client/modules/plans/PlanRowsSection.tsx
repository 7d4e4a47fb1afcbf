import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useAppSelector } from '../../app/hooks';
import type { Dispatch } from '@reduxjs/toolkit';
import { Button, Callout, Classes, Colors, Spinner } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import { toNumber } from '../../crud/format';
import type { FormSectionContext } from '../../crud/ResourceForm';
import { PlanRowsEditor } from './PlanRowsEditor';
import { isRowDrafts, ROWS_KEY, rowsFromServer } from './plan-rows';
import { planRowsRequested, selectPlanRows } from './plansSlice';


/**
 * The rows part of the plan dialog. A new plan starts without rows; an edited plan's rows are read when the dialog
 * opens (plansSaga) and become the form's `details` value once they arrive, so the dialog sends them with the plan.
 */
export function PlanRowsSection({ values, setValues, mode, errors, disabled, t, language }: FormSectionContext) {
  const dispatch = useDispatch<Dispatch>();
  const planId = mode === 'edit' ? toNumber(values.id) : null;
  const stored = useAppSelector((s) => selectPlanRows(s, planId));
  const rows = isRowDrafts(values[ROWS_KEY]) ? values[ROWS_KEY] : null;

  useEffect(() => {
    if (rows !== null) return;
    if (mode === 'create') setValues({ [ROWS_KEY]: [] });
    else if (stored?.status === 'loaded') setValues({ [ROWS_KEY]: rowsFromServer(stored.items) });
  }, [rows, mode, stored, setValues]);

  const sectionError = errors[ROWS_KEY];
  if (rows === null) {
    if (stored?.status === 'failed' && stored.error && planId !== null) {
      return (
        <Callout intent="danger" compact data-testid="plan-rows-error">
          {t('plans.rowsLoadFailed', { message: describeError(stored.error) })}{' '}
          <Button size="small" variant="minimal" icon="refresh" text={t('common.retry')}
            onClick={() => dispatch(planRowsRequested({ planId }))} />
        </Callout>
      );
    }
    return (
      <div className={Classes.TEXT_MUTED} data-testid="plan-rows-loading" style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <Spinner size={16} /> {t('plans.rowsLoading')}
        {sectionError && <span style={{ color: Colors.RED3 }}>{sectionError}</span>}
      </div>
    );
  }
  return (
    <>
      <PlanRowsEditor rows={rows} enterpriseId={toNumber(values.enterpriseId)} errors={errors} disabled={disabled} t={t}
        language={language}
        onChange={(next, stale) => setValues({ [ROWS_KEY]: next, ...Object.fromEntries(stale.map((key) => [key, undefined])) })} />
      {sectionError && <div data-testid="plan-rows-section-error" style={{ color: Colors.RED3, marginTop: 4 }}>{sectionError}</div>}
    </>
  );
}
