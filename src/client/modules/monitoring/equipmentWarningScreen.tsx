import { useMemo, useState } from 'react';
import { Tag } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import type { ColumnRenderer, RowAction, ScreenExtension } from '../../crud';
import { useMonitoringDispatch } from './hooks';
import { monitoringActions as M } from './monitoringSlice';
import { NoteDialog } from './NoteDialog';
import { iconOf, intentOf } from './severity';
import { WARNING_ACKNOWLEDGED, WARNING_CLOSED, WARNING_OPEN, type WarningTargetStatus } from './types';

interface Deciding {
  row: EntityDto;
  status: WarningTargetStatus;
}

const STATUS_INTENT = { [WARNING_OPEN]: 'danger', [WARNING_ACKNOWLEDGED]: 'warning', [WARNING_CLOSED]: 'none' } as const;

/** Equipment warnings: acknowledge and close with a note; type and status in their colours. */
export const useEquipmentWarningScreen: ScreenExtension = ({ t }) => {
  const dispatch = useMonitoringDispatch();
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  const rowActions = useMemo<RowAction[]>(() => [
    {
      key: 'acknowledge', text: t('monitoring.acknowledge'), icon: 'eye-open', intent: 'primary',
      hidden: (row) => Number(row.status) !== WARNING_OPEN, onClick: (row) => setDeciding({ row, status: WARNING_ACKNOWLEDGED }),
    },
    {
      key: 'close', text: t('monitoring.close'), icon: 'tick', intent: 'success',
      hidden: (row) => Number(row.status) === WARNING_CLOSED, onClick: (row) => setDeciding({ row, status: WARNING_CLOSED }),
    },
  ], [t]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    warningType: (row, text) => <Tag minimal intent={intentOf(Number(row.warningType))} icon={iconOf(Number(row.warningType))}>{text}</Tag>,
    status: (row, text) => <Tag minimal intent={STATUS_INTENT[Number(row.status) as keyof typeof STATUS_INTENT] ?? 'none'}>{text}</Tag>,
  }), []);

  const subject = deciding ? t('monitoring.warningSubject', {
    type: t(`enum.warningType.${deciding.row.warningType}`),
    device: String(deciding.row.smartequipmentName ?? deciding.row.serialNumber ?? deciding.row.smartequipmentId ?? ''),
  }) : '';

  const children = deciding && (
    <NoteDialog status={deciding.status} subject={subject} t={t} onClose={() => setDeciding(null)}
      onSubmit={(note) => {
        dispatch(M.warningStatusRequested({ id: deciding.row.id, status: deciding.status, note, from: 'list' }));
        setDeciding(null);
      }} />
  );

  return { rowActions, columnRenderers, children };
};
