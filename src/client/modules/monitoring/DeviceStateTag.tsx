import { Tag, type Intent } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';

const ONLINE = 0;
const RUNNING_NORMAL = 0;

/** Online green, offline red: a silent device is what the supervisor looks for. */
export function OnlineTag({ value, t, testId }: { value: number | null | undefined; t: Translate; testId?: string }) {
  if (value === null || value === undefined) return null;
  const intent: Intent = value === ONLINE ? 'success' : 'danger';
  return (
    <Tag minimal round intent={intent} icon={value === ONLINE ? 'feed' : 'offline'} data-testid={testId} data-state={value}>
      {t(`enum.onlineState.${value}`)}
    </Tag>
  );
}

export function RunningTag({ value, t, testId }: { value: number | null | undefined; t: Translate; testId?: string }) {
  if (value === null || value === undefined) return null;
  const intent: Intent = value === RUNNING_NORMAL ? 'success' : 'warning';
  return <Tag minimal intent={intent} data-testid={testId} data-state={value}>{t(`enum.runningState.${value}`)}</Tag>;
}
