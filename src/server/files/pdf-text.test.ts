import { joinTextItems, type PositionedText } from './pdf-text';

const item = (str: string, x: number, y: number, width: number, hasEOL = false): PositionedText =>
  ({ str, transform: [12, 0, 0, 12, x, y], width, height: 12, hasEOL });

describe('joinTextItems', () => {
  it('starts a line where the baseline moves or an item ends one, and spaces visible gaps', () => {
    expect(joinTextItems([
      item('甲方：', 50, 700, 36), item('杭州绿源化工有限公司', 86, 700, 120),
      item('乙方：', 300, 700.5, 36),
      item('签订日期：2026年3月1日', 50, 684, 168, true),
      item('', 0, 0, 0, true),
      item('合同金额：', 50, 652, 60), item('128,000.00元', 110, 652, 72),
    ])).toBe('甲方：杭州绿源化工有限公司 乙方：\n签订日期：2026年3月1日\n合同金额：128,000.00元');
  });

  it('gives nothing for a page without text', () => {
    expect(joinTextItems([])).toBe('');
  });
});
