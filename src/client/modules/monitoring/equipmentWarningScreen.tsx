import { useMemo, useState } from 'react';
import { Tag } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import type { ColumnRenderer, RowAction, ScreenExtension } from '../../crud';
import { useMonitoringDispatch } from './hooks';
import { monitoringActions as M } from './monitoringSlice';
import { NoteDialog } from './NoteDialog';
import { iconOf, intentOf } from './severity';
import { type WarningTargetStatus } from './types';
import { warningStatus } from '../../../shared/enums';

interface Deciding {
  row: EntityDto;
  status: WarningTargetStatus;
}

const STATUS_INTENT = { [warningStatus.open]: 'danger', [warningStatus.acknowledged]: 'warning', [warningStatus.closed]: 'none' } as const;

/** Equipment warnings: acknowledge and close with a note; type and status in their colours. */
export const useEquipmentWarningScreen: ScreenExtension = ({ t }) => {
  const dispatch = useMonitoringDispatch();
  const [deciding, setDeciding] = useState<Deciding | null>(null);

  const rowActions = useMemo<RowAction[]>(() => [
    {
      key: 'acknowledge', text: t('monitoring.acknowledge'), icon: 'eye-open', intent: 'primary',
      hidden: (row) => Number(row.status) !== warningStatus.open, onClick: (row) => setDeciding({ row, status: warningStatus.acknowledged }),
    },
    {
      key: 'close', text: t('monitoring.close'), icon: 'tick', intent: 'success',
      hidden: (row) => Number(row.status) === warningStatus.closed, onClick: (row) => setDeciding({ row, status: warningStatus.closed }),
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
