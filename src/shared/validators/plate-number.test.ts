import { CHECKS, isPlateNumber, normalizePlateNumber } from '.';

describe('isPlateNumber', () => {
  it.each([
    ['浙A12345', 'ordinary'],
    ['京N8P8F8', 'ordinary with letters'],
    ['苏E0A2B3', 'ordinary with letters'],
    ['鲁B1234挂', 'trailer'],
    ['川A1234学', 'coach car'],
    ['沪A0123警', 'police'],
    ['粤Z1234港', 'Hong Kong'],
    ['粤Z1234澳', 'Macao'],
    ['粤BD12345', 'small new-energy, pure electric'],
    ['沪AF12345', 'small new-energy, plug-in hybrid'],
    ['浙ADA1234', 'small new-energy, letter in second place'],
    ['京AA12345', 'small new-energy, later pure-electric letter'],
    ['粤BK12345', 'small new-energy, later hybrid letter'],
    ['浙A12345D', 'large new-energy'],
    ['鄂A00001F', 'large new-energy'],
  ])('accepts %s (%s)', (plate) => {
    expect(isPlateNumber(plate)).toBe(true);
  });

  it.each([
    ['京A1234', 'too short'],
    ['浙A123456', 'seven ordinary serial characters'],
    ['浙I12345', 'I is never an authority letter'],
    ['浙O12345', 'O is never an authority letter'],
    ['浙A1234O', 'O in the serial'],
    ['浙A12I45', 'I in the serial'],
    ['港A12345', 'not a province abbreviation'],
    ['AA12345', 'no province'],
    ['浙112345', 'a digit for the authority letter'],
    ['浙A12345挂', 'five serial characters and a suffix'],
    ['浙A1234港', 'Hong Kong plates are 粤Z only'],
    ['粤BL12345', 'L is no new-energy letter'],
    ['粤BD1234A', 'small new-energy plates end in four digits'],
    ['浙A1234AD', 'large new-energy plates have five digits'],
    ['浙A12345E', 'large new-energy plates end in D or F'],
    ['', 'empty'],
  ])('rejects %s (%s)', (plate) => {
    expect(isPlateNumber(plate)).toBe(false);
  });

  it('accepts the spaced, dotted and lower-case forms people type, and normalises them', () => {
    expect(isPlateNumber('粤B D12345')).toBe(true);
    expect(isPlateNumber('浙A·12345')).toBe(true);
    expect(isPlateNumber('浙a12345')).toBe(true);
    expect(normalizePlateNumber('粤b·d12345 ')).toBe('粤BD12345');
  });

  it('is the check behind CHECKS.plateNumber', () => {
    expect(CHECKS.plateNumber.test('浙A12345')).toBe(true);
    expect(CHECKS.plateNumber.test('浙I12345')).toBe(false);
    expect(CHECKS.plateNumber.normalize?.('浙A 12345')).toBe('浙A12345');
    expect(CHECKS.plateNumber.hint.en).toContain('浙A12345');
  });
});
