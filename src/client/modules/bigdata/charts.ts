import type { EChartsOption } from 'echarts';
import { MANIFEST_STAGES, type BigDataOverview, type TimeStatistics, type WasteStatistics } from '../../../shared/bigdata';
import { rubbishType1, warningType } from '../../../shared/enums';
import type { Translate } from '../../crud/types';
import { formatCount, formatKg, formatTonnes } from './format';
import { formatTime } from '../../time/display';

/**
 * The option of each chart panel, from the figures. Sizes are design pixels of a 1920 × 1080 screen times `scale`, so
 * a 4K wall gets twice the text on a canvas drawn at its real pixels rather than a small canvas blown up.
 */
export interface ChartContext {
  t: Translate;
  scale: number;
  /** The tenant's zone: hour axes read its clock. */
  zone: string;
}

export const PALETTE = {
  text: '#cfe6ff',
  muted: '#7f9cc0',
  grid: 'rgba(61, 150, 255, 0.15)',
  accent: '#3ddcff',
  accent2: '#ffc94d',
  good: '#35d07f',
  bad: '#ff5a5a',
  off: '#7a8ba0',
  series: ['#3ddcff', '#ffc94d', '#35d07f', '#ff8a4d', '#b38cff', '#ff5a9a', '#5a8dff'],
} as const;

/** Text never below 11 px: a laptop's small screen must stay readable. */
export const fontPx = (scale: number, design: number) => Math.max(11, Math.round(design * scale));
/** Lines, symbols and margins scale freely, down to a pixel. */
export const sizePx = (scale: number, design: number) => Math.max(1, Math.round(design * scale));

function axisStyle(scale: number) {
  return {
    axisLabel: { color: PALETTE.muted, fontSize: fontPx(scale, 13) },
    axisLine: { lineStyle: { color: PALETTE.grid } },
    splitLine: { lineStyle: { color: PALETTE.grid } },
  };
}

function base({ scale }: ChartContext): EChartsOption {
  return {
    // One animation on first draw; live updates redraw without tweening (many a second on a busy day).
    animationDurationUpdate: 0,
    color: [...PALETTE.series],
    textStyle: { color: PALETTE.text, fontSize: fontPx(scale, 13) },
    grid: { left: sizePx(scale, 12), right: sizePx(scale, 16), top: sizePx(scale, 30), bottom: sizePx(scale, 8), containLabel: true },
    tooltip: { trigger: 'axis', textStyle: { fontSize: fontPx(scale, 13) } },
  };
}

const legend = (scale: number): EChartsOption['legend'] => ({
  top: 0, right: 0, textStyle: { color: PALETTE.text, fontSize: fontPx(scale, 12) }, itemWidth: sizePx(scale, 14), itemHeight: sizePx(scale, 8),
});

const tonnesFormatter = (ctx: ChartContext) => (value: unknown) => ctx.t('bigdata.tonnesValue', { value: formatTonnes(Number(value)) });

/** Declared and received tonnes per period: days as lines, months as bars. */
export function trendOption(stats: TimeStatistics, ctx: ChartContext): EChartsOption {
  const { t, scale } = ctx;
  const labels = stats.items.map((i) => (stats.granularity === 'month' ? i.period.slice(0, 7) : i.period.slice(5)));
  const type = stats.granularity === 'month' ? 'bar' : 'line';
  return {
    ...base(ctx),
    legend: legend(scale),
    tooltip: { trigger: 'axis', valueFormatter: tonnesFormatter(ctx), textStyle: { fontSize: fontPx(scale, 13) } },
    xAxis: { type: 'category', data: labels, ...axisStyle(scale), splitLine: { show: false } },
    yAxis: { type: 'value', ...axisStyle(scale) },
    series: [
      { id: 'declared', name: t('bigdata.declared'), type, data: stats.items.map((i) => i.quantity), smooth: true, showSymbol: false, areaStyle: type === 'line' ? { opacity: 0.15 } : undefined },
      { id: 'received', name: t('bigdata.received'), type, data: stats.items.map((i) => i.receivedQuantity), smooth: true, showSymbol: false },
    ],
  };
}

/** The waste codes with the most tonnes this year, largest on top. */
export function wastesOption(stats: WasteStatistics, ctx: ChartContext, top = 8): EChartsOption {
  const items = stats.items.slice(0, top).reverse();
  return horizontalBars(items.map((i) => i.wastecodeName ?? '—'), items.map((i) => i.quantity), ctx, PALETTE.accent2);
}

export function topProducersOption(topProducers: BigDataOverview['topProducers'], ctx: ChartContext): EChartsOption {
  const items = topProducers.slice().reverse();
  return horizontalBars(items.map((i) => i.name), items.map((i) => i.tonnes), ctx, PALETTE.accent);
}

/** About how wide `text` draws at `fontPx`: Chinese characters a full em, digits and Latin letters little over half. */
const textWidth = (text: string, px: number) => [...text].reduce((width, ch) => width + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6), 0) * px;

/** Bars across, one colour or one per bar, each labelled at its end. */
function horizontalBars(
  names: string[], values: number[], ctx: ChartContext, color: string | string[], unit: 'tonnes' | 'kg' | 'count' = 'tonnes',
  /** Long names go on two lines instead of being cut (few bars, each with height to spare). */
  wrapNames = false,
): EChartsOption {
  const label = unit === 'tonnes' ? formatTonnes : unit === 'kg' ? (kg: number) => ctx.t('bigdata.kgValue', { value: formatKg(kg) }) : formatCount;
  const { scale } = ctx;
  // The value labels sit right of the bars, outside the grid: room for the longest, whose text never shrinks below 11 px.
  const labelPx = Math.max(...values.map((v) => textWidth(label(v), fontPx(scale, 12))), 0);
  return {
    ...base(ctx),
    grid: { left: sizePx(scale, 8), right: Math.max(sizePx(scale, 56), Math.ceil(labelPx) + sizePx(scale, 10)), top: sizePx(scale, 8), bottom: sizePx(scale, 4), containLabel: true },
    tooltip: {
      trigger: 'axis', axisPointer: { type: 'shadow' }, textStyle: { fontSize: fontPx(scale, 13) },
      valueFormatter: unit === 'tonnes' ? tonnesFormatter(ctx) : (v) => label(Number(v)),
    },
    xAxis: { type: 'value', ...axisStyle(scale), axisLabel: { show: false } },
    yAxis: {
      type: 'category', data: names, ...axisStyle(scale), splitLine: { show: false },
      axisLabel: { color: PALETTE.text, fontSize: fontPx(scale, 13), width: sizePx(scale, 150), overflow: wrapNames ? 'break' : 'truncate', interval: 0 },
    },
    series: [{
      id: 'bars', type: 'bar', barMaxWidth: sizePx(scale, 16),
      data: values.map((value, i) => ({ value, itemStyle: { color: Array.isArray(color) ? color[i] : color, borderRadius: sizePx(scale, 3) } })),
      label: { show: true, position: 'right', color: PALETTE.text, fontSize: fontPx(scale, 12), formatter: (p) => label(Number(p.value)) },
    }],
  };
}

export function disposalOption(disposal: BigDataOverview['disposal'], ctx: ChartContext): EChartsOption {
  const { t, scale } = ctx;
  return {
    ...base(ctx),
    tooltip: { trigger: 'item', valueFormatter: tonnesFormatter(ctx), textStyle: { fontSize: fontPx(scale, 13) } },
    legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { color: PALETTE.text, fontSize: fontPx(scale, 12) }, itemWidth: sizePx(scale, 12), itemHeight: sizePx(scale, 8) },
    series: [{
      id: 'pie', type: 'pie', radius: ['42%', '72%'], center: ['36%', '52%'], label: { show: false },
      itemStyle: { borderColor: '#061a33', borderWidth: 2 },
      data: disposal.map((d) => ({ name: t(`enum.disposalMethod.${d.disposalMethod}`), value: d.tonnes })),
    }],
  };
}

/** Warnings raised per day, stacked by type (types that never occurred in the week are left out of the legend). */
export function warningsWeekOption(warningsByDay: BigDataOverview['warningsByDay'], ctx: ChartContext): EChartsOption {
  const { t, scale } = ctx;
  const types = warningType.options.map((o) => Number(o.value))
    .filter((type) => warningsByDay.some((d) => d.counts.some((c) => c.warningType === type && c.count > 0)));
  return {
    ...base(ctx),
    legend: { ...legend(scale), type: 'scroll' },
    xAxis: { type: 'category', data: warningsByDay.map((d) => d.day.slice(5)), ...axisStyle(scale), splitLine: { show: false } },
    yAxis: { type: 'value', minInterval: 1, ...axisStyle(scale) },
    series: types.map((type) => ({
      id: `type-${type}`, name: t(`enum.warningType.${type}`), type: 'bar', stack: 'warnings', barMaxWidth: sizePx(scale, 22),
      data: warningsByDay.map((d) => d.counts.find((c) => c.warningType === type)?.count ?? 0),
    })),
  };
}

const FILL_LABELS = ['0–20%', '20–40%', '40–60%', '60–80%', '80–100%', '≥100%'];
const FILL_COLOURS = [PALETTE.good, PALETTE.good, PALETTE.accent, PALETTE.accent2, '#ff8a4d', PALETTE.bad];

/** Storage points per fill band, fullest on top: bars across, so the band names fit a narrow panel. */
export function fillOption(fillBands: BigDataOverview['fillBands'], ctx: ChartContext): EChartsOption {
  return horizontalBars([...FILL_LABELS].reverse(), [...fillBands].reverse(), ctx, [...FILL_COLOURS].reverse(), 'count');
}

export function onlineDayOption(onlineByHour: BigDataOverview['onlineByHour'], ctx: ChartContext): EChartsOption {
  const { scale } = ctx;
  return {
    ...base(ctx),
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${Math.round(Number(v) * 1000) / 10}%`, textStyle: { fontSize: fontPx(scale, 13) } },
    xAxis: { type: 'category', data: onlineByHour.map((h) => formatTime(h.hour, ctx.zone, 'minute').slice(0, 2)), ...axisStyle(scale), splitLine: { show: false } },
    yAxis: { type: 'value', min: 0, max: 1, ...axisStyle(scale), axisLabel: { color: PALETTE.muted, fontSize: fontPx(scale, 12), formatter: (v: number) => `${v * 100}%` } },
    series: [{
      id: 'online', type: 'line', smooth: true, showSymbol: false, data: onlineByHour.map((h) => h.ratio),
      lineStyle: { color: PALETTE.good, width: sizePx(scale, 2) }, areaStyle: { color: PALETTE.good, opacity: 0.15 },
    }],
  };
}

/** Open warnings by type: what the supervisors are busy with now. */
export function warningTypesOption(openWarnings: BigDataOverview['openWarnings'], ctx: ChartContext): EChartsOption {
  const { t, scale } = ctx;
  return {
    ...base(ctx),
    tooltip: { trigger: 'item', textStyle: { fontSize: fontPx(scale, 13) } },
    legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { color: PALETTE.text, fontSize: fontPx(scale, 12) }, itemWidth: sizePx(scale, 12), itemHeight: sizePx(scale, 8) },
    series: [{
      id: 'pie', type: 'pie', radius: ['42%', '72%'], center: ['36%', '52%'], label: { show: false },
      itemStyle: { borderColor: '#061a33', borderWidth: 2 },
      data: openWarnings.filter((c) => c.count > 0).map((c) => ({ name: t(`enum.warningType.${c.warningType}`), value: c.count })),
    }],
  };
}

/** Manifests per stage, the open ones first. */
export function stagesOption(manifests: BigDataOverview['manifests'], ctx: ChartContext): EChartsOption {
  const stages = MANIFEST_STAGES.slice().reverse();
  return horizontalBars(stages.map((s) => ctx.t(`bigdata.stage_${s}`)), stages.map((s) => manifests[s]), ctx,
    stages.map((s) => (s === 'voided' ? PALETTE.off : s === 'completed' ? PALETTE.good : s === 'returned' ? PALETTE.bad : PALETTE.accent)), 'count');
}

/** The four classes' kilograms today, in the standard's order from the top, each in its sign colour. */
export function recyclingKgOption(kgToday: BigDataOverview['recycling']['kgToday'], ctx: ChartContext): EChartsOption {
  const classes = rubbishType1.options.map((o) => Number(o.value)).reverse();
  return horizontalBars(classes.map((c) => ctx.t(`enum.rubbishType1.${c}`)), classes.map((c) => kgToday.find((k) => k.rubbishType1 === c)?.kg ?? 0),
    ctx, classes.map((c) => CLASS_COLOURS[c] ?? PALETTE.accent), 'kg', true);
}

/** The colours of the GB/T 19095-2019 signs: recyclables blue, hazardous red, kitchen green, other grey. */
const CLASS_COLOURS: Record<number, string> = { 1: '#3d8bff', 2: PALETTE.bad, 3: PALETTE.good, 4: '#9aa8b8' };
