import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { createSelector } from '@reduxjs/toolkit';
import { useEffect, useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import type { RootState } from '../../app/store';
import { useNow } from '../monitoring/liveHooks';
import { bigDataScreenLeft, bigDataScreenShown, RECONCILE_MS } from './bigdataSaga';
import { bigdataActions } from './bigdataSlice';
import { Chart } from './Chart';
import {
  disposalOption, fillOption, onlineDayOption, topProducersOption, trendOption, wastesOption, warningsWeekOption,
} from './charts';
import { useFrameSelector, useScreenScale } from './hooks';
import { Headline } from './Headline';
import { MapPanel } from './MapPanel';
import { ageText, Panel } from './Panel';
import { Ticker } from './Ticker';
import './bigdata.css';

const selectScreen = createSelector(
  [(s: RootState) => s.bigdata, (s: RootState) => s.app.realtime, (s: RootState) => s.app.session.tenant?.name ?? null],
  (bigdata, realtime, tenantName) => ({ bigdata, realtime, tenantName }),
);

/** Figures are read every minute: twice that without a read and a panel shows its age. */
const EXPECTED_AGE_MS = 2 * RECONCILE_MS;

export type ScreenMode = 'shell' | 'wall';

/**
 * The big-data screen, designed at 1920 × 1080 and laid out for the box it gets: a grid whose text and chart sizes
 * follow the box's scale, with every chart drawn at the screen's own pixels. The store is read once per animation
 * frame for the whole screen.
 */
export function BigDataScreen({ mode }: { mode: ScreenMode }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(bigDataScreenShown());
    return () => {
      dispatch(bigDataScreenLeft());
    };
  }, [dispatch]);
  const { bigdata, tenantName } = useFrameSelector(selectScreen);
  const now = useNow(1000);
  const { ref, scale } = useScreenScale();
  const overview = bigdata.figures?.overview ?? null;
  const ctx = useMemo(() => ({ t, scale }), [t, scale]);
  const trends = bigdata.trends;
  const options = useMemo(() => (overview ? {
    top: topProducersOption(overview, ctx),
    disposal: disposalOption(overview, ctx),
    warnings: warningsWeekOption(overview, ctx),
    fill: fillOption(overview, ctx),
    online: onlineDayOption(overview, ctx),
  } : null), [overview, ctx]);
  const trendOptions = useMemo(() => (trends ? {
    days: trendOption(trends.days, ctx), months: trendOption(trends.months, ctx), wastes: wastesOption(trends.wastes, ctx),
  } : null), [trends, ctx]);
  const age = ageText(bigdata.loadedAt, now, EXPECTED_AGE_MS, t);
  const trendAge = ageText(bigdata.trendsLoadedAt, now, EXPECTED_AGE_MS, t);
  const style = { '--bd-scale': scale } as CSSProperties;

  let body;
  if (!overview || !options) {
    body = bigdata.error ? (
      <NonIdealState
        className="bd-state" icon="offline" title={t('bigdata.loadFailed', { message: bigdata.error })}
        action={<Button intent="primary" icon="refresh" text={t('common.retry')} onClick={() => dispatch(bigdataActions.retryRequested())} />}
      />
    ) : (
      <div className="bd-state" data-testid="bd-loading"><Spinner size={40} /><span>{t('bigdata.loading')}</span></div>
    );
  } else {
    body = (
      <>
        <Headline overview={overview} t={t} />
        <div className="bd-grid">
          <Panel title={t('bigdata.trendDays')} testId="bd-trend-days" age={trendAge} className="bd-left-1">
            {trendOptions && <Chart option={trendOptions.days} testId="bd-trend-days-chart" />}
          </Panel>
          <Panel title={t('bigdata.trendMonths')} testId="bd-trend-months" age={trendAge} className="bd-left-2">
            {trendOptions && <Chart option={trendOptions.months} testId="bd-trend-months-chart" />}
          </Panel>
          <Panel title={t('bigdata.wastes')} testId="bd-wastes" age={trendAge} className="bd-left-3">
            {trends && trends.wastes.items.length === 0
              ? <div className="bd-empty">{t('bigdata.empty')}</div>
              : trendOptions && <Chart option={trendOptions.wastes} testId="bd-wastes-chart" />}
          </Panel>
          <MapPanel overview={overview} card={bigdata.card} scale={scale} t={t} />
          <Panel title={t('bigdata.ticker')} testId="bd-ticker" className="bd-center-ticker">
            <Ticker events={overview.recent} t={t} />
          </Panel>
          <Panel title={t('bigdata.warningsWeek')} testId="bd-warnings-week" age={age} className="bd-center-warnings">
            <Chart option={options.warnings} testId="bd-warnings-week-chart" />
          </Panel>
          <Panel title={t('bigdata.topProducers')} testId="bd-top" age={age} className="bd-right-1">
            <Chart option={options.top} testId="bd-top-chart" />
          </Panel>
          <Panel title={t('bigdata.disposal')} testId="bd-disposal" age={age} className="bd-right-2">
            <Chart option={options.disposal} testId="bd-disposal-chart" />
          </Panel>
          <Panel title={t('bigdata.fill')} testId="bd-fill" age={age} className="bd-right-3a">
            <Chart option={options.fill} testId="bd-fill-chart" />
          </Panel>
          <Panel title={t('bigdata.onlineDay')} testId="bd-online" age={age} className="bd-right-3b">
            <Chart option={options.online} testId="bd-online-chart" />
          </Panel>
        </div>
      </>
    );
  }

  return (
    <div ref={ref} className={`bd-screen bd-${mode}`} style={style} data-testid="bd-screen">
      <header className="bd-header">
        <span className="bd-tenant">{overview?.tenantName ?? tenantName ?? ''}</span>
        <h1 className="bd-title">{t('bigdata.title')}</h1>
        <span className="bd-clock" data-testid="bd-clock">{formatClock(now)}</span>
      </header>
      {body}
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The wall clock as Chinese screens show it: 2026-11-25 14:03:07. */
function formatClock(epoch: number): string {
  const d = new Date(epoch);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
