import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { createSelector } from '@reduxjs/toolkit';
import { useCallback, useEffect, useMemo, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectIsGranted } from '../../session/selectors';
import { WallSettingsDialog } from './display/WallSettingsDialog';
import type { RootState } from '../../app/store';
import { useNow } from '../../time/clock';
import { useLiveStreams } from '../../realtime/useLiveStreams';
import type { LiveStream } from '../../../shared/live/events';
import { bigDataScreenLeft, bigDataScreenShown, RECONCILE_MS } from './bigdataSaga';
import { bigdataActions, bigdataSlice } from './bigdataSlice';
import { Chart } from './Chart';
import {
  disposalOption, fillOption, onlineDayOption, recyclingKgOption, stagesOption, topProducersOption, trendOption, warningTypesOption,
  wastesOption, warningsWeekOption,
} from './charts';
import { formatClock } from '../../time/display';
import { useTimeZone } from '../../session/useTimeZone';
import { useFrameSelector, useScreenScale } from './hooks';
import { Headline } from './Headline';
import { MapPanel } from './MapPanel';
import { useBigDataWatchers } from './module';
import { ageText, Panel } from './Panel';
import { RecyclingPanelBody } from './RecyclingPanelBody';
import { ReplayBar, useReplayClock } from './ReplayBar';
import { figuresAt } from './replay';
import { panelReplays, type ChartPanelId } from './panels';
import { Ticker } from './Ticker';
import { WALL_DEFAULTS } from '../../../shared/bigdata';
import './bigdata.css';

const selectScreen = createSelector(
  [bigdataSlice.selectSlice, (s: RootState) => s.app.realtime, (s: RootState) => s.app.session.tenant?.name ?? null],
  (bigdata, realtime, tenantName) => ({ bigdata, realtime, tenantName }),
);

/** What the figures fold: everything but raw readings, which no panel draws. */
const SCREEN_STREAMS: readonly LiveStream[] = ['warnings', 'devices', 'storage', 'transfer', 'inventory', 'recycling'];

/** Figures are read every minute: twice that without a read and a panel shows its age. */
const EXPECTED_AGE_MS = 2 * RECONCILE_MS;

export type ScreenMode = 'shell' | 'wall';

/** The grid's places around the map and the ticker, which stay where they are. */
type Slot = 'l1' | 'l2' | 'l3' | 'warn' | 'r1' | 'r2' | 'r3a' | 'r3b';

/**
 * What fills the places: the first set in the shell; a wall turns through them (transfers and the household-waste
 * scheme, then monitoring).
 */
const PANEL_SETS: readonly Record<Slot, ChartPanelId>[] = [
  { l1: 'trendDays', l2: 'recycling', l3: 'wastes', warn: 'warningsWeek', r1: 'top', r2: 'disposal', r3a: 'fill', r3b: 'online' },
  { l1: 'warningTypes', l2: 'trendMonths', l3: 'online', warn: 'stages', r1: 'top', r2: 'trendDays', r3a: 'fill', r3b: 'wastes' },
];
export const PANEL_SET_COUNT = PANEL_SETS.length;

/**
 * Every chart panel the screen may show, each with its place in the set on show (null: off screen for now). A wall
 * keeps the panels of all its sets mounted and moves them between places, so a turn re-places charts rather than
 * rebuilding them: days of turning every 30 s would otherwise build and throw away thousands of chart views.
 */
export function panelPlaces(mode: ScreenMode, panelSet: number): [ChartPanelId, Slot | null][] {
  const shown = PANEL_SETS[panelSet % PANEL_SETS.length];
  const sets = mode === 'wall' ? PANEL_SETS : [shown];
  const ids = [...new Set(sets.flatMap((set) => Object.values(set)))];
  const slotOf = new Map((Object.keys(shown) as Slot[]).map((slot) => [shown[slot], slot]));
  return ids.map((id) => [id, slotOf.get(id) ?? null]);
}

/**
 * The big-data screen, designed at 1920 × 1080 and laid out for the box it gets: a grid whose text and chart sizes
 * follow the box's scale, with every chart drawn at the screen's own pixels. The store is read once per animation
 * frame for the whole screen.
 */
interface BigDataScreenProps {
  mode: ScreenMode;
  /** Which panel set fills the grid (a wall turns through them). */
  panelSet?: number;
  /** Over the header, e.g. the wall's stale-data banner. */
  banner?: ReactNode;
  /** The title an administrator set for the wall, instead of the product's. */
  title?: string | null;
}

export function BigDataScreen({ mode, panelSet = 0, banner, title }: BigDataScreenProps) {
  useBigDataWatchers();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(bigDataScreenShown());
    return () => {
      dispatch(bigDataScreenLeft());
    };
  }, [dispatch]);
  useLiveStreams(SCREEN_STREAMS);
  const { bigdata, realtime, tenantName } = useFrameSelector(selectScreen);
  const now = useNow(1000);
  const zone = useTimeZone();
  const { ref, scale } = useScreenScale();
  const replay = bigdata.replay;
  const timeline = replay.status === 'ready' ? replay.timeline : null;
  const backToLive = useCallback(() => dispatch(bigdataActions.replayClosed()), [dispatch]);
  const clock = useReplayClock(timeline, backToLive);
  // A replay redraws once a replayed second, not every frame.
  const replaySecond = Math.floor(clock.position / 1000) * 1000;
  const figures = useMemo(() => (timeline ? figuresAt(timeline, replaySecond) : bigdata.figures), [timeline, replaySecond, bigdata.figures]);
  const overview = figures?.overview ?? null;
  const replayMinutes = bigdata.wall?.replayMinutes ?? WALL_DEFAULTS.replayMinutes;
  const canAdminister = useAppSelector(selectIsGranted)('Pages.Users');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const ctx = useMemo(() => ({ t, scale, zone }), [t, scale, zone]);
  const trends = bigdata.trends;
  // Each chart's option is rebuilt only when its own figures change: a weight event redraws the fill chart, not all.
  const { topProducers, disposal: disposalTonnes, warningsByDay, fillBands, onlineByHour, openWarnings, manifests, recycling } = overview ?? {};
  const kgToday = recycling?.kgToday;
  const recyclingKg = useMemo(() => kgToday && recyclingKgOption(kgToday, ctx), [kgToday, ctx]);
  const top = useMemo(() => topProducers && topProducersOption(topProducers, ctx), [topProducers, ctx]);
  const disposal = useMemo(() => disposalTonnes && disposalOption(disposalTonnes, ctx), [disposalTonnes, ctx]);
  const warningsWeek = useMemo(() => warningsByDay && warningsWeekOption(warningsByDay, ctx), [warningsByDay, ctx]);
  const fill = useMemo(() => fillBands && fillOption(fillBands, ctx), [fillBands, ctx]);
  const online = useMemo(() => onlineByHour && onlineDayOption(onlineByHour, ctx), [onlineByHour, ctx]);
  const warningTypes = useMemo(() => openWarnings && warningTypesOption(openWarnings, ctx), [openWarnings, ctx]);
  const stages = useMemo(() => manifests && stagesOption(manifests, ctx), [manifests, ctx]);
  const options = top && disposal && warningsWeek && fill && online && warningTypes && stages && recyclingKg
    ? { top, disposal, warningsWeek, fill, online, warningTypes, stages, recycling: recyclingKg } : null;
  const trendOptions = useMemo(() => (trends ? {
    trendDays: trendOption(trends.days, ctx), trendMonths: trendOption(trends.months, ctx), wastes: wastesOption(trends.wastes, ctx),
  } : null), [trends, ctx]);
  const age = ageText(bigdata.loadedAt, now, EXPECTED_AGE_MS, t);
  const trendAge = ageText(bigdata.trendsLoadedAt, now, EXPECTED_AGE_MS, t);
  const style = { '--bd-scale': scale } as CSSProperties;

  const chartPanel = (id: ChartPanelId, slot: Slot | null) => {
    const fromTrends = id === 'trendDays' || id === 'trendMonths' || id === 'wastes';
    const option = fromTrends ? trendOptions?.[id] : options?.[id];
    // An empty pie or bar chart draws a grey ring or bare axes: say so in words instead.
    // Replaying, a panel that events cannot move says it shows the last read, and steps back.
    const notReplayed = timeline !== null && !panelReplays(id);
    const empty = id === 'wastes' && trends !== null && trends.wastes.items.length === 0 ? t('bigdata.empty')
      : id === 'warningTypes' && overview !== null && overview.openWarnings.every((c) => c.count === 0) ? t('bigdata.noOpenWarnings') : null;
    return (
      <Panel
        key={id} title={t(`bigdata.${id}`)} testId={`bd-${id}`}
        age={notReplayed ? t('bigdata.notReplayed') : fromTrends ? trendAge : age}
        className={`${slot ? `bd-slot-${slot}` : 'bd-slot-off'}${notReplayed ? ' bd-not-replayed' : ''}`}
      >
        {empty ? <div className="bd-empty">{empty}</div>
          : id === 'recycling' && recycling && option ? <RecyclingPanelBody figures={recycling} option={option} t={t} />
            : option && <Chart option={option} testId={`bd-${id}-chart`} />}
      </Panel>
    );
  };

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
        {/* data-seq: the last event the drawn figures hold, so that a test or a probe can tell an event has reached the screen. */}
        <div className="bd-grid" data-testid="bd-grid" data-panel-set={panelSet % PANEL_SETS.length} data-seq={figures?.seq}>
          {panelPlaces(mode, panelSet).map(([id, slot]) => chartPanel(id, slot))}
          <MapPanel overview={overview} card={bigdata.card} scale={scale} t={t} />
          <Panel title={t('bigdata.ticker')} testId="bd-ticker" className="bd-slot-tick">
            <Ticker lines={overview.recent} t={t} zone={zone} />
          </Panel>
        </div>
      </>
    );
  }

  return (
    <div ref={ref} className={`bd-screen bd-${mode}`} style={style} data-testid="bd-screen" data-live={realtime}>
      <header className="bd-header">
        <span className="bd-tenant">{overview?.tenantName ?? tenantName ?? ''}</span>
        <h1 className="bd-title" data-testid="bd-title">{title || t('bigdata.title')}</h1>
        <span className="bd-clock">
          {replay.status === 'off' && overview && (
            <Button
              className="bd-header-button" icon="history" variant="minimal" size="small" text={t('bigdata.replay')} data-testid="bd-replay-open"
              onClick={() => dispatch(bigdataActions.replayRequested(replayMinutes))}
            />
          )}
          {replay.status === 'loading' && <span className="bd-muted">{t('bigdata.replayLoading')}</span>}
          {replay.status === 'failed' && (
            <Button className="bd-header-button" icon="cross" variant="minimal" size="small" onClick={backToLive}
              text={t('bigdata.replayFailed', { message: replay.error })} />
          )}
          {mode === 'shell' && canAdminister && (
            <Button
              className="bd-header-button" icon="cog" variant="minimal" size="small" text={t('bigdata.wallSettings')}
              onClick={() => setSettingsOpen(true)} data-testid="bd-wall-settings"
            />
          )}
          <span data-testid="bd-clock">{formatClock(now, zone)}</span>
        </span>
      </header>
      {banner}
      {body}
      {settingsOpen && <WallSettingsDialog isOpen onClose={() => setSettingsOpen(false)} />}
      {replay.status === 'ready' && (
        <ReplayBar timeline={replay.timeline} clock={clock} truncated={replay.truncated} zone={zone} onClose={backToLive} t={t} />
      )}
    </div>
  );
}
