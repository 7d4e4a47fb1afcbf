import { Button, ButtonGroup, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { BigDataOverview, EnterpriseCard } from '../../../shared/bigdata';
import { useAppDispatch } from '../../app/hooks';
import type { Translate } from '../../crud/types';
import { bigdataActions, type BigDataState } from './bigdataSlice';
import { Chart } from './Chart';
import { formatCount, formatTonnes } from './format';
import { useEffectsWhileSmooth } from './hooks';
import { AMapView } from './map/AMapView';
import { registerChinaMap } from './map/registerChina';
import { useAMap } from '../../util/useAMap';
import { mapOption } from './mapOption';
import { Panel } from './Panel';

registerChinaMap();

type FlowWindow = 'day' | 'week';

const idOf = (data: unknown): number | null =>
  typeof data === 'object' && data !== null && 'id' in data && typeof data.id === 'number' ? data.id : null;
const enterpriseOf = (data: unknown): number | null =>
  typeof data === 'object' && data !== null && 'enterpriseId' in data && typeof data.enterpriseId === 'number' ? data.enterpriseId : null;

function CardView({ state, t, onClose }: { state: NonNullable<BigDataState['card']>; t: Translate; onClose: () => void }) {
  const card: EnterpriseCard | null = state.card;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="bd-card" role="dialog" aria-label={card?.name} data-testid="bd-card">
      <Button className="bd-card-close" icon="cross" variant="minimal" size="small" aria-label={t('bigdata.close')} onClick={onClose} />
      {state.status === 'loading' && <Spinner size={20} />}
      {state.status === 'failed' && <div className="bd-bad">{state.error}</div>}
      {card && (
        <>
          <h4 data-testid="bd-card-name">{card.name}</h4>
          <div className="bd-card-kinds">
            {card.kinds.map((k) => <Tag key={k} minimal>{t(`enum.corporateType.${k}`)}</Tag>)}
          </div>
          {card.address && <div className="bd-card-address">{card.address}</div>}
          <dl>
            <dt>{t('bigdata.cardStock')}</dt><dd>{t('bigdata.tonnesValue', { value: formatTonnes(card.stockTonnes) })}</dd>
            <dt>{t('bigdata.cardDevices')}</dt><dd>{formatCount(card.devices.online)} / {formatCount(card.devices.total)}</dd>
            <dt>{t('bigdata.cardWarnings')}</dt><dd className={card.openWarnings > 0 ? 'bd-bad' : ''}>{formatCount(card.openWarnings)}</dd>
            <dt>{t('bigdata.cardManifest')}</dt>
            <dd>{card.latestManifest
              ? `${card.latestManifest.manifestNo} · ${t(`bigdata.stage_${card.latestManifest.stage}`)} · ${card.latestManifest.plannedDate}`
              : t('bigdata.cardNoManifest')}</dd>
          </dl>
        </>
      )}
    </div>
  );
}

/**
 * The tenant's enterprises, devices and flows on China's map (AMap's when it loads, the offline one otherwise); a click on
 * a point opens its enterprise's card.
 */
export function MapPanel({ overview, card, scale, t }: { overview: BigDataOverview; card: BigDataState['card']; scale: number; t: Translate }) {
  const dispatch = useAppDispatch();
  const effects = useEffectsWhileSmooth();
  const [flowWindow, setFlowWindow] = useState<FlowWindow>('week');
  const { enterprises, devices, flows } = overview.map;
  const option = useMemo(
    () => mapOption({ enterprises, devices, flows: flows[flowWindow], effects }, { t, scale }),
    [enterprises, devices, flows, flowWindow, effects, t, scale],
  );
  const onEvents = useMemo(() => ({
    click: (params: { seriesId?: string; data?: unknown }) => {
      const id = params.seriesId === 'devices' || params.seriesId === 'warnings' ? enterpriseOf(params.data) : idOf(params.data);
      if (id !== null && params.seriesId !== 'flows') dispatch(bigdataActions.cardRequested(id));
    },
  }), [dispatch]);
  const close = useMemo(() => () => dispatch(bigdataActions.cardClosed()), [dispatch]);
  const openCard = useCallback((id: number) => dispatch(bigdataActions.cardRequested(id)), [dispatch]);
  const amap = useAMap();
  return (
    <Panel
      title={t('bigdata.map')}
      testId="bd-map"
      className="bd-map"
      extra={(
        <ButtonGroup className="bd-switch">
          {(['day', 'week'] as const).map((w) => (
            <Button key={w} size="small" variant="minimal" active={flowWindow === w} onClick={() => setFlowWindow(w)} data-testid={`bd-flows-${w}`}>
              {t(w === 'day' ? 'bigdata.flowsDay' : 'bigdata.flowsWeek')}
            </Button>
          ))}
        </ButtonGroup>
      )}
    >
      {amap
        ? <AMapView api={amap} enterprises={enterprises} devices={devices} flows={flows[flowWindow]} onEnterprise={openCard} />
        : <Chart option={option} onEvents={onEvents} testId="bd-map-chart" />}
      {card && <CardView state={card} t={t} onClose={close} />}
    </Panel>
  );
}
