import { Card, Classes } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';
import type { SeverityCounts } from './selectors';
import { LEVEL_INTENT, SEVERITY_LEVELS } from './severity';

const INTENT_COLOUR = { danger: '#cd4246', warning: '#c87619', primary: '#2d72d2', success: '#238551', none: 'inherit' } as const;

/** Open warnings in total and by severity level, the most severe first. */
export function WarningCounters({ counts, t }: { counts: SeverityCounts; t: Translate }) {
  return (
    <div className="monitoring-counters" data-testid="warning-counters">
      <Card compact className="monitoring-counter">
        <span className={Classes.TEXT_MUTED}>{t('monitoring.openTotal')}</span>
        <span className="monitoring-big" data-testid="count-total">{counts.total}</span>
      </Card>
      {SEVERITY_LEVELS.map((level) => (
        <Card compact key={level} className="monitoring-counter"
          style={{ borderLeft: `4px solid ${INTENT_COLOUR[LEVEL_INTENT[level]]}`, opacity: counts[level] ? 1 : 0.6 }}>
          <span className={Classes.TEXT_MUTED}>{t(`monitoring.level_${level}`)}</span>
          <span className="monitoring-big" data-testid={`count-${level}`} style={{ color: counts[level] ? INTENT_COLOUR[LEVEL_INTENT[level]] : undefined }}>
            {counts[level]}
          </span>
        </Card>
      ))}
    </div>
  );
}
