import { Tag } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';
import { useMonitoringSelector } from './hooks';
import { selectRealtimeStatus } from './selectors';

const TEXT = { off: 'shell.realtimeOff', connecting: 'shell.realtimeConnecting', connected: 'shell.realtimeConnected', retrying: 'shell.realtimeRetrying' } as const;
const INTENT = { off: 'none', connecting: 'warning', connected: 'success', retrying: 'danger' } as const;
const ICON = { off: 'offline', connecting: 'refresh', connected: 'feed', retrying: 'refresh' } as const;

/** Whether pushes are arriving: while retrying, the screen lives on its polling. */
export function ConnectionTag({ t }: { t: Translate }) {
  const status = useMonitoringSelector(selectRealtimeStatus);
  return (
    <Tag minimal intent={INTENT[status]} icon={ICON[status]} data-testid="live-status" data-status={status}>
      {t('monitoring.live', { status: t(TEXT[status]) })}
    </Tag>
  );
}
