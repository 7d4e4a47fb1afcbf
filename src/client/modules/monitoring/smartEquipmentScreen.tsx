import { useMemo, useState } from 'react';
import { Alert } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import {
  crudActions as A, formatDateTime, recordName, type ColumnRenderer, type RowAction, type ScreenExtension,
} from '../../crud';
import { selectDeviceStates } from '../../realtime/liveSelectors';
import { DeviceKeyDialog } from './DeviceKeyDialog';
import { OnlineTag, RunningTag } from './DeviceStateTag';
import { useMonitoringDispatch, useMonitoringSelector } from './hooks';
import { monitoringActions as M } from './monitoringSlice';
import { numberOf } from '../../../shared/json';
import { useLiveStreams } from '../../realtime/useLiveStreams';

const isBound = (row: EntityDto) => row.hazardouswasteInformationId !== null && row.hazardouswasteInformationId !== undefined;

/**
 * Smart equipment: online and running state as the live log has them (the list row until an event came), unbinding
 * and a new device key after a confirmation, and the key shown once after create or regenerate.
 */
/** The list shows each device's online and running state as it changes. */
const DEVICE_STREAMS = ['devices'] as const;

export const useSmartEquipmentScreen: ScreenExtension = ({ view, t, zone }) => {
  const dispatch = useMonitoringDispatch();
  useLiveStreams(DEVICE_STREAMS);
  const devices = useMonitoringSelector(selectDeviceStates);
  const deviceKey = useMonitoringSelector((s) => s.monitoring.deviceKey);
  const [regenerating, setRegenerating] = useState<EntityDto | null>(null);

  const rowActions = useMemo<RowAction[]>(() => [
    {
      key: 'unbind', text: t('monitoring.unbind'), icon: 'unlink', intent: 'warning', hidden: (row) => !isBound(row),
      onClick: (row) => dispatch(A.commandAsked({
        resource: view.name,
        command: { method: 'Updateunbind', verb: 'PUT', body: { id: row.id } },
        message: t('monitoring.confirmUnbind', { name: recordName(view, row, t, zone) }),
      })),
    },
    { key: 'regenerate', text: t('monitoring.regenerateKey'), icon: 'key', onClick: (row) => setRegenerating(row) },
  ], [dispatch, t, view, zone]);

  const columnRenderers = useMemo<Record<string, ColumnRenderer>>(() => ({
    onlineState: (row) => <OnlineTag value={devices[row.id]?.onlineState ?? numberOf(row, 'onlineState') ?? null} t={t} testId={`online-${row.id}`} />,
    runningState: (row) => <RunningTag value={devices[row.id]?.runningState ?? numberOf(row, 'runningState') ?? null} t={t} testId={`running-${row.id}`} />,
    lastHeartbeat: (row, text) => (devices[row.id]?.lastHeartbeat ? formatDateTime(devices[row.id].lastHeartbeat, zone) : text),
  }), [devices, t, zone]);

  const children = (
    <>
      <Alert isOpen={regenerating !== null} intent="warning" icon="key" confirmButtonText={t('monitoring.regenerateKey')}
        cancelButtonText={t('common.cancel')} canEscapeKeyCancel
        onCancel={() => setRegenerating(null)}
        onConfirm={() => {
          if (regenerating) dispatch(M.regenerateKeyRequested({ id: regenerating.id, serialNumber: recordName(view, regenerating, t, zone) }));
          setRegenerating(null);
        }}>
        <p data-testid="regenerate-question">{regenerating ? t('monitoring.confirmRegenerate', { name: recordName(view, regenerating, t, zone) }) : ''}</p>
      </Alert>
      {deviceKey && <DeviceKeyDialog deviceKey={deviceKey} t={t} onClose={() => dispatch(M.deviceKeyClosed())} />}
    </>
  );

  return { rowActions, columnRenderers, children };
};
