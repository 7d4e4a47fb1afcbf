import type { BigDataOverview, PeriodTonnes } from '../../../shared/bigdata';
import type { Translate } from '../../crud/types';
import { formatChange, formatCount, formatTonnes } from './format';

interface TileProps {
  label: string;
  value: string;
  sub?: string;
  testId: string;
  tone?: 'bad' | 'good';
}

function Tile({ label, value, sub, testId, tone }: TileProps) {
  return (
    <div className="bd-tile" data-testid={testId}>
      <div className="bd-tile-label">{label}</div>
      <div className={`bd-tile-value ${tone ? `bd-${tone}` : ''}`} data-testid={`${testId}-value`}>{value}</div>
      {sub && <div className="bd-tile-sub" title={sub}>{sub}</div>}
    </div>
  );
}

function periodTile(key: 'today' | 'month' | 'year', period: PeriodTonnes, t: Translate) {
  const change = formatChange(period.tonnes, period.lastYear);
  return (
    <Tile
      key={key}
      testId={`bd-${key}`}
      label={t(`bigdata.${key}`)}
      value={t('bigdata.tonnesValue', { value: formatTonnes(period.tonnes) })}
      sub={change ? t('bigdata.yearOnYear', { change }) : t('bigdata.noComparison')}
    />
  );
}

/** The figures a control room reads first, in one row. */
export function Headline({ overview, t }: { overview: BigDataOverview; t: Translate }) {
  const { enterprises: e, devices, manifests } = overview;
  const openWarnings = overview.openWarnings.reduce((sum, c) => sum + c.count, 0);
  const topTypes = overview.openWarnings.filter((c) => c.count > 0).sort((a, b) => b.count - a.count).slice(0, 3);
  return (
    <div className="bd-headline" data-testid="bd-headline">
      <Tile
        testId="bd-enterprises" label={t('bigdata.enterprises')} value={formatCount(e.producers + e.transporters + e.receivers)}
        sub={`${t('bigdata.producers')} ${formatCount(e.producers)} · ${t('bigdata.transporters')} ${formatCount(e.transporters)} · ${t('bigdata.receivers')} ${formatCount(e.receivers)}`}
      />
      <Tile
        testId="bd-devices" label={t('bigdata.devicesOnline')} value={`${formatCount(devices.online)} / ${formatCount(devices.total)}`}
        sub={devices.total > 0 ? `${Math.round((devices.online / devices.total) * 1000) / 10}%` : undefined} tone="good"
      />
      <Tile
        testId="bd-warnings" label={t('bigdata.openWarnings')} value={formatCount(openWarnings)} tone={openWarnings > 0 ? 'bad' : undefined}
        sub={topTypes.map((c) => `${t(`enum.warningType.${c.warningType}`)} ${c.count}`).join(' · ') || undefined}
      />
      <Tile
        testId="bd-storage" label={t('bigdata.inStorage')} value={t('bigdata.tonnesValue', { value: formatTonnes(overview.storage.tonnes) })}
        sub={t('bigdata.stock', { value: t('bigdata.tonnesValue', { value: formatTonnes(overview.stockTonnes) }) })}
      />
      {periodTile('today', overview.transferred.today, t)}
      {periodTile('month', overview.transferred.month, t)}
      {periodTile('year', overview.transferred.year, t)}
      <Tile
        testId="bd-manifests" label={t('bigdata.manifests')}
        value={formatCount(manifests.draft + manifests.inTransit + manifests.returned)}
        sub={`${t('bigdata.stage_inTransit')} ${formatCount(manifests.inTransit)} · ${t('bigdata.stage_draft')} ${formatCount(manifests.draft)} · ${t('bigdata.stage_returned')} ${formatCount(manifests.returned)}`}
      />
    </div>
  );
}
