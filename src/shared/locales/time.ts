import type { Label } from '../resource-kit/label';

/** The client's date inputs (src/client/time): `time.<key>`. */
export const TIME_TEXTS = {
  invalidDate: { zh: '日期无效', en: 'Invalid date' },
  outOfRange: { zh: '日期超出范围', en: 'Date out of range' },
} satisfies Record<string, Label>;
