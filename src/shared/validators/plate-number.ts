// Motor-vehicle number plates (机动车号牌), GA 36-2018, without the separating dot.

/** The 31 province-level abbreviations that open a plate. */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';

/** Plate letters never use I or O (they read as 1 and 0). */
const LETTER = 'A-HJ-NP-Z';
const CHAR = `[${LETTER}0-9]`;
const HEAD = `[${PLATE_PROVINCES}][${LETTER}]`;

const PATTERNS = [
  // Ordinary plates: five serial characters.
  new RegExp(`^${HEAD}${CHAR}{5}$`),
  // Trailer, coach-car and police plates: the last serial position holds the character.
  new RegExp(`^${HEAD}${CHAR}{4}[挂学警]$`),
  // Vehicles from Hong Kong and Macao are registered in Guangdong under 粤Z.
  new RegExp(`^粤Z${CHAR}{4}[港澳]$`),
  // Small new-energy vehicles: six serial characters opening with the power-type letter. D and F were the first;
  // A, B, C, E (pure electric) and G, H, J, K (other) were added when the D and F ranges ran out.
  new RegExp(`^${HEAD}[A-HJK]${CHAR}\\d{4}$`),
  // Large new-energy vehicles: five digits, then D (pure electric) or F.
  new RegExp(`^${HEAD}\\d{5}[DF]$`),
];

/** Capitals without the spaces or middle dot people copy from the physical plate ("浙A·12345"). */
export function normalizePlateNumber(s: string): string {
  return s.replace(/[\s·•.\-]/g, '').toUpperCase();
}

export function isPlateNumber(s: string): boolean {
  const plate = normalizePlateNumber(s);
  return PATTERNS.some((pattern) => pattern.test(plate));
}
