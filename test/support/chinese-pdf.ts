// Minimal hand-built PDFs for the attachment and PDF-text tests. The text uses the predefined CJK font STSong-Light
// with the UniGB-UCS2-H CMap (Adobe-GB1), the way many Chinese office tools write contracts without embedding a font:
// a reader can only turn such text back into characters through the predefined CMaps, which is what the tests check.

export interface PdfOptions {
  /** Adds a Standard security handler whose user password is not empty: readers must ask for a password. */
  encrypted?: boolean;
}

/** UCS-2 big-endian hex of `text` (characters of the Basic Multilingual Plane only). */
function ucs2Hex(text: string): string {
  let hex = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code > 0xffff) throw new Error(`"${char}" is outside UCS-2`);
    hex += code.toString(16).padStart(4, '0').toUpperCase();
  }
  return hex;
}

/** A one-page PDF with `lines` written top-down in STSong-Light; byte offsets in the xref table are exact. */
export function chinesePdf(lines: string[], options: PdfOptions = {}): Buffer {
  const content = ['BT', '/F1 12 Tf', '16 TL', '50 790 Td',
    ...lines.map((line, i) => `${i === 0 ? '' : 'T* '}<${ucs2Hex(line)}> Tj`), 'ET'].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [6 0 R] >>',
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light '
      + '/CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor 7 0 R /DW 1000 >>',
    '<< /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 '
      + '/Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  ];
  if (options.encrypted) {
    // O and U values that no empty password produces, so the document cannot be opened without one.
    objects.push(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O <${'4f'.repeat(32)}> /U <${'55'.repeat(32)}> >>`);
  }

  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  const encrypt = options.encrypted ? ` /Encrypt ${objects.length} 0 R /ID [<${'ab'.repeat(16)}> <${'ab'.repeat(16)}>]` : '';
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${encrypt} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The lines of the sample contract the tests read back. */
export const CONTRACT_LINES = [
  '危险废物委托处置合同',
  '合同编号：HT-2026-0042',
  '甲方：杭州绿源化工有限公司',
  '乙方：浙江清源环保科技有限公司',
  '签订日期：2026年3月1日',
  '有效期自2026年3月1日至2027年2月28日',
  '合同金额：128,000.00元',
];

/** The fields a reader of the sample contract should find. */
export const CONTRACT_FIELDS = {
  contractNo: 'HT-2026-0042',
  partyA: '杭州绿源化工有限公司',
  partyB: '浙江清源环保科技有限公司',
  signDate: '2026-03-01',
  startDate: '2026-03-01',
  expiryDate: '2027-02-28',
  amount: 128000,
};

export const contractPdf = (options: PdfOptions = {}) => chinesePdf(CONTRACT_LINES, options);
