// National-format checks shared by the server's validation and the client's forms.
import type { CheckName } from '../resource-kit/fields';
import type { Label } from '../resource-kit/label';
import { isCreditCode, normalizeCreditCode } from './credit-code';
import { isIdCardNumber, normalizeIdCard } from './id-card';
import { isPlateNumber, normalizePlateNumber } from './plate-number';

export { creditCodeCheckChar, isCreditCode, normalizeCreditCode } from './credit-code';
export { idCardCheckChar, isIdCardNumber, maskIdCard, normalizeIdCard } from './id-card';
export { isPlateNumber, normalizePlateNumber, PLATE_PROVINCES } from './plate-number';

export interface Check {
  test(value: string): boolean;
  /** What a valid value looks like, shown after the failure message. */
  hint: Label;
  /** The stored form of a value that passed `test`. */
  normalize?(value: string): string;
}

/** Checks a declaration can name (`check: 'creditCode'`). */
export const CHECKS: Record<CheckName, Check> = {
  creditCode: {
    test: isCreditCode,
    normalize: normalizeCreditCode,
    hint: {
      zh: '18位统一社会信用代码，末位校验码须正确',
      en: 'an 18-character unified social credit code with a correct check character',
    },
  },
  idCard: {
    test: (value) => isIdCardNumber(value),
    normalize: normalizeIdCard,
    hint: {
      zh: '18位居民身份证号码，出生日期与末位校验码须正确',
      en: 'an 18-character resident ID number with a real birth date and a correct check character',
    },
  },
  plateNumber: {
    test: isPlateNumber,
    normalize: normalizePlateNumber,
    hint: {
      zh: '如 浙A12345，新能源车如 浙AD12345',
      en: 'e.g. 浙A12345, or 浙AD12345 for a new-energy vehicle',
    },
  },
};
