import { CHECKS, idCardCheckChar, isIdCardNumber, maskIdCard, normalizeIdCard } from '.';

const TODAY = '2025-06-15';

/** A number with a correct check character for the given first 17 digits. */
const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

describe('isIdCardNumber', () => {
  it('accepts the example number of GB 11643-1999 and numbers with a correct check digit', () => {
    expect(isIdCardNumber('11010519491231002X', TODAY)).toBe(true);
    expect(isIdCardNumber('110101200002290018', TODAY)).toBe(true); // 29 Feb 2000: a leap day
    expect(isIdCardNumber(withCheck('33010619900101123'), TODAY)).toBe(true);
  });

  it('accepts a lower-case x and normalises it to X', () => {
    expect(isIdCardNumber('11010519491231002x', TODAY)).toBe(true);
    expect(normalizeIdCard('11010519491231002x')).toBe('11010519491231002X');
  });

  it('rejects a wrong check character', () => {
    expect(isIdCardNumber('110105194912310021', TODAY)).toBe(false);
    expect(isIdCardNumber('330106199001011234', TODAY)).toBe(false); // its check character is X
  });

  it('rejects dates that do not exist, lie in the future or before 1900', () => {
    expect(isIdCardNumber(withCheck('11010119000229001'), TODAY)).toBe(false); // 1900 was not a leap year
    expect(isIdCardNumber(withCheck('11010120010229001'), TODAY)).toBe(false);
    expect(isIdCardNumber(withCheck('11010119901301001'), TODAY)).toBe(false); // month 13
    expect(isIdCardNumber(withCheck('11010119900431001'), TODAY)).toBe(false); // 31 April
    expect(isIdCardNumber(withCheck('11010119900100001'), TODAY)).toBe(false); // day 0
    expect(isIdCardNumber('440524188001010014', TODAY)).toBe(false); // correct checksum, born 1880
    expect(isIdCardNumber(withCheck('11010120250616001'), TODAY)).toBe(false); // tomorrow
    expect(isIdCardNumber(withCheck('11010120250615001'), TODAY)).toBe(true); // today
  });

  it('rejects unknown province codes, wrong lengths and letters other than a final X', () => {
    expect(isIdCardNumber(withCheck('99010519491231002'), TODAY)).toBe(false);
    expect(isIdCardNumber(withCheck('01010519491231002'), TODAY)).toBe(false);
    expect(isIdCardNumber('11010519491231002', TODAY)).toBe(false);
    expect(isIdCardNumber('11010519491231002X1', TODAY)).toBe(false);
    expect(isIdCardNumber('1101051949123100X2', TODAY)).toBe(false);
    expect(isIdCardNumber('110105491231002', TODAY)).toBe(false); // the old 15-digit form
  });

  it("without a given today, takes China's day: a birth on 28 November is valid from China's midnight on, wherever the process runs", () => {
    const bornOn28th = withCheck('11010120261128001');
    jest.useFakeTimers();
    try {
      // The test process runs on Los Angeles time, where both instants are still 27 November.
      jest.setSystemTime(Date.parse('2026-11-27T23:59:30+08:00'));
      expect(isIdCardNumber(bornOn28th)).toBe(false);
      expect(CHECKS.idCard.test(bornOn28th)).toBe(false);
      jest.setSystemTime(Date.parse('2026-11-28T00:00:30+08:00'));
      expect(isIdCardNumber(bornOn28th)).toBe(true);
      expect(CHECKS.idCard.test(bornOn28th)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('is the check behind CHECKS.idCard', () => {
    expect(CHECKS.idCard.test('11010519491231002x')).toBe(true);
    expect(CHECKS.idCard.test('110105194912310021')).toBe(false);
    expect(CHECKS.idCard.normalize?.('11010519491231002x')).toBe('11010519491231002X');
  });
});

describe('maskIdCard', () => {
  it('keeps the first six and the last four characters', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
  });

  it('hides a short value completely', () => {
    expect(maskIdCard('1234567890')).toBe('**********');
  });
});
