// A small world as the overview reports it, for the screen's tests.
import type { BigDataOverview } from '../../../shared/bigdata';
import { disposalMethod, rubbishType1, warningType } from '../../../shared/enums';
import { addDays, DEFAULT_TIME_ZONE } from '../../../shared/time';

export const TODAY = '2026-11-20';
/** The tenant's zone of the fixtures: China (the test process runs in Los Angeles). */
export const CHINA = DEFAULT_TIME_ZONE;

export function overviewFixture(fields: Partial<BigDataOverview> = {}): BigDataOverview {
  const days = Array.from({ length: 7 }, (_, i) => addDays(TODAY, i - 6));
  return {
    asOf: `${TODAY}T10:00:00+08:00`,
    head: 100,
    tenantName: 'Default',
    enterprises: { producers: 2, transporters: 1, receivers: 1 },
    devices: { online: 2, total: 3 },
    openWarnings: warningType.options.map((o) => ({ warningType: Number(o.value), count: 0 })),
    storage: { tonnes: 1.5, capacityTonnes: 3, points: 3 },
    stockTonnes: 12,
    transferred: { today: { tonnes: 1, lastYear: 0.5 }, month: { tonnes: 10, lastYear: 8 }, year: { tonnes: 100, lastYear: 80 } },
    manifests: { draft: 0, inTransit: 0, returned: 0, completed: 0, voided: 0 },
    inProgressTonnes: 0,
    map: {
      enterprises: [
        { id: 1, name: '甲化工', kinds: [2], longitude: 120.1, latitude: 30.2 },
        { id: 2, name: '乙运输', kinds: [3], longitude: 120.3, latitude: 30.3 },
        { id: 3, name: '丙处置', kinds: [1], longitude: 120.5, latitude: 30.1 },
      ],
      devices: [1, 2, 3].map((id) => ({
        id, serialNumber: `SN-${id}`, enterpriseId: 1, longitude: 120.1, latitude: 30.2, onlineState: id === 3 ? 1 : 0,
        openWarnings: 0, fillRatio: 0.5,
      })),
      flows: { day: [], week: [] },
    },
    topProducers: [{ enterpriseId: 1, name: '甲化工', tonnes: 100 }],
    disposal: disposalMethod.options.map((o) => ({ disposalMethod: Number(o.value), tonnes: 0 })),
    warningsByDay: days.map((day) => ({ day, counts: warningType.options.map((o) => ({ warningType: Number(o.value), count: 0 })) })),
    fillBands: [0, 0, 3, 0, 0, 0],
    onlineByHour: [],
    recent: [],
    recycling: {
      kgToday: rubbishType1.options.map((o) => ({ rubbishType1: Number(o.value), kg: 0 })),
      households: { enrolled: 10, participating: 4 },
      pointsToday: { issued: 120, redeemed: 30 },
    },
    ...fields,
  };
}
