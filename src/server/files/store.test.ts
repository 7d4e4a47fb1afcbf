import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readConfig } from '../config';
import type { Db } from '../db/database';
import { AppError } from '../http/errors';
import { type FileContext, saveFiles, storedFilePath } from './store';

const PDF = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');

let uploadDir: string;
beforeEach(() => {
  uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
});
afterEach(() => fs.rmSync(uploadDir, { recursive: true, force: true }));

function context(db: Partial<Db>): FileContext {
  return {
    db: db as Db,
    config: { ...readConfig({}), uploadDir },
    tenantId: 7,
    session: { userId: 3 },
    language: 'en-US',
  };
}

const listFiles = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

describe('saveFiles', () => {
  it('removes the written files when the database refuses the rows', async () => {
    const db = { transaction: async () => { throw new Error('database is down'); } };
    await expect(saveFiles(context(db), { resource: 'Contract', field: 'attachments' }, [
      { fileName: 'a.pdf', declaredType: 'application/pdf', data: PDF },
      { fileName: 'b.pdf', declaredType: 'application/pdf', data: PDF },
    ])).rejects.toThrow('database is down');
    expect(listFiles(path.join(uploadDir, '7'))).toEqual([]);
  });

  it('writes nothing when one file of the batch is refused', async () => {
    const transaction = jest.fn();
    const saving = saveFiles(context({ transaction }), { resource: 'Contract', field: 'attachments' }, [
      { fileName: 'a.pdf', declaredType: 'application/pdf', data: PDF },
      { fileName: 'notes.pdf', declaredType: 'application/pdf', data: Buffer.from('plain text') },
    ]);
    await expect(saving).rejects.toBeInstanceOf(AppError);
    await expect(saving).rejects.toMatchObject({ status: 400, validationErrors: [{ members: ['file'] }] });
    expect(transaction).not.toHaveBeenCalled();
    expect(listFiles(path.join(uploadDir, '7'))).toEqual([]);
  });
});

describe('storedFilePath', () => {
  it('only resolves generated names, inside the tenant folder or the host one', () => {
    expect(storedFilePath('/u', 4, `${'a'.repeat(32)}.pdf`)).toBe(`/u/4/${'a'.repeat(32)}.pdf`);
    expect(storedFilePath('/u', null, 'b'.repeat(32))).toBe(`/u/host/${'b'.repeat(32)}`);
    expect(storedFilePath('/u', 4, '../../etc/passwd')).toBeNull();
  });
});
