// Attachments: multipart uploads through the app-service dispatcher, content sniffing, refused names, tenant and
// permission checks on download, File/GetFiles, and reading a Chinese contract PDF with Contract/PdfFileTxt.
import fs from 'node:fs';
import path from 'node:path';
import { unattachableFileIds } from '../../src/server/files';
import { translate } from '../../src/shared/locales';
import { CONTRACT_FIELDS, contractPdf, chinesePdf } from '../support/chinese-pdf';
import { CHINA_INSTANT, createTenant, expectError, expectSuccess, expectValidationError, userWithPermissions } from '../support/server-fixtures';
import { type CallResult, DEFAULT_PASSWORD, type Envelope, hasStackTrace, svc, useTestServer } from '../support/server-harness';

type FileDto = { id: number; name: string; size: number; contentType: string; creationTime: string };

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MAX_UPLOAD_BYTES = 256 * 1024;

const server = useTestServer({ env: { MAX_UPLOAD_MB: String(MAX_UPLOAD_BYTES / (1024 * 1024)) } });
let uploadDir: string;
/** Holds the permissions of every file owner. */
let clerk: { id: number; token: string };
/** Contracts only. */
let contractsOnlyUser: { id: number; token: string };
let contractsOnly: string;
/** Logged in, but without any file owner's permission. */
let outsider: string;
let otherTenant: { id: number; token: string };

beforeAll(async () => {
  uploadDir = server.app.services.config.uploadDir;
  const admin = await server.token(1, 'admin');
  const user = await userWithPermissions(server, admin, 1, ['Pages.ContractManagement', 'Pages.EnterpriseInformation', 'Pages.RegularInspections']);
  clerk = { id: user.id, token: user.token };
  contractsOnlyUser = await userWithPermissions(server, admin, 1, ['Pages.ContractManagement']);
  contractsOnly = contractsOnlyUser.token;
  outsider = (await userWithPermissions(server, admin, 1, ['Pages.Wastecode'])).token;
  const tenant = await createTenant(server);
  otherTenant = { id: tenant.id, token: await server.login(tenant.id, 'admin', DEFAULT_PASSWORD) };
});
interface Part {
  name: string;
  data: Buffer | string;
  type?: string;
}

/** A multipart POST as a browser sends it: files under field `file`, optional text fields. */
async function postForm<T = any>(
  urlPath: string, token: string | null, files: Part[], fields: Record<string, string> = {}, headers: Record<string, string> = {},
): Promise<CallResult<Envelope<T>>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append('file', new Blob([typeof file.data === 'string' ? file.data : Uint8Array.from(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const response = await fetch(new URL(urlPath, server.baseUrl), {
    method: 'POST', body: form, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status: response.status, body: body as Envelope<T>, text, headers: response.headers };
}

const upload = (service: string, token: string, file: Part) => postForm<FileDto>(svc(service, 'UploadFile'), token, [file]);

async function uploaded(service: string, token: string, file: Part): Promise<FileDto> {
  return expectSuccess(await upload(service, token, file));
}

function download(id: number | string, token?: string) {
  return fetch(new URL(`/api/files/${id}`, server.baseUrl), { headers: token ? { authorization: `Bearer ${token}` } : {} });
}

async function envelopeOf(response: Response): Promise<CallResult<Envelope>> {
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope, text, headers: response.headers };
}

/** Every file under the upload folder, temporary ones included. */
function filesOnDisk(): string[] {
  if (!fs.existsSync(uploadDir)) return [];
  return fs.readdirSync(uploadDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

const storedCount = async () => Number((await server.db.query<{ n: number }>('select count(*)::int as n from stored_files'))[0].n);

describe('UploadFile', () => {
  it('stores a PDF and answers the file DTO; the row and the bytes are in the tenant\'s place', async () => {
    const pdf = contractPdf();
    const dto = await uploaded('Contract', clerk.token, { name: '危废处置合同.pdf', data: pdf, type: 'application/pdf' });
    expect(dto).toEqual({
      id: expect.any(Number), name: '危废处置合同.pdf', size: pdf.length, contentType: 'application/pdf',
      // An instant on the tenant's (China's) clock, with its offset.
      creationTime: expect.stringMatching(CHINA_INSTANT),
    });
    const [row] = await server.db.query<Record<string, unknown>>('select * from stored_files where id = $1', [dto.id]);
    expect(row).toMatchObject({ tenant_id: 1, resource: 'Contract', creator_user_id: clerk.id, is_deleted: false, size: pdf.length });
    expect(row.storage_name).toMatch(/^[0-9a-f]{32}\.pdf$/);
    expect(fs.readFileSync(path.join(uploadDir, '1', String(row.storage_name)))).toEqual(pdf);
  });

  it('stores a PNG for every owner', async () => {
    for (const service of ['EnterpriseInformation', 'Contract', 'RegularInspections']) {
      const dto = await uploaded(service, clerk.token, { name: 'photo.png', data: PNG, type: 'image/png' });
      expect(dto).toMatchObject({ name: 'photo.png', size: PNG.length, contentType: 'image/png' });
      // Each of these has one files field, which an upload naming none is for.
      const [row] = await server.db.query<{ resource: string; field: string }>('select resource, field from stored_files where id = $1', [dto.id]);
      expect(row).toEqual({ resource: service, field: 'attachments' });
    }
  });

  it('judges the type by the bytes: text called .pdf is refused, a PNG called .txt is an image', async () => {
    const before = filesOnDisk().length;
    const refused = await upload('Contract', clerk.token, { name: 'contract.pdf', data: '合同编号：HT-1\n这是文本，不是PDF。', type: 'application/pdf' });
    const error = expectValidationError(refused, 'file');
    expect(error.validationErrors![0].message).toContain('contract.pdf');
    expect(filesOnDisk()).toHaveLength(before);

    const dto = await uploaded('Contract', clerk.token, { name: 'image.txt', data: PNG, type: 'text/plain' });
    expect(dto).toMatchObject({ name: 'image.txt', contentType: 'image/png' });
  });

  it.each(['../../etc/passwd.pdf', 'a\\b.pdf', 'x/../y.pdf', 'bad\u0001name.pdf'])('refuses the name %j and writes nothing', async (name) => {
    const [diskBefore, rowsBefore] = [filesOnDisk().length, await storedCount()];
    const response = await upload('Contract', clerk.token, { name, data: contractPdf(), type: 'application/pdf' });
    expectValidationError(response, 'file');
    expect(filesOnDisk()).toHaveLength(diskBefore);
    expect(await storedCount()).toBe(rowsBefore);
    expect(fs.existsSync(path.resolve(uploadDir, '1', '../../etc/passwd.pdf'))).toBe(false);
  });

  it('refuses a file over the size limit with a 413 envelope naming the limit, and the server goes on', async () => {
    const [diskBefore, rowsBefore] = [filesOnDisk().length, await storedCount()];
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES + 1024)]);
    const response = await postForm(svc('Contract', 'UploadFile'), clerk.token, [{ name: 'big.png', data: big }], {}, { 'accept-language': 'en-US' });
    const error = expectError(response, 413);
    expect(error.validationErrors).toEqual([{ message: 'A file must not be larger than 256 KB', members: ['file'] }]);
    expect(filesOnDisk()).toHaveLength(diskBefore);
    expect(await storedCount()).toBe(rowsBefore);
    // A file at the limit still goes through.
    await uploaded('Contract', clerk.token, { name: 'edge.png', data: Buffer.concat([PNG, Buffer.alloc(MAX_UPLOAD_BYTES - PNG.length)]) });
  });

  it('takes exactly one file', async () => {
    const two = await postForm(svc('Contract', 'UploadFile'), clerk.token, [{ name: 'a.png', data: PNG }, { name: 'b.png', data: PNG }]);
    expectValidationError(two, 'file');
    expectValidationError(await postForm(svc('Contract', 'UploadFile'), clerk.token, [], { note: 'no file' }), 'file');
    expectValidationError(await server.call('POST', svc('Contract', 'UploadFile'), { token: clerk.token, body: {} }), 'file');
  });

  it('needs the owner\'s permission and a login', async () => {
    expectError(await upload('Contract', outsider, { name: 'a.png', data: PNG }), 403, true);
    expectError(await upload('EnterpriseInformation', contractsOnly, { name: 'a.png', data: PNG }), 403, true);
    expectError(await postForm(svc('Contract', 'UploadFile'), null, [{ name: 'a.png', data: PNG }]), 401, true);
  });

  it('leaves methods that do not upload refusing multipart bodies, as before', async () => {
    const response = await postForm(svc('Role', 'Create'), clerk.token, [{ name: 'a.png', data: PNG }], { name: 'x' });
    expectError(response, 415);
    expectError(await postForm('/api/TokenAuth/Authenticate', null, [], { userNameOrEmailAddress: 'admin', password: DEFAULT_PASSWORD }), 415);
  });
});

describe('EnterpriseInformation/SaveFiles', () => {
  it('stores several files at once and answers their DTOs in order', async () => {
    const pdf = contractPdf();
    const result = expectSuccess(await postForm<FileDto[]>(svc('EnterpriseInformation', 'SaveFiles'), clerk.token, [
      { name: '营业执照.png', data: PNG }, { name: '经营许可证.pdf', data: pdf },
    ]));
    expect(result).toEqual([
      expect.objectContaining({ name: '营业执照.png', contentType: 'image/png', size: PNG.length }),
      expect.objectContaining({ name: '经营许可证.pdf', contentType: 'application/pdf', size: pdf.length }),
    ]);
    expect(result[1].id).toBeGreaterThan(result[0].id);
  });

  it('stores none when one of them is refused', async () => {
    const [diskBefore, rowsBefore] = [filesOnDisk().length, await storedCount()];
    const response = await postForm(svc('EnterpriseInformation', 'SaveFiles'), clerk.token, [
      { name: 'ok.png', data: PNG }, { name: 'script.pdf', data: '#!/bin/sh\nrm -rf /\n' },
    ]);
    expectValidationError(response, 'file');
    expect(filesOnDisk()).toHaveLength(diskBefore);
    expect(await storedCount()).toBe(rowsBefore);
  });
});

describe('GET /api/files/:id', () => {
  it('sends the same bytes back with type, length and an encoded attachment name', async () => {
    const pdf = contractPdf();
    const dto = await uploaded('Contract', clerk.token, { name: '合同 (2026)\'s copy.pdf', data: pdf });
    const response = await download(dto.id, clerk.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(pdf.length));
    expect(response.headers.get('content-disposition'))
      .toBe('attachment; filename*=UTF-8\'\'%E5%90%88%E5%90%8C%20%282026%29%27s%20copy.pdf');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(pdf);
  });

  it('answers 404 for another tenant\'s file, an unknown id and a malformed one', async () => {
    const dto = await uploaded('Contract', clerk.token, { name: 'a.png', data: PNG });
    expectError(await envelopeOf(await download(dto.id, otherTenant.token)), 404);
    expectError(await envelopeOf(await download(987654321, clerk.token)), 404);
    expectError(await envelopeOf(await download('abc', clerk.token)), 404);
  });

  it('answers 403 without one of the owner\'s permissions and 401 without a login', async () => {
    const contractFile = await uploaded('Contract', clerk.token, { name: 'a.png', data: PNG });
    const enterpriseFile = await uploaded('EnterpriseInformation', clerk.token, { name: 'b.png', data: PNG });
    const forbidden = expectError(await envelopeOf(await download(contractFile.id, outsider)), 403, true);
    expect(forbidden.message).toBe(translate('zh-CN', 'errors.forbidden', { permissions: '合同管理' }));
    expectError(await envelopeOf(await download(enterpriseFile.id, contractsOnly)), 403, true);
    expect((await download(contractFile.id, clerk.token)).status).toBe(200);
    // The permission alone does not open another person's upload that no record holds.
    expectError(await envelopeOf(await download(contractFile.id, contractsOnly)), 404);
    expectError(await envelopeOf(await download(contractFile.id)), 401, true);
  });

  it('answers 404 for a deleted file', async () => {
    const dto = await uploaded('Contract', clerk.token, { name: 'gone.png', data: PNG });
    await server.db.query('update stored_files set is_deleted = true, deletion_time = now() where id = $1', [dto.id]);
    expectError(await envelopeOf(await download(dto.id, clerk.token)), 404);
  });
});

describe('File/GetFiles', () => {
  it('lists the tenant\'s files among the ids the caller may download, in the order asked, leaving out unknown and foreign ones', async () => {
    const a = await uploaded('Contract', clerk.token, { name: 'a.png', data: PNG });
    const b = await uploaded('RegularInspections', clerk.token, { name: 'b.pdf', data: contractPdf() });
    const foreign = await uploaded('Contract', otherTenant.token, { name: 'c.png', data: PNG });
    const list = async (token: string) => expectSuccess(await envelopeOf(await fetch(
      new URL(`${svc('File', 'GetFiles')}?Ids=${b.id}&Ids=${a.id}&Ids=${foreign.id}&Ids=987654321`, server.baseUrl),
      { headers: { authorization: `Bearer ${token}` } })) as CallResult<Envelope<FileDto[]>>);
    expect(await list(clerk.token)).toEqual([b, a]);
    // Another person's upload that no record holds is theirs alone; without an owner's permission a file is as
    // unknown as for its download.
    expect(await list(contractsOnly)).toEqual([]);
    expect(await list(outsider)).toEqual([]);
    expect(expectSuccess(await server.call<FileDto[]>('GET', svc('File', 'GetFiles'), { token: clerk.token, query: { ids: a.id } }))).toEqual([a]);
    expect(expectSuccess(await server.call('GET', svc('File', 'GetFiles'), { token: clerk.token }))).toEqual([]);
  });

  it('refuses ids that are not whole numbers, and anonymous callers', async () => {
    expectValidationError(await server.call('GET', svc('File', 'GetFiles'), { token: clerk.token, query: { Ids: 'x' } }), 'ids');
    expectError(await server.call('GET', svc('File', 'GetFiles'), { query: { Ids: 1 } }), 401, true);
  });
});

describe('unattachableFileIds', () => {
  const attachments = { resource: 'Contract', field: 'attachments' };

  it('returns, once each, the ids that are not live files of the tenant the caller uploaded for the resource and field', async () => {
    const own = await uploaded('Contract', clerk.token, { name: 'a.png', data: PNG });
    const deleted = await uploaded('Contract', clerk.token, { name: 'b.png', data: PNG });
    await server.db.query('update stored_files set is_deleted = true where id = $1', [deleted.id]);
    const foreign = await uploaded('Contract', otherTenant.token, { name: 'c.png', data: PNG });
    const others = await uploaded('Contract', contractsOnlyUser.token, { name: 'd.png', data: PNG });
    const inspection = await uploaded('RegularInspections', clerk.token, { name: 'e.png', data: PNG });
    expect(await unattachableFileIds(server.db, 1, clerk.id, attachments, [own.id, deleted.id, foreign.id, others.id, inspection.id, 987654321, foreign.id], []))
      .toEqual([deleted.id, foreign.id, others.id, inspection.id, 987654321]);
    expect(await unattachableFileIds(server.db, 1, clerk.id, attachments, [own.id], [])).toEqual([]);
    expect(await unattachableFileIds(server.db, 1, clerk.id, { resource: 'Contract', field: 'other' }, [own.id], [])).toEqual([own.id]);
    expect(await unattachableFileIds(server.db, 1, null, attachments, [own.id], [])).toEqual([own.id]);
    expect(await unattachableFileIds(server.db, 1, clerk.id, attachments, [], [])).toEqual([]);
  });

  it('lets a record keep the live files it already has, whoever uploaded them', async () => {
    const others = await uploaded('Contract', contractsOnlyUser.token, { name: 'a.png', data: PNG });
    const deleted = await uploaded('Contract', contractsOnlyUser.token, { name: 'b.png', data: PNG });
    await server.db.query('update stored_files set is_deleted = true where id = $1', [deleted.id]);
    expect(await unattachableFileIds(server.db, 1, clerk.id, attachments, [others.id, deleted.id], [others.id, deleted.id])).toEqual([deleted.id]);
  });
});

describe('Contract/PdfFileTxt', () => {
  const expectedFields = CONTRACT_FIELDS;

  it('reads the Chinese text of an uploaded PDF (predefined CJK CMaps) and suggests the contract fields', async () => {
    const result = expectSuccess(await postForm<{ text: string; fields: Record<string, unknown> }>(
      svc('Contract', 'PdfFileTxt'), contractsOnly, [{ name: 'contract.pdf', data: contractPdf(), type: 'application/pdf' }]));
    expect(result.text).toContain('杭州绿源化工有限公司');
    expect(result.text.split('\n')).toEqual(expect.arrayContaining(['合同编号：HT-2026-0042', '有效期自2026年3月1日至2027年2月28日']));
    expect(result.fields).toEqual(expectedFields);
  });

  it('reads a stored file by id, from JSON or from a form field', async () => {
    const stored = await uploaded('Contract', contractsOnly, { name: 'contract.pdf', data: contractPdf() });
    const byJson = expectSuccess(await server.call('POST', svc('Contract', 'PdfFileTxt'), { token: contractsOnly, body: { fileId: stored.id } }));
    expect(byJson.fields).toEqual(expectedFields);
    const byForm = expectSuccess(await postForm(svc('Contract', 'PdfFileTxt'), contractsOnly, [], { fileId: String(stored.id) }));
    expect(byForm.fields).toEqual(expectedFields);
  });

  it('refuses what is not a readable PDF with a 400 naming the field', async () => {
    const en = { 'accept-language': 'en-US' };
    const png = await postForm(svc('Contract', 'PdfFileTxt'), contractsOnly, [{ name: 'scan.pdf', data: PNG }], {}, en);
    expect(expectValidationError(png, 'file').validationErrors![0].message).toBe('“scan.pdf” is not a PDF file');
    const encrypted = await postForm(svc('Contract', 'PdfFileTxt'), contractsOnly, [{ name: 'locked.pdf', data: contractPdf({ encrypted: true }) }], {}, en);
    expect(expectValidationError(encrypted, 'file').validationErrors![0].message).toBe(translate('en-US', 'files.pdfEncrypted'));
    const broken = await postForm(svc('Contract', 'PdfFileTxt'), contractsOnly, [{ name: 'broken.pdf', data: '%PDF-1.4\nnot really a pdf\n' }], {}, en);
    expect(expectValidationError(broken, 'file').validationErrors![0].message).toBe(translate('en-US', 'files.pdfUnreadable'));
    expect(hasStackTrace(broken.text)).toBe(false);

    const storedPng = await uploaded('Contract', contractsOnly, { name: 'a.png', data: PNG });
    expectValidationError(await server.call('POST', svc('Contract', 'PdfFileTxt'), { token: contractsOnly, body: { fileId: storedPng.id } }), 'fileId');
    expectValidationError(await server.call('POST', svc('Contract', 'PdfFileTxt'), { token: contractsOnly, body: {} }), 'file');
  });

  it('reads only files of the caller\'s tenant and of owners the caller may see', async () => {
    const foreign = await uploaded('Contract', otherTenant.token, { name: 'x.pdf', data: contractPdf() });
    expectError(await server.call('POST', svc('Contract', 'PdfFileTxt'), { token: contractsOnly, body: { fileId: foreign.id } }), 404);
    const enterpriseFile = await uploaded('EnterpriseInformation', clerk.token, { name: 'licence.pdf', data: chinesePdf(['营业执照']) });
    expectError(await server.call('POST', svc('Contract', 'PdfFileTxt'), { token: contractsOnly, body: { fileId: enterpriseFile.id } }), 403, true);
    expectError(await postForm(svc('Contract', 'PdfFileTxt'), outsider, [{ name: 'c.pdf', data: contractPdf() }]), 403, true);
  });
});
