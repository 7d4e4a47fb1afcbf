import { Button, Callout, Classes, Drawer, DrawerSize, HTMLSelect, NonIdealState, Tag } from '@blueprintjs/core';
import * as echarts from 'echarts/core';
import { LineChart, ScatterChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useEffect, useMemo, useState } from 'react';
import { useAppDispatch, useAppSelector, useChunkSagas } from '../../app/hooks';
import { dayOf, parseCalendarDate } from '../../../shared/time';
import { useTimeZone } from '../../session/useTimeZone';
import { currentTime } from '../../time/clock';
import { DateField } from '../../time/DateField';
import { describeError, formatDateTime, useCrudTranslation, type Translate } from '../../crud';
import { useAMap, useAMapInstance, type AMapApi, type AMapOverlay } from '../../util/useAMap';
import { mapOpened, mapRequested, selectCollectorMap, watchCollectorMap, type CollectorPosition, type TrackPoint } from './collectorMap';

echarts.use([ScatterChart, LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

const TRACK_COLOUR = '#2d72d2';
const POSITION_COLOUR = '#c87619';

/**
 * With no map tiles (no key, no internet), positions are plotted on longitude and latitude axes: at a street's scale
 * that keeps distances and directions true enough to follow a round.
 */
function OfflinePlot({ positions, track, t }: { positions: CollectorPosition[]; track: TrackPoint[]; t: Translate }) {
  const zone = useTimeZone();
  const option = useMemo<EChartsOption>(() => {
    const points = [...positions.map((p) => [p.longitude, p.latitude]), ...track.map((p) => [p.longitude, p.latitude])];
    const lngs = points.map((p) => p[0]);
    const lats = points.map((p) => p[1]);
    const pad = 0.002;
    return {
      animation: false,
      grid: { left: 64, right: 24, top: 16, bottom: 40 },
      tooltip: { trigger: 'item' },
      xAxis: { type: 'value', name: t('recycling.longitude'), scale: true, min: Math.min(...lngs) - pad, max: Math.max(...lngs) + pad, axisLabel: { formatter: (v: number) => v.toFixed(3) } },
      yAxis: { type: 'value', name: t('recycling.latitude'), scale: true, min: Math.min(...lats) - pad, max: Math.max(...lats) + pad, axisLabel: { formatter: (v: number) => v.toFixed(3) } },
      series: [
        { type: 'line', name: t('recycling.track'), data: track.map((p) => ({ value: [p.longitude, p.latitude], name: formatDateTime(p.at, zone) })), symbolSize: 4, lineStyle: { color: TRACK_COLOUR }, itemStyle: { color: TRACK_COLOUR } },
        {
          type: 'scatter', name: t('recycling.latestPositions'), symbolSize: 12, itemStyle: { color: POSITION_COLOUR },
          data: positions.map((p) => ({ value: [p.longitude, p.latitude], name: `${p.name} ${formatDateTime(p.at, zone)}` })),
          label: { show: true, position: 'right', formatter: (params: { name: string }) => params.name.split(' ')[0] },
        },
      ],
    };
  }, [positions, track, t, zone]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height: '100%', minHeight: 420, width: '100%' }} />;
}

/** The same on AMap's tiles when the tenant has a key and the script loads. */
function TiledMap({ api, positions, track }: { api: AMapApi; positions: CollectorPosition[]; track: TrackPoint[] }) {
  const { box, map } = useAMapInstance(api, { viewMode: '2D', zoom: 14 });
  useEffect(() => {
    const current = map.current;
    if (!current) return undefined;
    const overlays: AMapOverlay[] = [
      ...(track.length > 1 ? [new api.Polyline({ path: track.map((p) => [p.longitude, p.latitude]), strokeColor: TRACK_COLOUR, strokeWeight: 4, showDir: true })] : []),
      ...positions.map((p) => new api.CircleMarker({ center: [p.longitude, p.latitude], radius: 8, fillColor: POSITION_COLOUR, fillOpacity: 0.9, strokeWeight: 1 })),
    ];
    current.add(overlays);
    if (overlays.length > 0) current.setFitView(overlays, true);
    return () => current.remove(overlays);
  }, [api, map, positions, track]);
  return <div ref={box} style={{ height: '100%', minHeight: 420 }} data-testid="collector-amap" />;
}

/** Where the collectors were on a day: everyone's latest position, and one collector's round. */
export function CollectorMapDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  useChunkSagas(watchCollectorMap);
  const { t } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const amap = useAMap();
  const zone = useTimeZone();
  const { date, positions, collectorId, track, loading, error } = useAppSelector(selectCollectorMap);
  const [day, setDay] = useState(date);
  // The day the store shows, once known (the first opening sets it): the input follows it.
  const [shownDate, setShownDate] = useState(date);
  if (shownDate !== date) {
    setShownDate(date);
    setDay(date);
  }
  useEffect(() => {
    if (isOpen) dispatch(mapOpened(dayOf(currentTime(), zone)));
  }, [isOpen, dispatch, zone]);

  const ask = (next: { date?: string; collectorId?: number | null }) =>
    dispatch(mapRequested({ date: next.date ?? date ?? dayOf(currentTime(), zone), collectorId: next.collectorId === undefined ? collectorId : next.collectorId }));

  let body;
  if (error) body = <Callout intent="danger" icon="error">{describeError(error)}</Callout>;
  else if (!loading && positions.length === 0) body = <NonIdealState icon="map-marker" title={t('recycling.noPositions')} />;
  else if (amap) body = <TiledMap api={amap} positions={positions} track={track} />;
  else body = <OfflinePlot positions={positions} track={track} t={t} />;

  return (
    <Drawer isOpen={isOpen} onClose={onClose} size={DrawerSize.LARGE} icon="map" title={t('recycling.collectorMap')}>
      <div className={Classes.DRAWER_BODY} data-testid="collector-map" style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ padding: 12, display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <DateField value={day} ariaLabel={t('recycling.mapDate')} testId="collector-map-date" width={130} onChange={setDay} />
          <Button icon="search" text={t('common.search')} loading={loading} disabled={!parseCalendarDate(day)}
            onClick={() => ask({ date: parseCalendarDate(day) ?? undefined })} />
          <HTMLSelect aria-label={t('recycling.track')} value={collectorId ?? ''} data-testid="collector-map-track"
            onChange={(e) => ask({ collectorId: e.currentTarget.value === '' ? null : Number(e.currentTarget.value) })}
            options={[{ value: '', label: t('recycling.noTrack') }, ...positions.map((p) => ({ value: p.collectorId, label: p.name }))]} />
          <Tag minimal>{t('recycling.positionsCount', { count: positions.length })}</Tag>
          {!amap && <Tag minimal intent="warning" icon="offline">{t('recycling.offlineMap')}</Tag>}
        </div>
        <div style={{ flex: 1, minHeight: 0, padding: '0 12px 12px' }}>{body}</div>
      </div>
    </Drawer>
  );
}
