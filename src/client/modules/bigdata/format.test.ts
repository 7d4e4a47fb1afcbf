import { formatChange, formatCount, formatKg, formatTonnes } from './format';

describe('the screen\'s number formatter', () => {
  it('never writes a negative zero, whatever rounds to nothing', () => {
    for (const value of [-0, -0.001, -0.004, 0.004]) expect(formatTonnes(value)).toBe('0');
    expect(formatKg(-0.04)).toBe('0');
    expect(formatCount(-0)).toBe('0');
    expect(formatChange(100, 100.00001)).toBe('0%');
    expect(formatChange(99.99999, 100)).toBe('0%');
  });

  it('keeps real negatives and the usual digits', () => {
    expect(formatTonnes(-0.006)).toBe('-0.01');
    expect(formatTonnes(1234.56)).toBe('1,234.6');
    expect(formatTonnes(12.345)).toBe('12.35');
    expect(formatKg(1234.56)).toBe('1,234.6');
    expect(formatCount(12345)).toBe('12,345');
    expect(formatChange(234.2, 100)).toBe('+134.2%');
    expect(formatChange(50, 100)).toBe('−50%');
    expect(formatChange(5, 0)).toBeNull();
  });
});
