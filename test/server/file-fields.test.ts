// The contract of every files field of every declaration, from the declarations alone: a file uploaded through its
// resource's UploadFile for that field, attached by Create or Update, read back by Get and downloaded; what a files
// field refuses (another person's upload, a chat file, an upload for another resource or field) and who may not upload.
import { filesFieldsOf } from '../../src/server/files';
import { DISPLAY_AUTH_PATH } from '../../src/shared/bigdata';
import type { FileInfo, Resource } from '../../src/shared/resource-kit';
import { RESOURCES } from '../../src/shared/resources';
import { apiValueSource, validBody, type Body, type ValueSource } from '../support/resource-values';
import { expectError, expectSuccess, expectValidationError, ok, userWithPermissions, type Dto } from '../support/server-fixtures';
import { type CallResult, type Envelope, svc, unique, useTestServer } from '../support/server-harness';
import { buildTransferWorld, orderBody, type TransferWorld } from '../support/transfer-world';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const server = useTestServer();
let admin: string;
let source: ValueSource;
/** Holds the permission of every declaration with a files field, and chat. */
let everyOwner: string;
/** Logged in, without any of those permissions. */
let outsider: string;
let world: TransferWorld | undefined;
let seq = 0;

/** Declarations whose records carry files: each must offer an upload for each of its files fields. */
const DECLARED = RESOURCES.filter((resource) => filesFieldsOf(resource).length > 0);

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  source = apiValueSource(server, admin);
  everyOwner = (await userWithPermissions(server, admin, 1, [...DECLARED.map((r) => r.permission), 'Pages.ChatLog'])).token;
  outsider = (await userWithPermissions(server, admin, 1, ['Pages.Wastecode'])).token;
});

/** A multipart upload as the client's file editor sends it: the file under `file`, the files field under `field`. */
async function upload(service: string, token: string | null, field?: string, name = 'picture.png'): Promise<CallResult<Envelope<FileInfo>>> {
  const form = new FormData();
  if (field !== undefined) form.append('field', field);
  form.append('file', new Blob([Uint8Array.from(PNG)], { type: 'image/png' }), name);
  const response = await fetch(new URL(svc(service, 'UploadFile'), server.baseUrl), {
    method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope<FileInfo>, text, headers: response.headers };
}

const uploaded = async (service: string, token: string, field?: string, name?: string) => expectSuccess(await upload(service, token, field, name));

/** A file as a record's files field shows it. */
const shown = (file: FileInfo) => ({ id: file.id, name: file.name, size: file.size, contentType: file.contentType });

/** The body that makes one row of a resource created through its own method, with the values of `extra`. */
const MADE_BY_OWN_METHOD: Record<string, (extra: Body) => Promise<Body>> = {
  TransferOrder: async (extra) => {
    world ??= await buildTransferWorld(server, admin, { planned: 1000, stock: 500 });
    return orderBody(world, 0.1, extra);
  },
};

/** A new row of `resource` made by `token` with `extra`, and the body that made it (an update sends it again). */
async function makeRow(resource: Resource, token: string, extra: Body): Promise<{ body: Body; dto: Dto }> {
  const own = MADE_BY_OWN_METHOD[resource.name];
  if (resource.createMethod && !own) throw new Error(`${resource.name} is created by ${resource.createMethod}: say here how to make one`);
  const body = own ? await own(extra) : { ...(await validBody(resource, (seq += 1), unique('f'), source)), ...extra };
  const dto = ok<Dto>(await server.call('POST', svc(resource.name, resource.createMethod ?? 'Create'), { token, body }), `Create ${resource.name}`);
  return { body, dto };
}

async function readRow(resource: Resource, id: number, token = admin): Promise<Dto> {
  return ok<Dto>(await server.call('GET', svc(resource.name, 'Get'), { token, query: { Id: id } }), `Get ${resource.name}`);
}

function update(resource: Resource, token: string, row: { body: Body; dto: Dto }, values: Body) {
  const version = row.dto.version === undefined ? {} : { version: row.dto.version };
  return server.call<Dto>('PUT', svc(resource.name, 'Update'), { token, body: { ...row.body, ...version, ...values, id: row.dto.id } });
}

it('covers every declaration with a files field, the goods pictures and the record photos among them', () => {
  expect(DECLARED.map((r) => r.name)).toEqual(expect.arrayContaining(['BHgoods', 'Rblist', 'Contract', 'EnterpriseInformation', 'RegularInspections', 'TransferOrder']));
});

it('gives a wall display\'s token no upload (its account holds the big-data screen only)', async () => {
  const account = await userWithPermissions(server, admin, 1, ['Pages.BigData']);
  const issued = expectSuccess(await server.call<{ token: string }>('POST', svc('BigData', 'CreateDisplayToken'), { token: admin, body: { userId: account.id, name: 'Wall' } }));
  const wall = expectSuccess(await server.call<{ accessToken: string }>('POST', DISPLAY_AUTH_PATH, { body: { displayToken: issued.token } }));
  for (const resource of DECLARED) {
    const response = await upload(resource.name, wall.accessToken, filesFieldsOf(resource)[0]);
    expect({ resource: resource.name, status: response.status }).toEqual({ resource: resource.name, status: 403 });
  }
});

for (const resource of DECLARED) {
  const fields = filesFieldsOf(resource);
  const formFields = fields.filter((name) => !resource.fields[name].managed);
  // An upload for another declaration's files field, which this resource must not take.
  const elsewhere = DECLARED.find((r) => r !== resource)!;

  describe(`${resource.name} files fields (${fields.join(', ')})`, () => {
    let clerk: string;
    let colleague: string;

    beforeAll(async () => {
      clerk = (await userWithPermissions(server, admin, 1, [resource.permission])).token;
      colleague = (await userWithPermissions(server, admin, 1, [resource.permission])).token;
    });

    for (const field of formFields) {
      it(`${field}: an upload for it is attached by Create and by Update, read back by Get and downloaded`, async () => {
        const first = await uploaded(resource.name, clerk, field, '第一张.png');
        expect(first).toMatchObject({ name: '第一张.png', size: PNG.length, contentType: 'image/png' });
        const [stored] = await server.db.query<{ resource: string; field: string }>('select resource, field from stored_files where id = $1', [first.id]);
        expect(stored).toEqual({ resource: resource.name, field });

        const row = await makeRow(resource, clerk, { [field]: [first.id] });
        expect(row.dto[field]).toEqual([shown(first)]);
        expect((await readRow(resource, row.dto.id, clerk))[field]).toEqual([shown(first)]);

        const second = await uploaded(resource.name, clerk, field, 'second.png');
        const updated = expectSuccess(await update(resource, clerk, row, { [field]: [first.id, second.id] }));
        expect(updated[field]).toEqual([shown(first), shown(second)]);
        expect((await readRow(resource, row.dto.id, clerk))[field]).toEqual([shown(first), shown(second)]);

        const download = await fetch(new URL(`/api/files/${second.id}`, server.baseUrl), { headers: { authorization: `Bearer ${clerk}` } });
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer())).toEqual(PNG);
      });

      it(`${field}: keeps the files a row already has when someone else sends them back`, async () => {
        const mine = await uploaded(resource.name, clerk, field);
        const row = await makeRow(resource, clerk, { [field]: [mine.id] });
        const again = expectSuccess(await update(resource, colleague, row, { [field]: [mine.id] }));
        expect(again[field]).toEqual([shown(mine)]);
      });

      it(`${field}: refuses another person's upload, a chat file, an upload for another resource or field, naming the field`, async () => {
        const row = await makeRow(resource, everyOwner, {});
        const before = await readRow(resource, row.dto.id);
        const refused: [string, number][] = [
          ['another person\'s upload for this field', (await uploaded(resource.name, colleague, field)).id],
          ['a chat file', (await uploaded('ChatLog', everyOwner)).id],
          [`an upload for ${elsewhere.name}`, (await uploaded(elsewhere.name, everyOwner, filesFieldsOf(elsewhere)[0])).id],
          ['an unknown file', 987654321],
        ];
        for (const other of fields.filter((f) => f !== field)) refused.push([`an upload for ${other}`, (await uploaded(resource.name, everyOwner, other)).id]);
        for (const [what, id] of refused) {
          const response = await update(resource, everyOwner, row, { [field]: [id] });
          expect({ what, status: response.status }).toEqual({ what, status: 400 });
          expectValidationError(response, field);
          if (!resource.createMethod) expectValidationError(await server.call('POST', svc(resource.name, 'Create'), { token: everyOwner, body: { ...row.body, [field]: [id] } }), field);
        }
        expect(await readRow(resource, row.dto.id)).toEqual(before);
      });
    }

    for (const field of fields.filter((name) => resource.fields[name].managed)) {
      it(`${field}: takes uploads, though only the server's own moves attach them`, async () => {
        const file = await uploaded(resource.name, clerk, field);
        const [stored] = await server.db.query<{ field: string }>('select field from stored_files where id = $1', [file.id]);
        expect(stored.field).toBe(field);
      });
    }

    it('refuses anonymous uploads, uploads without the permission, and an upload for no files field of it', async () => {
      const field = fields[0];
      expectError(await upload(resource.name, null, field), 401, true);
      expectError(await upload(resource.name, outsider, field), 403, true);
      expectError(await upload(resource.name, (await userWithPermissions(server, admin, 1, [elsewhere.permission])).token, field), 403, true);
      expectValidationError(await upload(resource.name, clerk, 'noSuchField'), 'field');
      // With several files fields the upload must say which one it is for.
      if (fields.length > 1) expectValidationError(await upload(resource.name, clerk), 'field');
      else expect((await uploaded(resource.name, clerk)).id).toEqual(expect.any(Number));
    });
  });
}

describe('a transfer order\'s signature', () => {
  it('takes only the signing party\'s own upload for its signee field', async () => {
    world ??= await buildTransferWorld(server, admin, { planned: 1000, stock: 500 });
    const { producer, transporter } = world.clerks;
    const order = ok<Dto>(await server.call('POST', svc('TransferOrder', 'AddProductionWaste'), { token: producer.token, body: orderBody(world, 0.1) }), 'order');
    const sign = (fileId: number) => server.call('PUT', svc('TransferOrder', 'UpdateSigneeimg'), { token: producer.token, body: { id: order.id, fileId, party: 'producer' } });
    const orders = DECLARED.find((r) => r.name === 'TransferOrder')!;
    const before = await readRow(orders, order.id);
    for (const fileId of [
      (await uploaded('TransferOrder', transporter.token, 'producerSignee')).id,
      (await uploaded('TransferOrder', producer.token, 'attachments')).id,
      (await uploaded('TransferOrder', producer.token, 'transporterSignee')).id,
      (await uploaded('ChatLog', everyOwner)).id,
    ]) {
      expectValidationError(await sign(fileId), 'producerSignee');
    }
    expect(await readRow(orders, order.id)).toEqual(before);
    const own = await uploaded('TransferOrder', producer.token, 'producerSignee', 'seal.png');
    const signed = expectSuccess(await sign(own.id));
    expect(signed.producerSignee).toEqual([shown(own)]);
  });
});
