import { useMemo } from 'react';
import { Button, Card, Classes, H5, NonIdealState, ProgressBar, Spinner } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import type { Translate } from '../../crud/types';
import { chartPoints } from './chartSeries';
import { CorrectionDialog } from './CorrectionDialog';
import { OnlineTag } from './DeviceStateTag';
import { formatDateTime, formatRatio, formatWeight } from './format';
import { useTimeZone } from '../../session/useTimeZone';
import { useMonitoringDispatch, useMonitoringSelector } from './hooks';
import { monitoringActions as A } from './monitoringSlice';
import { selectWeightPointsByStorage, type StorageView } from './selectors';
import { fillIntent } from './StorageTable';
import WeightChart from './WeightChart';

const NO_POINTS: never[] = [];

/** The selected point: its live weight, the last 24 hours as a chart (extended live) and the manual correction. */
export function StoragePanel({ row, now, t, onClose }: { row: StorageView; now: number; t: Translate; onClose: () => void }) {
  const dispatch = useMonitoringDispatch();
  const zone = useTimeZone();
  const point = useMonitoringSelector((s) => (s.monitoring.point?.id === row.id ? s.monitoring.point : null));
  const live = useMonitoringSelector((s) => selectWeightPointsByStorage(s)[row.id] ?? NO_POINTS);
  const correction = useMonitoringSelector((s) => (s.monitoring.correction?.storageId === row.id ? s.monitoring.correction : null));
  const series = point?.detail?.series;
  const loadedSeq = point?.seq ?? 0;
  // The minute is enough resolution to cut the 24-hour window.
  const minute = Math.floor(now / 60_000);
  const points = useMemo(() => chartPoints(series ?? [], live, loadedSeq, minute * 60_000, zone), [series, live, loadedSeq, minute, zone]);
  const name = [row.serialNumber, row.storagePlace].filter(Boolean).join(' · ');

  let chart;
  if (!point || (point.status === 'loading' && !point.detail)) {
    chart = <div style={{ height: 260, display: 'grid', placeItems: 'center' }} data-testid="storage-chart-loading"><Spinner size={28} /></div>;
  } else if (point.status === 'failed' && !point.detail) {
    chart = (
      <NonIdealState icon="error" title={t('common.loadFailed')} description={point.error ? describeError(point.error) : undefined}
        action={<Button icon="refresh" text={t('common.retry')} onClick={() => dispatch(A.pointRequested({ id: row.id }))} />} />
    );
  } else if (points.length === 0) {
    chart = <div data-testid="storage-chart-empty"><NonIdealState icon="timeline-line-chart" title={t('monitoring.noSeries')} /></div>;
  } else {
    chart = <div data-testid="storage-chart" data-points={points.length}><WeightChart points={points} capacity={row.capacity || null} t={t} zone={zone} /></div>;
  }

  return (
    <Card className="monitoring-panel" compact data-testid="storage-panel" data-storage={row.id}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <H5 style={{ margin: 0 }}>{name}</H5>
          <div className={Classes.TEXT_MUTED}>{row.enterpriseName} · {row.hazardouswasteInformationName} {row.wastecodeName ?? ''}</div>
        </div>
        <OnlineTag value={row.onlineState} t={t} />
        <Button variant="minimal" icon="cross" aria-label={t('monitoring.closePanel')} title={t('monitoring.closePanel')}
          data-testid="storage-panel-close" onClick={onClose} />
      </div>
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 12, margin: '10px 0 4px' }}>
        <span className="monitoring-big" data-testid="storage-panel-weight">{formatWeight(row.currentWeight, t)}</span>
        <span className={Classes.TEXT_MUTED}>/ {formatWeight(row.capacity, t)}</span>
        <span style={{ marginLeft: 'auto' }}>{formatRatio(row.fillRatio)}</span>
      </div>
      <ProgressBar value={Math.min(1, Math.max(0, row.fillRatio))} intent={fillIntent(row.fillRatio)} animate={false} stripes={false} />
      <div className={Classes.TEXT_MUTED} style={{ margin: '4px 0 8px' }}>{t('monitoring.colLastChange')}：{formatDateTime(row.lastChangeTime, zone)}</div>
      <div style={{ fontWeight: 600, marginBottom: 4 }}>{t('monitoring.lastDay')}</div>
      {chart}
      {(point?.detail?.corrections ?? []).length > 0 && (
        <div style={{ marginTop: 8 }} data-testid="storage-corrections">
          <div style={{ fontWeight: 600 }}>{t('monitoring.corrections')}</div>
          <ul className={Classes.TEXT_SMALL} style={{ margin: '2px 0 0', paddingLeft: 18 }}>
            {point!.detail!.corrections.slice(0, 5).map((c) => (
              <li key={c.id}>{t('monitoring.correctionLine', {
                at: formatDateTime(c.creationTime, zone), user: c.userName ?? '', from: formatWeight(c.previousWeight, t), to: formatWeight(c.currentWeight, t), reason: c.reason,
              })}</li>
            ))}
          </ul>
        </div>
      )}
      <div style={{ marginTop: 8, textAlign: 'right' }}>
        <Button icon="edit" text={t('monitoring.correctWeight')} data-testid="storage-correct"
          onClick={() => dispatch(A.correctionOpened({ storageId: row.id }))} />
      </div>
      {correction && (
        <CorrectionDialog name={name} currentWeight={row.currentWeight} saving={correction.saving} error={correction.error} t={t}
          onClose={() => dispatch(A.correctionClosed())}
          onSubmit={(input) => dispatch(A.correctionRequested({ id: row.id, ...input }))} />
      )}
    </Card>
  );
}
