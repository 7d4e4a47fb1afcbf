import * as echarts from 'echarts/core';
import { BarChart, EffectScatterChart, LineChart, LinesChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { memo } from 'react';

// Only the chart types the screen draws: the full ECharts build is several times larger.
echarts.use([
  BarChart, LineChart, PieChart, ScatterChart, EffectScatterChart, LinesChart, GeoComponent, GridComponent, LegendComponent,
  TooltipComponent, CanvasRenderer,
]);

type ChartEvents = Record<string, (params: { seriesId?: string; data?: unknown }) => void>;

/**
 * Updates merge into the chart, series matched by id and the others dropped: the chart keeps its models and drawn
 * elements and changes what changed (a map's moving effects do not restart), where replacing the whole option would
 * rebuild it all many times a second for days.
 */
const REPLACE_MERGE = ['series'];

interface ChartProps {
  option: EChartsOption;
  onEvents?: ChartEvents;
  testId: string;
}

/**
 * A chart that fills its box, drawn at the screen's real pixels (devicePixelRatio), resized with its box. Updates are
 * lazy: ECharts draws them in its next frame, so a burst of changes costs one draw; an unchanged option object is not
 * even compared.
 */
export const Chart = memo(function Chart({ option, onEvents, testId }: ChartProps) {
  return (
    <div className="bd-chart" data-testid={testId}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        replaceMerge={REPLACE_MERGE}
        lazyUpdate
        onEvents={onEvents}
        opts={{ renderer: 'canvas', devicePixelRatio: typeof window === 'undefined' ? 1 : window.devicePixelRatio }}
        style={{ width: '100%', height: '100%' }}
      />
    </div>
  );
});
