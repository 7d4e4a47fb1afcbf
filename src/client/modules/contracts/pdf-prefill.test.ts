import { applyPrefill, buildPrefill, matchEnterprise, normalizeAmount, normalizeDate } from './pdf-prefill';

const DIRECTORY = [
  { id: 1, name: '江苏某某环保科技有限公司' },
  { id: 2, name: '某某化工（南京）有限公司' },
  { id: 3, name: '某某化工' },
  { id: 4, name: '江苏某某环保科技集团有限公司' },
];
const PDF = { id: 90, name: '合同.pdf', size: 2048, contentType: 'application/pdf' };

describe('reading a contract PDF', () => {
  it('normalises the date spellings contracts use and refuses impossible dates', () => {
    expect(normalizeDate('2024年3月1日')).toBe('2024-03-01');
    expect(normalizeDate(' 2024 年 12 月 31 日 ')).toBe('2024-12-31');
    expect(normalizeDate('2024/3/5')).toBe('2024-03-05');
    expect(normalizeDate('2024.03.05')).toBe('2024-03-05');
    expect(normalizeDate('20240305')).toBe('2024-03-05');
    expect(normalizeDate('2024-03-05T00:00:00')).toBe('2024-03-05');
    expect(normalizeDate('2023年2月30日')).toBeNull();
    expect(normalizeDate('见附件')).toBeNull();
    expect(normalizeDate(null)).toBeNull();
  });

  it('reads amounts with separators, currency signs and 万', () => {
    expect(normalizeAmount('¥1,234,567.89元')).toBe('1234567.89');
    expect(normalizeAmount('人民币 12.5万元')).toBe('125000');
    expect(normalizeAmount(3000)).toBe('3000');
    expect(normalizeAmount('面议')).toBeNull();
  });

  it('matches party names exactly first, then by containment, closest length first', () => {
    expect(matchEnterprise('某某化工', DIRECTORY)).toBe(3);
    expect(matchEnterprise('某某化工(南京)有限公司', DIRECTORY)).toBe(2);
    expect(matchEnterprise('江苏某某环保科技', DIRECTORY)).toBe(1);
    expect(matchEnterprise('无关公司', DIRECTORY)).toBeNull();
    expect(matchEnterprise('', DIRECTORY)).toBeNull();
  });

  it('suggests values in the form’s shapes and lists the parties it could not match', () => {
    const { prefill, unmatched } = buildPrefill({
      contractNo: ' HT-2024-001 ', partyA: '某某化工（南京）有限公司', partyB: '不存在的公司', signDate: '2024年3月1日',
      startDate: '2024-03-01', expiryDate: 'unknown', amount: '¥12,000.00',
    }, DIRECTORY);
    expect(prefill).toEqual({ contractNo: 'HT-2024-001', partyAId: 2, signDate: '2024-03-01', startDate: '2024-03-01', amount: '12000' });
    expect(unmatched).toEqual(['不存在的公司']);
  });

  it('fills only the empty fields and attaches the PDF once', () => {
    const values = { contractNo: 'MINE-1', partyAId: null, partyBId: 4, signDate: '', startDate: '', amount: '', attachments: [{ id: 5, name: 'a.png', size: 1, contentType: 'image/png' }] };
    const prefill = { contractNo: 'HT-1', partyAId: 2, partyBId: 1, signDate: '2024-03-01', amount: '12000' };
    const { patch, filled } = applyPrefill(values, prefill, PDF);
    expect(patch).toEqual({ partyAId: 2, signDate: '2024-03-01', amount: '12000', attachments: [values.attachments[0], PDF] });
    expect(filled).toEqual(['partyAId', 'signDate', 'amount']);
    expect(applyPrefill({ ...values, attachments: [5, 90] }, {}, PDF).patch).toEqual({});
    // A value that is not a list yet (the form's empty text) becomes a list with the PDF.
    expect(applyPrefill({ attachments: '' }, {}, PDF).patch).toEqual({ attachments: [PDF] });
  });
});
