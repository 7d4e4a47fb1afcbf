import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, MarkLineComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useMemo } from 'react';
import type { Translate } from '../../crud/types';
import { formatKg } from './format';
import { formatTime } from '../../time/display';

// Only the parts a line chart needs: the full echarts build is several times larger.
echarts.use([LineChart, GridComponent, TooltipComponent, MarkLineComponent, CanvasRenderer]);

interface WeightChartProps {
  /** [epoch ms, kg], ascending. */
  points: [number, number][];
  /** kg; drawn as a line when known. */
  capacity: number | null;
  t: Translate;
  /** The tenant's zone: the time axis reads its clock. */
  zone: string;
}

/** A storage point's weight over time, stepped (a weight holds until the next reading changes it). */
export default function WeightChart({ points, capacity, t, zone }: WeightChartProps) {
  const option = useMemo(() => ({
    animation: false,
    grid: { left: 56, right: 16, top: 24, bottom: 28 },
    tooltip: {
      trigger: 'axis',
      valueFormatter: (value: number) => t('monitoring.weightKg', { weight: formatKg(value) }),
    },
    xAxis: {
      type: 'time',
      axisLabel: { formatter: (value: number) => formatTime(value, zone, 'minute') },
    },
    yAxis: { type: 'value', name: t('monitoring.kg'), min: 0, axisLabel: { formatter: (value: number) => formatKg(value) } },
    series: [{
      type: 'line',
      step: 'end',
      showSymbol: points.length < 60,
      data: points,
      areaStyle: { opacity: 0.08 },
      ...(capacity ? {
        markLine: { symbol: 'none', silent: true, lineStyle: { type: 'dashed', color: '#c23030' }, data: [{ yAxis: capacity, name: t('monitoring.colCapacity') }] },
      } : {}),
    }],
  }), [points, capacity, t, zone]);
  return <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height: 260, width: '100%' }} />;
}
