import { guessContractFields, toIsoDate } from './contract-fields';
import { CONTRACT_FIELDS, CONTRACT_LINES } from '../../../test/support/chinese-pdf';

describe('guessContractFields', () => {
  it('reads the usual lines of a Chinese contract', () => {
    expect(guessContractFields(CONTRACT_LINES.join('\n'))).toEqual(CONTRACT_FIELDS);
  });

  it('takes explicit start and end dates, ISO dates, half-width colons and role notes after the party label', () => {
    const text = [
      '合同号: WF/2025/17',
      '甲方（委托方）: 宁波港城制药有限公司',
      '乙方(受托方)：宁波北仑固废处置中心',
      '签约日期：2025-12-20',
      '开始日期：2026-01-01',
      '终止日期：2026/12/31',
      '合同总金额：¥12,345.67',
    ].join('\n');
    expect(guessContractFields(text)).toEqual({
      contractNo: 'WF/2025/17',
      partyA: '宁波港城制药有限公司',
      partyB: '宁波北仑固废处置中心',
      signDate: '2025-12-20',
      startDate: '2026-01-01',
      expiryDate: '2026-12-31',
      amount: 12345.67,
    });
  });

  it('reads full-width digits, 万元 amounts, a period with 起…止, and the 小写 figure after 大写 words', () => {
    expect(guessContractFields('编号：ＨＴ２０２６０１\n期限：２０２６年１月１日起至２０２６年６月３０日止\n总金额：3.5万元')).toEqual({
      contractNo: 'HT202601', startDate: '2026-01-01', expiryDate: '2026-06-30', amount: 35000,
    });
    expect(guessContractFields('合同金额（大写）：壹万贰仟叁佰肆拾伍元整（小写：¥12,345.00）').amount).toBe(12345);
  });

  it('skips the detail lines of a party and splits two-column layouts', () => {
    const text = '甲方代表：张三\n甲方：温州瓯江印染有限公司    乙方：温州市环境发展有限公司\n乙方地址：温州市龙湾区';
    expect(guessContractFields(text)).toEqual({ partyA: '温州瓯江印染有限公司', partyB: '温州市环境发展有限公司' });
  });

  it('drops a seal note after the party name', () => {
    expect(guessContractFields('甲方（盖章）：杭州某某有限公司\n乙方：某某公司（盖章）').partyB).toBe('某某公司');
  });

  it('leaves out what the text does not say, and impossible dates', () => {
    expect(guessContractFields('本协议一式两份，双方各执一份。')).toEqual({});
    expect(guessContractFields('签订日期：2026年2月30日')).toEqual({});
  });
});

describe('toIsoDate', () => {
  it('pads month and day and refuses dates the calendar lacks', () => {
    expect(toIsoDate('2028', '2', '29')).toBe('2028-02-29');
    expect(toIsoDate('2027', '2', '29')).toBeUndefined();
    expect(toIsoDate('2026', '13', '1')).toBeUndefined();
  });
});
