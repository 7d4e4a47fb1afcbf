// Unified social credit code (统一社会信用代码), GB 32100-2015.

/** The 31 characters the code may use: digits and capitals without I, O, S, V, Z. Position in the string = value. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/**
 * Layout: registration authority (1) + organisation type (1) + GB/T 2260 division code (6 digits) + organisation
 * code (9) + check character (1).
 */
const SHAPE = /^[0-9A-HJ-NP-RT-UW-Y]{2}\d{6}[0-9A-HJ-NP-RT-UW-Y]{10}$/;

/** The check character for the first 17 characters (which must already be in the charset). */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += CHARSET.indexOf(first17[i]) * WEIGHTS[i];
  const check = 31 - (sum % 31);
  return CHARSET[check === 31 ? 0 : check];
}

/** Capitals, as the code is printed on a business licence; people often type it in lower case. */
export function normalizeCreditCode(s: string): string {
  return s.trim().toUpperCase();
}

export function isCreditCode(s: string): boolean {
  const code = normalizeCreditCode(s);
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
