import * as XLSX from 'xlsx';
import { sniffFileType } from './sniff';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function workbook(bookType: 'xlsx' | 'xls'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['危废', 1]]), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType });
}

/** A compound file holding one stream `name`: the container of .doc/.xls/.ppt, but also of .msi and .msg. */
function compoundFile(name: string): Buffer {
  const cfb = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(cfb, name, Buffer.alloc(5000, 1));
  return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
}

function docx(): Buffer {
  const zip = XLSX.CFB.utils.cfb_new();
  XLSX.CFB.utils.cfb_add(zip, '[Content_Types].xml', Buffer.from('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    + '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'));
  XLSX.CFB.utils.cfb_add(zip, 'word/document.xml', Buffer.from('<w:document/>'));
  return XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Buffer;
}

describe('sniffFileType', () => {
  it('names PDFs, images and Office documents by their bytes', async () => {
    expect(await sniffFileType(Buffer.from('%PDF-1.7\n%\xe2\xe3\n1 0 obj\n', 'latin1'))).toEqual({ mime: 'application/pdf', ext: 'pdf' });
    expect(await sniffFileType(PNG)).toEqual({ mime: 'image/png', ext: 'png' });
    expect((await sniffFileType(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1')))?.mime).toBe('image/gif');
    expect((await sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1])))?.mime).toBe('image/jpeg');
    expect((await sniffFileType(workbook('xlsx')))?.mime).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await sniffFileType(docx()))?.mime).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('tells legacy Word, Excel and PowerPoint files apart and refuses other compound files', async () => {
    expect(await sniffFileType(workbook('xls'))).toEqual({ mime: 'application/vnd.ms-excel', ext: 'xls' });
    expect(await sniffFileType(compoundFile('WordDocument'))).toEqual({ mime: 'application/msword', ext: 'doc' });
    expect(await sniffFileType(compoundFile('PowerPoint Document'))).toEqual({ mime: 'application/vnd.ms-powerpoint', ext: 'ppt' });
    expect(await sniffFileType(compoundFile('Whatever'))).toBeNull();
  });

  it('refuses text, executables and archives whatever they are called', async () => {
    expect(await sniffFileType(Buffer.from('合同编号：HT-1\n'))).toBeNull();
    expect(await sniffFileType(Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'))).toBeNull();
    expect(await sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    const zip = XLSX.CFB.utils.cfb_new();
    XLSX.CFB.utils.cfb_add(zip, 'readme.txt', Buffer.from('hello'));
    expect(await sniffFileType(XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Buffer)).toBeNull();
    expect(await sniffFileType(Buffer.alloc(0))).toBeNull();
  });
});
