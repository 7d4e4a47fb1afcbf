import { Button, Callout, Card, HTMLSelect, HTMLTable, NonIdealState, NumericInput, Spinner } from '@blueprintjs/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/lib/core';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { rubbishType1 } from '../../../shared/enums';
import { pick, type Language } from '../../../shared/resource-kit';
import { useAppDispatch, useAppSelector, useChunkSagas } from '../../app/hooks';
import { describeError, formatDateTime, useCrudTranslation, type Translate } from '../../crud';
import { exportFileName, writeWorkbook } from '../../crud/export';
import { dayOf, parseCalendarDate } from '../../../shared/time';
import { useTimeZone } from '../../session/useTimeZone';
import { currentTime } from '../../time/clock';
import { DateField } from '../../time/DateField';
import { analysesRequested, defaultQuery, selectAnalyses, watchAnalyses, type AnalysesQuery, type AreaLevel, type Grain } from './analyses';

// Only the parts these charts need: the full ECharts build is several times larger.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const kg = (value: number) => value.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = (value: number) => value.toLocaleString('zh-CN');
const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** A column of a figure's table, as shown and as exported (numbers stay numbers in the sheet). */
interface Column<R> { header: string; value: (row: R) => string | number | null; show?: (row: R) => string; numeric?: boolean; width?: number }

function FigureTable<R>({ title, columns, rows, testId, t }: { title: string; columns: Column<R>[]; rows: R[]; testId: string; t: Translate }) {
  const zone = useTimeZone();
  const exportRows = () => writeWorkbook({
    fileName: exportFileName(title, currentTime(), zone), sheetName: title,
    columns: columns.map((c) => ({ field: c.header, header: c.header, width: c.width ?? 120 })),
    rows: rows.map((row) => Object.fromEntries(columns.map((c) => [c.header, c.value(row)]))),
  });
  return (
    <div style={{ marginTop: 8 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button size="small" variant="minimal" icon="export" text={t('common.export')} disabled={rows.length === 0} data-testid={`${testId}-export`} onClick={() => void exportRows()} />
      </div>
      {rows.length === 0 ? <NonIdealState icon="search" title={t('common.empty')} layout="horizontal" /> : (
        <div style={{ maxHeight: 260, overflow: 'auto' }}>
          <HTMLTable compact striped style={{ width: '100%' }} data-testid={testId}>
            <thead><tr>{columns.map((c) => <th key={c.header} style={c.numeric ? { textAlign: 'right' } : undefined}>{c.header}</th>)}</tr></thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>{columns.map((c) => (
                  <td key={c.header} style={c.numeric ? { textAlign: 'right' } : undefined}>{c.show ? c.show(row) : String(c.value(row) ?? '')}</td>
                ))}</tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </div>
  );
}

function Figure({ title, option, children, testId }: { title: string; option: EChartsOption | null; children: ReactNode; testId: string }) {
  return (
    <Card compact data-testid={testId} style={{ minWidth: 0 }}>
      <h4 className="bp6-heading" style={{ margin: '0 0 8px' }}>{title}</h4>
      {option && <ReactEChartsCore echarts={echarts} option={option} notMerge lazyUpdate style={{ height: 240, width: '100%' }} />}
      {children}
    </Card>
  );
}

const classNames = (language: Language) => rubbishType1.options.map((o) => pick(o.label, language));

/** The records' analyses: a period, then participation, trends, collectors, the top lists, points and silent households. */
export default function RecordsAnalyses() {
  useChunkSagas(watchAnalyses);
  const { t, language } = useCrudTranslation();
  const dispatch = useAppDispatch();
  const zone = useTimeZone();
  const { query, data, loading, error } = useAppSelector(selectAnalyses);
  const [draft, setDraft] = useState<AnalysesQuery>(() => query ?? defaultQuery(dayOf(currentTime(), zone)));
  // The tab's first showing reads the figures; a failure stays on screen until the clerk asks again.
  useEffect(() => {
    if (!data && !loading && !error) dispatch(analysesRequested(query ?? draft));
  }, [data, loading, error, dispatch, query, draft]);

  const classes = useMemo(() => classNames(language), [language]);
  const charts = useMemo(() => {
    if (!data) return null;
    const periods = [...new Set(data.trend.map((r) => r.period))];
    const trend: EChartsOption = {
      animation: false, tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 56, right: 16, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: periods }, yAxis: { type: 'value', name: t('recycling.kg') },
      series: rubbishType1.options.map((o, i) => ({
        type: 'bar', stack: 'kg', name: classes[i],
        data: periods.map((p) => data.trend.find((r) => r.period === p && r.rubbishType1 === o.value)?.weight ?? 0),
      })),
    };
    const participation: EChartsOption = {
      animation: false, tooltip: { trigger: 'axis', valueFormatter: (v) => percent(Number(v)) }, grid: { left: 48, right: 16, top: 16, bottom: 48 },
      xAxis: { type: 'category', data: data.participation.items.map((r) => r.areaName), axisLabel: { interval: 0, rotate: 30 } },
      yAxis: { type: 'value', max: 1, axisLabel: { formatter: (v: number) => percent(v) } },
      series: [{ type: 'bar', name: t('recycling.participationRate'), data: data.participation.items.map((r) => r.rate) }],
    };
    const collectors: EChartsOption = {
      animation: false, tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 56, right: 16, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: data.collectors.map((r) => r.name) }, yAxis: { type: 'value', name: t('recycling.kg') },
      series: (['weight1', 'weight2', 'weight3', 'weight4'] as const).map((key, i) => ({ type: 'bar', stack: 'kg', name: classes[i], data: data.collectors.map((r) => r[key]) })),
    };
    const flow: EChartsOption = {
      animation: false, tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 56, right: 16, top: 32, bottom: 28 },
      xAxis: { type: 'category', data: data.flow.map((r) => r.period) }, yAxis: { type: 'value' },
      series: [
        { type: 'line', name: t('recycling.pointsIssued'), data: data.flow.map((r) => r.issued) },
        { type: 'line', name: t('recycling.pointsRedeemed'), data: data.flow.map((r) => r.redeemed) },
      ],
    };
    return { trend, participation, collectors, flow };
  }, [data, classes, t]);

  const set = <K extends keyof AnalysesQuery>(key: K, value: AnalysesQuery[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const badPeriod = !parseCalendarDate(draft.from) || !parseCalendarDate(draft.to) || draft.from > draft.to;

  let body;
  if (error && !data) body = <Callout intent="danger" icon="error">{describeError(error)}</Callout>;
  else if (!data || !charts) body = <div style={{ padding: 40, textAlign: 'center' }}><Spinner size={28} /></div>;
  else {
    const total = data.participation.total;
    body = (
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(560px, 1fr))', gap: 12, opacity: loading ? 0.6 : 1 }}>
        <Figure title={t('recycling.participationTitle', { enrolled: count(total.enrolled), participating: count(total.participating), rate: percent(total.rate) })}
          option={charts.participation} testId="analysis-participation">
          <FigureTable title={t('recycling.participation')} testId="participation-table" t={t} rows={data.participation.items} columns={[
            { header: t('recycling.area'), value: (r) => r.areaName, width: 160 },
            { header: t('recycling.enrolled'), value: (r) => r.enrolled, show: (r) => count(r.enrolled), numeric: true },
            { header: t('recycling.participating'), value: (r) => r.participating, show: (r) => count(r.participating), numeric: true },
            { header: t('recycling.participationRate'), value: (r) => r.rate, show: (r) => percent(r.rate), numeric: true },
          ]} />
        </Figure>
        <Figure title={t('recycling.trend')} option={charts.trend} testId="analysis-trend">
          <FigureTable title={t('recycling.trend')} testId="trend-table" t={t} rows={data.trend} columns={[
            { header: t('recycling.period'), value: (r) => r.period },
            { header: t('resource.Rblist.fields.rubbishType1'), value: (r) => classes[r.rubbishType1 - 1] ?? '' },
            { header: t('recycling.kg'), value: (r) => r.weight, show: (r) => kg(r.weight), numeric: true },
            { header: t('recycling.records'), value: (r) => r.records, show: (r) => count(r.records), numeric: true },
          ]} />
        </Figure>
        <Figure title={t('recycling.collectorAnalysis')} option={charts.collectors} testId="analysis-collectors">
          <FigureTable title={t('recycling.collectorAnalysis')} testId="collectors-table" t={t} rows={data.collectors} columns={[
            { header: t('resource.Rblist.fields.collectorId'), value: (r) => r.name },
            { header: t('recycling.records'), value: (r) => r.records, show: (r) => count(r.records), numeric: true },
            { header: t('recycling.households'), value: (r) => r.households, show: (r) => count(r.households), numeric: true },
            { header: t('recycling.kg'), value: (r) => r.weight, show: (r) => kg(r.weight), numeric: true },
            ...(['weight1', 'weight2', 'weight3', 'weight4'] as const).map((key, i) => ({ header: classes[i], value: (r: typeof data.collectors[number]) => r[key], show: (r: typeof data.collectors[number]) => kg(r[key]), numeric: true })),
          ]} />
        </Figure>
        <Figure title={t('recycling.pointsFlow')} option={charts.flow} testId="analysis-flow">
          <FigureTable title={t('recycling.pointsFlow')} testId="flow-table" t={t} rows={data.flow} columns={[
            { header: t('recycling.period'), value: (r) => r.period },
            { header: t('recycling.pointsIssued'), value: (r) => r.issued, show: (r) => count(r.issued), numeric: true },
            { header: t('recycling.pointsRedeemed'), value: (r) => r.redeemed, show: (r) => count(r.redeemed), numeric: true },
          ]} />
        </Figure>
        {(['compounds', 'households', 'collectors'] as const).map((key) => (
          <Figure key={key} title={t(`recycling.top_${key}`)} option={null} testId={`analysis-top-${key}`}>
            <FigureTable title={t(`recycling.top_${key}`)} testId={`top-${key}-table`} t={t} rows={data.top[key]} columns={[
              { header: t('recycling.rank'), value: (r) => data.top[key].indexOf(r) + 1, numeric: true, width: 60 },
              { header: t('recycling.name'), value: (r) => r.name, width: 160 },
              { header: t('recycling.kg'), value: (r) => r.weight, show: (r) => kg(r.weight), numeric: true },
              { header: t('recycling.records'), value: (r) => r.records, show: (r) => count(r.records), numeric: true },
            ]} />
          </Figure>
        ))}
        <Figure title={t('recycling.silentTitle', { days: (query ?? draft).days, households: count(data.silent.households.totalCount), compounds: count(data.silent.compounds.length) })}
          option={null} testId="analysis-silent">
          <FigureTable title={t('recycling.silent')} testId="silent-table" t={t} rows={data.silent.households.items} columns={[
            { header: t('resource.BHUsers.title'), value: (r) => r.name },
            { header: t('resource.BHUsers.fields.cardNo'), value: (r) => r.cardNo },
            { header: t('resource.Rblist.fields.vareaId'), value: (r) => r.vareaName },
            { header: t('recycling.lastRecord'), value: (r) => (r.lastRecordTime ? formatDateTime(r.lastRecordTime, zone) : t('recycling.never')), width: 150 },
          ]} />
        </Figure>
      </div>
    );
  }

  return (
    <div style={{ padding: 12 }} data-testid="records-analyses">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', marginBottom: 12 }}>
        <label htmlFor="analyses-from">{t('recycling.period')}</label>
        <DateField id="analyses-from" value={draft.from} onChange={(v) => set('from', v ?? '')} testId="analyses-from" width={130} />
        <span>—</span>
        <DateField ariaLabel={t('recycling.periodEnd')} value={draft.to} onChange={(v) => set('to', v ?? '')} testId="analyses-to" width={130} />
        <HTMLSelect aria-label={t('recycling.level')} value={draft.level} data-testid="analyses-level" onChange={(e) => set('level', e.currentTarget.value as AreaLevel)}
          options={(['qarea', 'sarea', 'carea', 'varea'] as const).map((l) => ({ value: l, label: t(`recycling.level_${l}`) }))} />
        <HTMLSelect aria-label={t('recycling.grain')} value={draft.grain} data-testid="analyses-grain" onChange={(e) => set('grain', e.currentTarget.value as Grain)}
          options={[{ value: 'day', label: t('recycling.byDay') }, { value: 'month', label: t('recycling.byMonth') }]} />
        <label htmlFor="analyses-days">{t('recycling.silentDays')}</label>
        <NumericInput id="analyses-days" min={1} max={3650} value={draft.days} style={{ width: 64 }} onValueChange={(v) => set('days', Number.isFinite(v) && v >= 1 ? Math.trunc(v) : 1)} />
        <Button intent="primary" icon="search" text={t('recycling.analyse')} loading={loading} disabled={badPeriod} data-testid="analyses-run"
          onClick={() => dispatch(analysesRequested(draft))} />
        {error && data && <Callout intent="danger" icon="error" compact>{describeError(error)}</Callout>}
      </div>
      {body}
    </div>
  );
}
