import type { EChartsOption } from 'echarts';
import { warningType } from '../../../shared/enums';
import { createTranslator } from '../../crud/translator';
import {
  disposalOption, fillOption, onlineDayOption, recyclingKgOption, stagesOption, topProducersOption, trendOption, warningsWeekOption,
  warningTypesOption, wastesOption,
} from './charts';
import { CHINA, overviewFixture } from './test-support';

// Charts take updates by merging, series matched by id: a series without one would be rebuilt on every update, and
// one whose figures are gone must not keep its id, or it would stay drawn.
const ctx = { t: createTranslator('zh-CN'), scale: 1, zone: CHINA };
const seriesOf = (option: EChartsOption) => (Array.isArray(option.series) ? option.series : [option.series]);
const idsOf = (option: EChartsOption) => seriesOf(option).map((s) => s?.id);

describe('the big-data charts', () => {
  it('name every series, once per chart', () => {
    const overview = overviewFixture();
    const trend = { granularity: 'day' as const, items: [{ period: '2026-11-20', orderCount: 1, quantity: 2, receivedQuantity: 1 }] };
    const options = [
      trendOption(trend, ctx), wastesOption({ items: [] }, ctx), topProducersOption(overview.topProducers, ctx),
      disposalOption(overview.disposal, ctx), fillOption(overview.fillBands, ctx), onlineDayOption(overview.onlineByHour, ctx),
      warningTypesOption(overview.openWarnings, ctx), stagesOption(overview.manifests, ctx), recyclingKgOption(overview.recycling.kgToday, ctx),
    ];
    for (const option of options) {
      const ids = idsOf(option);
      expect(ids.every((id) => typeof id === 'string' && id !== '')).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('give the warnings of the week one series per type that occurred, by the type\'s id', () => {
    const [first, second] = warningType.options.map((o) => Number(o.value));
    const week = (counts: Record<number, number>) => overviewFixture().warningsByDay.map((d, i) => ({
      day: d.day, counts: d.counts.map((c) => ({ ...c, count: i === 0 ? counts[c.warningType] ?? 0 : 0 })),
    }));
    expect(idsOf(warningsWeekOption(week({ [first]: 2, [second]: 1 }), ctx))).toEqual([`type-${first}`, `type-${second}`]);
    expect(idsOf(warningsWeekOption(week({ [second]: 1 }), ctx))).toEqual([`type-${second}`]);
  });

  it('label the hours of the online chart on the tenant\'s clock, whatever zone the hours were written in', () => {
    // The 24 hours up to China's midnight of the 28th and past it: 22:00, 23:00, 00:00 and 01:00 in China.
    const onlineByHour = ['2026-11-27T22:00:00+08:00', '2026-11-27T15:00:00Z', '2026-11-28T00:00:00+08:00', '2026-11-27T17:00:00Z']
      .map((hour) => ({ hour, ratio: 1 }));
    const axis = (zone: string) => (onlineDayOption(onlineByHour, { ...ctx, zone }).xAxis as { data: string[] }).data;
    expect(axis(CHINA)).toEqual(['22', '23', '00', '01']);
    expect(axis('UTC')).toEqual(['14', '15', '16', '17']);
  });

  it('leave the value labels of bars room for their text on a small screen, whose text does not shrink below 11 px', () => {
    const kg = [{ rubbishType1: 1, kg: 12345.6 }, { rubbishType1: 2, kg: 0.4 }, { rubbishType1: 3, kg: 80 }, { rubbishType1: 4, kg: 0 }];
    const option = recyclingKgOption(kg, { ...ctx, scale: 0.7 });
    // "12,345.6 千克" at 11 px: eight digits and signs and a space at about 0.6 em, two Chinese characters at 1 em.
    expect((option.grid as { right: number }).right).toBeGreaterThanOrEqual(Math.ceil(9 * 0.6 * 11 + 2 * 11));
    // The classes from the top in the standard's order (a bar chart draws its first category at the bottom).
    expect((option.yAxis as { data: string[] }).data).toEqual(['其他垃圾', '厨余垃圾', '有害垃圾', '可回收物']);
  });
});
