import { useMemo } from 'react';
import { Tag } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import { crudActions as A, recordName, useCrudDispatch, type RowAction, type ScreenExtension } from '../../crud';

const MODEL_IN_USE = 0;
const MODEL_DISABLED = 1;

const isDisabled = (row: EntityDto) => Number(row.status) === MODEL_DISABLED;

/** Equipment models: put a model out of use (new devices cannot pick it) and back, after a confirmation. */
export const useEquipmentModelScreen: ScreenExtension = ({ view, t, zone }) => {
  const dispatch = useCrudDispatch();
  const rowActions = useMemo<RowAction[]>(() => {
    const ask = (row: EntityDto, status: number) => dispatch(A.commandAsked({
      resource: view.name,
      command: { method: 'UpdateStatus', verb: 'PUT', body: { id: row.id, status } },
      message: t(status === MODEL_DISABLED ? 'monitoring.confirmDisableModel' : 'monitoring.confirmEnableModel', { name: recordName(view, row, t, zone) }),
    }));
    return [
      { key: 'disable', text: t('monitoring.disable'), icon: 'disable', intent: 'warning', hidden: isDisabled, onClick: (row) => ask(row, MODEL_DISABLED) },
      { key: 'enable', text: t('monitoring.enable'), icon: 'play', intent: 'success', hidden: (row) => !isDisabled(row), onClick: (row) => ask(row, MODEL_IN_USE) },
    ];
  }, [dispatch, t, view, zone]);
  const columnRenderers = useMemo(() => ({
    status: (row: EntityDto, text: string) => <Tag minimal intent={isDisabled(row) ? 'none' : 'success'} data-testid={`model-status-${row.id}`}>{text}</Tag>,
  }), []);
  return { rowActions, columnRenderers };
};
