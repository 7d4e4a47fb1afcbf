import { MAX_NAME_LENGTH, safeFileName } from './names';

describe('safeFileName', () => {
  it('keeps ordinary names, Chinese included, trimmed and in NFC', () => {
    expect(safeFileName('  危废处置合同（2026）.pdf ')).toBe('危废处置合同（2026）.pdf');
    expect(safeFileName('Cafe\u0301 plan.docx')).toBe('Café plan.docx');
    expect(safeFileName('.profile.png')).toBe('.profile.png');
  });

  it.each([
    '../../etc/passwd.pdf', 'a\\b.pdf', 'dir/a.pdf', '..', '.', 'a..pdf', 'nul\u0000.pdf', 'tab\t.pdf', 'line\n.pdf',
    'del\u007f.pdf', 'fdp\u202e.exe', '', '   ',
  ])('refuses %j', (name) => {
    expect(safeFileName(name)).toBeNull();
  });

  it('shortens an overlong name to the column size and keeps its extension', () => {
    const name = safeFileName(`${'长'.repeat(300)}.pdf`)!;
    expect([...name]).toHaveLength(MAX_NAME_LENGTH);
    expect(name.endsWith('长.pdf')).toBe(true);
  });
});
