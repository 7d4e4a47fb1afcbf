import { wholeMonths } from './analyses';

describe('the whole months of a period of days', () => {
  it('are those the period covers from their first day to their last', () => {
    expect(wholeMonths({ from: '2026-06-01', to: '2026-06-30' })).toEqual({ from: '2026-06-01', until: '2026-07-01' });
    expect(wholeMonths({ from: '2025-11-27', to: '2026-11-26' })).toEqual({ from: '2025-12-01', until: '2026-11-01' });
    expect(wholeMonths({ from: '2026-02-01', to: '2026-02-28' })).toEqual({ from: '2026-02-01', until: '2026-03-01' });
    expect(wholeMonths({ from: '2025-12-01', to: '2025-12-31' })).toEqual({ from: '2025-12-01', until: '2026-01-01' });
  });

  it('are none when the period does not cover one', () => {
    expect(wholeMonths({ from: '2026-06-11', to: '2026-07-30' })).toBeNull();
    expect(wholeMonths({ from: '2026-06-02', to: '2026-06-30' })).toBeNull();
    expect(wholeMonths({ from: '2026-06-01', to: '2026-06-29' })).toBeNull();
  });
});
