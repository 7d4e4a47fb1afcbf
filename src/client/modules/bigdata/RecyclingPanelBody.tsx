import type { EChartsOption } from 'echarts';
import type { RecyclingFigures } from '../../../shared/bigdata';
import type { Translate } from '../../crud/types';
import { Chart } from './Chart';
import { formatCount } from './format';

interface RecyclingPanelBodyProps {
  figures: RecyclingFigures;
  /** The kilograms per class (recyclingKgOption). */
  option: EChartsOption;
  t: Translate;
}

/** The scheme's day in one panel: participation and points as figures over the four classes' kilograms. */
export function RecyclingPanelBody({ figures, option, t }: RecyclingPanelBodyProps) {
  const { enrolled, participating } = figures.households;
  const rate = enrolled > 0 ? `${(Math.round((participating / enrolled) * 1000) / 10).toLocaleString('zh-CN')}%` : '—';
  const nothingYet = figures.kgToday.every((c) => c.kg === 0);
  return (
    <div className="bd-recycling">
      <div className="bd-recycling-figures">
        <div className="bd-recycling-figure" data-testid="bd-recycling-participation">
          <span className="bd-tile-label" title={t('bigdata.recyclingParticipation')}>{t('bigdata.recyclingParticipation')}</span>
          <span className="bd-recycling-value bd-good">{rate}</span>
          <span className="bd-tile-sub">{t('bigdata.recyclingHouseholds', { participating: formatCount(participating), enrolled: formatCount(enrolled) })}</span>
        </div>
        <div className="bd-recycling-figure" data-testid="bd-recycling-issued">
          <span className="bd-tile-label" title={t('bigdata.recyclingIssued')}>{t('bigdata.recyclingIssued')}</span>
          <span className="bd-recycling-value">{formatCount(figures.pointsToday.issued)}</span>
        </div>
        <div className="bd-recycling-figure" data-testid="bd-recycling-redeemed">
          <span className="bd-tile-label" title={t('bigdata.recyclingRedeemed')}>{t('bigdata.recyclingRedeemed')}</span>
          <span className="bd-recycling-value bd-warm">{formatCount(figures.pointsToday.redeemed)}</span>
        </div>
      </div>
      {nothingYet ? <div className="bd-empty">{t('bigdata.recyclingNoWaste')}</div> : <Chart option={option} testId="bd-recycling-chart" />}
    </div>
  );
}
