import { useCallback, useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { useAppSelector, useChunkSagas } from '../../app/hooks';
import { watchContracts } from './contractsSaga';
import type { Dispatch } from '@reduxjs/toolkit';
import { Alert, Callout, Classes, HTMLSelect, Tag } from '@blueprintjs/core';
import { contractStatusFilter } from '../../../shared/enums';
import { i18nKey } from '../../../shared/resource-kit';
import { describeError } from '../../crud/api-error';
import type { ScreenExtension } from '../../crud/extensions';
import { useResourceState } from '../../crud/hooks';
import { recordName } from '../../crud/ResourcePage';
import type { FormSection } from '../../crud/ResourceForm';
import type { ColumnRenderer, RowAction } from '../../crud/ResourceTable';
import { crudActions } from '../../crud/slice';
import type { Translate } from '../../crud/types';
import { ContractPdfSection } from './ContractPdfSection';
import { CONTRACT_RESOURCE, contractView, isVoided } from './contractView';
import {
  selectContractVoid, voidAsked, voidCancelled, voidRequested, type ContractVoid,
} from './contractsSlice';


// Numeric object keys list −1 last; the select shows "all" first.
const FILTER_OPTIONS = [...contractStatusFilter.options].sort((a, b) => Number(a.value) - Number(b.value));

/** −1 all / 0 normal / 1 voided; "all" is the absence of the filter, which the server reads the same way. */
function StatusFilter({ value, t, onChange }: { value: number; t: Translate; onChange: (status: number | null) => void }) {
  return (
    <HTMLSelect data-testid="contract-status-filter" aria-label={t('contracts.statusFilter')} value={String(value)}
      onChange={(e) => {
        const status = Number(e.currentTarget.value);
        onChange(status === contractStatusFilter.all ? null : status);
      }}>
      {FILTER_OPTIONS.map((o) => (
        <option key={String(o.value)} value={String(o.value)}>
          {t('contracts.statusFilter')}：{t(i18nKey.enumOption(contractStatusFilter.name, o.value))}
        </option>
      ))}
    </HTMLSelect>
  );
}

function VoidAlert({ voiding, t, onConfirm, onCancel }: { voiding: ContractVoid; t: Translate; onConfirm: () => void; onCancel: () => void }) {
  // Alert passes no attributes to its buttons: tag the confirm button once it is in the DOM.
  const tagConfirmButton = useCallback((element: HTMLDivElement | null) => {
    const button = element?.closest(`.${Classes.ALERT}`)?.querySelector(`.${Classes.ALERT_FOOTER} .${Classes.BUTTON}`);
    button?.setAttribute('data-testid', 'contract-void-confirm');
  }, []);
  return (
    <Alert isOpen intent="danger" icon="disable" confirmButtonText={t('contracts.void')} cancelButtonText={t('common.cancel')}
      loading={voiding.pending} canEscapeKeyCancel={!voiding.pending} onConfirm={onConfirm} onCancel={onCancel}>
      <div ref={tagConfirmButton} data-testid="contract-void-alert">
        <p style={{ fontWeight: 600, marginBottom: 6 }}>{t('contracts.voidTitle')}</p>
        <p>{t('contracts.voidConfirm', { name: voiding.name })}</p>
        {voiding.error && (
          <Callout intent="danger" compact data-testid="contract-void-error">{t('contracts.voidFailed', { message: describeError(voiding.error) })}</Callout>
        )}
      </div>
    </Alert>
  );
}

/**
 * Contracts: the generic screen with a status filter that knows "all", voiding as a row action (voided contracts
 * stay listed and can no longer be edited), and a PDF reader in the dialog that fills the contract's fields.
 */
export const useContractsScreen: ScreenExtension = ({ t, zone }) => {
  // The watcher comes with this screen's chunk: started as the screen renders, before it dispatches anything.
  useChunkSagas(watchContracts);
  const dispatch = useDispatch<Dispatch>();
  const voiding = useAppSelector(selectContractVoid);
  const filters = useResourceState(CONTRACT_RESOURCE).filters;
  const statusFilter = typeof filters.status === 'number' ? filters.status : contractStatusFilter.all;

  const formSections = useMemo<FormSection[]>(() => [{
    key: 'contract-pdf',
    title: t('contracts.pdfSection'),
    render: (ctx) => <ContractPdfSection {...ctx} />,
  }], [t]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    status: (row, text) => <Tag minimal intent={isVoided(row.status) ? 'danger' : 'success'}>{text}</Tag>,
  }), []);

  const rowActions = useMemo<RowAction[]>(() => [{
    key: 'void', text: t('contracts.void'), icon: 'disable', intent: 'danger',
    hidden: (row) => isVoided(row.status),
    onClick: (row) => dispatch(voidAsked({ id: row.id, name: recordName(contractView, row, t, zone) })),
  }], [t, dispatch, zone]);

  return {
    view: contractView,
    formSections,
    columnRenderers,
    rowActions,
    toolbarActions: (
      <StatusFilter value={statusFilter} t={t}
        onChange={(status) => dispatch(crudActions.filterChanged({ resource: CONTRACT_RESOURCE, name: 'status', value: status }))} />
    ),
    canEdit: (row) => !isVoided(row.status),
    formWidth: 820,
    children: voiding && (
      <VoidAlert voiding={voiding} t={t} onConfirm={() => dispatch(voidRequested({ id: voiding.id }))}
        onCancel={() => { if (!voiding.pending) dispatch(voidCancelled()); }} />
    ),
  };
};
