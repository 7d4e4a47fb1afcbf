// The big-data screen's chart panels, and which of them a replay moves.
import type { BigDataOverview } from '../../../shared/bigdata';
import { FOLDED_FIGURES } from './fold';

export type ChartPanelId = 'trendDays' | 'trendMonths' | 'wastes' | 'top' | 'disposal' | 'warningsWeek' | 'fill' | 'online' | 'warningTypes' | 'stages' | 'recycling';

/**
 * What each chart panel draws: figures of the overview, or the trends read beside it. A replay moves a panel only when
 * events move what it draws (FOLDED_FIGURES); the others say that they show the last read instead.
 */
const PANEL_SOURCES: Record<ChartPanelId, keyof BigDataOverview | 'trends'> = {
  trendDays: 'trends', trendMonths: 'trends', wastes: 'trends', top: 'topProducers', disposal: 'disposal',
  warningsWeek: 'warningsByDay', fill: 'fillBands', online: 'onlineByHour', warningTypes: 'openWarnings', stages: 'manifests',
  recycling: 'recycling',
};

export const panelReplays = (id: ChartPanelId): boolean =>
  FOLDED_FIGURES.some((figure) => figure === PANEL_SOURCES[id]);

