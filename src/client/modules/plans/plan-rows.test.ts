import { createTranslator } from '../../crud/translator';
import {
  cellKey, formatTonnes, newRow, parseCellKey, rowsFromServer, rowsToPayload, validateRows, weightTotals, type PlanRowDraft,
} from './plan-rows';

const t = createTranslator('zh-CN');
const row = (patch: Partial<PlanRowDraft> = {}): PlanRowDraft => ({ ...newRow(), hazardouswasteId: 5, disposalMethod: 3, ...patch });

describe('plan rows', () => {
  it('starts a row with both weights at 0.01 tonnes and nothing picked, each with its own key', () => {
    const a = newRow();
    const b = newRow();
    expect(a).toMatchObject({ hazardouswasteId: null, thisyearweight: '0.01', lastyearweight: '0.01', disposalMethod: null, receiverId: null });
    expect(a.id).toBeUndefined();
    expect(a.key).not.toBe(b.key);
  });

  it('sends stored rows with their id and new rows without, weights as numbers', () => {
    const stored = rowsFromServer([{ id: 41, hazardouswasteId: 5, thisyearweight: 12.5, lastyearweight: '3.25', disposalMethod: 1, receiverId: 9, hazardouswasteName: '废矿物油' }]);
    expect(stored[0]).toMatchObject({ id: 41, thisyearweight: '12.5', lastyearweight: '3.25', hazardouswasteName: '废矿物油' });
    const added = row({ thisyearweight: ' 7 ', receiverId: null });
    expect(rowsToPayload([...stored, added])).toEqual([
      { id: 41, hazardouswasteId: 5, thisyearweight: 12.5, lastyearweight: 3.25, disposalMethod: 1, receiverId: 9 },
      { hazardouswasteId: 5, thisyearweight: 7, lastyearweight: 0.01, disposalMethod: 3, receiverId: null },
    ]);
  });

  it('names every bad cell by its server member name', () => {
    const errors = validateRows([
      row(),
      row({ hazardouswasteId: null, thisyearweight: '0', lastyearweight: 'abc', disposalMethod: null }),
      row({ thisyearweight: '1.23456', lastyearweight: '' }),
    ], t, 'zh-CN');
    expect(Object.keys(errors).sort()).toEqual([
      'details[1].disposalMethod', 'details[1].hazardouswasteId', 'details[1].lastyearweight', 'details[1].thisyearweight',
      'details[2].lastyearweight', 'details[2].thisyearweight',
    ]);
    expect(errors['details[1].thisyearweight']).toBe('本年度计划量必须大于0');
    expect(errors['details[1].lastyearweight']).toBe('上年度实际量必须是数字');
    expect(errors['details[2].thisyearweight']).toBe('本年度计划量最多保留4位小数');
    expect(errors['details[2].lastyearweight']).toBe('上年度实际量不能为空');
    expect(errors['details[1].hazardouswasteId']).toBe('危废不能为空');
  });

  it('reads cell keys back and ignores other keys', () => {
    expect(parseCellKey(cellKey(12, 'receiverId'))).toEqual({ index: 12, field: 'receiverId' });
    expect(parseCellKey('details')).toBeNull();
    expect(parseCellKey('year')).toBeNull();
  });

  it('totals the weights to the ten-thousandth and formats them in tonnes', () => {
    const totals = weightTotals([{ thisyearweight: '0.1', lastyearweight: 1000 }, { thisyearweight: 0.2, lastyearweight: '234.56' }, { thisyearweight: 'x' }]);
    expect(totals).toEqual({ thisyearweight: 0.3, lastyearweight: 1234.56 });
    expect(formatTonnes(totals.lastyearweight, 'zh-CN')).toBe('1,234.5600 吨');
    expect(formatTonnes(totals.thisyearweight, 'en-US')).toBe('0.3000 t');
    expect(formatTonnes(null, 'zh-CN')).toBe('');
  });
});
