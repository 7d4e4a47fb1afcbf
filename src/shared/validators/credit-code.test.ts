import { CHECKS, creditCodeCheckChar, isCreditCode, normalizeCreditCode } from '.';

// Codes printed on published business licences.
const PUBLISHED = [
  '91350100M000100Y43',
  '914403001922038216', // 华为技术有限公司
  '91330100799655058B', // 阿里巴巴（中国）有限公司
  '9144030071526726XG', // 深圳市腾讯计算机系统有限公司
  '91110108551385082Q', // 北京小米科技有限责任公司
];

describe('isCreditCode', () => {
  it.each(PUBLISHED)('accepts %s', (code) => {
    expect(isCreditCode(code)).toBe(true);
  });

  it('computes the check character of each published code', () => {
    for (const code of PUBLISHED) expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
  });

  it('maps a remainder of 0 to the check character 0', () => {
    // 17 zeros weigh 0: 31 - 0 = 31, which the standard writes as 0.
    expect(creditCodeCheckChar('0'.repeat(17))).toBe('0');
    expect(isCreditCode('0'.repeat(18))).toBe(true);
  });

  it('rejects a code with one character changed or two swapped', () => {
    expect(isCreditCode('91350100M000100Y44')).toBe(false);
    expect(isCreditCode('91350100M000100Y34')).toBe(false);
    expect(isCreditCode('914403001922038261')).toBe(false);
    expect(isCreditCode('91330100799655058C')).toBe(false);
  });

  it('rejects the wrong length and characters outside the charset', () => {
    expect(isCreditCode('91350100M000100Y4')).toBe(false);
    expect(isCreditCode('91350100M000100Y433')).toBe(false);
    expect(isCreditCode('')).toBe(false);
    // I, O, S, V and Z are not used (they read like 1, 0, 5, U and 2).
    for (const letter of ['I', 'O', 'S', 'V', 'Z']) expect(isCreditCode(`91350100M00010${letter}Y43`)).toBe(false);
  });

  it('requires digits for the six-digit division code', () => {
    // A correct check character does not make a letter acceptable in positions 3–8.
    const body = '91A50100M000100Y4';
    expect(isCreditCode(body + creditCodeCheckChar(body))).toBe(false);
  });

  it('accepts lower case and normalises it to capitals', () => {
    expect(isCreditCode('9144030071526726xg')).toBe(true);
    expect(normalizeCreditCode(' 9144030071526726xg ')).toBe('9144030071526726XG');
  });

  it('is the check behind CHECKS.creditCode', () => {
    expect(CHECKS.creditCode.test('91350100M000100Y43')).toBe(true);
    expect(CHECKS.creditCode.test('91350100M000100Y44')).toBe(false);
    expect(CHECKS.creditCode.normalize?.('91110108551385082q')).toBe('91110108551385082Q');
    expect(CHECKS.creditCode.hint.zh).toContain('统一社会信用代码');
  });
});
