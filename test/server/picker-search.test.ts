// What a keyword finds: a lookup's keyword looks only in the fields its caller is shown, and a household's card —
// what redeems its points at a machine — is found only whole, and only by those who may see households.
import { pickerFields } from '../../src/server/crud/picker';
import { RESOURCES } from '../../src/shared/resources';
import { expectSuccess, userWithPermissions, type Dto } from '../support/server-fixtures';
import { recyclingWorld } from '../support/recycling-world';
import { sampleForCheck } from '../support/resource-values';
import { svc, unique, useTestServer } from '../support/server-harness';
import { enterprise } from '../support/transfer-world';

const server = useTestServer();
let admin: string;
let nobody: string;
let households: string;
let household: Dto;
let collector: Dto;

const { create, place, householdBody } = recyclingWorld(server, () => admin);

beforeAll(async () => {
  admin = await server.token(1, 'admin');
  nobody = (await userWithPermissions(server, admin, 1, [])).token;
  households = (await userWithPermissions(server, admin, 1, ['Pages.BHUsers'])).token;
  const where = await place();
  household = await create('BHUsers', householdBody(where, {
    name: unique('户主'), phone: '13912345678', cardNo: '612345678901', address: unique('幸福路'),
  }));
  collector = await create('Igcs_Collector', {
    name: unique('回收员'), phone: '13787654321', idCardNumber: sampleForCheck('idCard'), careaIds: [where.careaId], status: 1,
  });
});

const lookup = async (token: string, service: string, method: string, Keyword: string, extra: Record<string, unknown> = {}) =>
  expectSuccess<Dto[]>(await server.call('GET', svc(service, method), { token, query: { Keyword, ...extra } }));
const page = async (token: string, service: string, Keyword: string) =>
  expectSuccess<{ items: Dto[] }>(await server.call('GET', svc(service, 'GetAll'), { token, query: { Keyword, MaxResultCount: 100 } })).items;
const ids = (rows: Dto[]) => rows.map((row) => row.id);

describe('a lookup for a caller without the resource\'s permission', () => {
  it('finds a household by the holder\'s name it shows, never by its phone, card or address', async () => {
    expect(ids(await lookup(nobody, 'BHUsers', 'GetBHUsersAll', String(household.name)))).toEqual([household.id]);
    for (const hidden of ['13912345678', '1234567', '612345678901', '6123456789', '61234567890', String(household.address)]) {
      expect({ hidden, found: ids(await lookup(nobody, 'BHUsers', 'GetBHUsersAll', hidden)) }).toEqual({ hidden, found: [] });
    }
  });

  it('finds a collector by name, never by phone', async () => {
    expect(ids(await lookup(nobody, 'Igcs_Collector', 'GetCollectorAll', String(collector.name)))).toEqual([collector.id]);
    expect(await lookup(nobody, 'Igcs_Collector', 'GetCollectorAll', '13787654321')).toEqual([]);
    expect(await lookup(nobody, 'Igcs_Collector', 'GetCollectorAll', '8765')).toEqual([]);
  });

  it('answers, for every lookup of every declared resource, only rows the keyword matches in a field it shows', async () => {
    let tried = 0;
    for (const resource of RESOURCES) {
      if (!resource.lookup) continue;
      const shown = resource.lookup.directory ?? pickerFields(resource);
      const hidden = resource.fieldNames.filter((name) => resource.fields[name].searchable && !shown.includes(name));
      const searchedShown = resource.fieldNames.filter((name) => resource.fields[name].searchable && shown.includes(name));
      if (hidden.length === 0) continue;
      // The rows as a holder sees them: the hidden values to search by.
      const rows = await page(admin, resource.name, '');
      for (const row of rows.slice(0, 10)) {
        for (const field of hidden) {
          const value = row[field];
          if (typeof value !== 'string' || value.trim() === '') continue;
          tried += 1;
          const found = await lookup(nobody, resource.name, resource.lookup.method, value);
          const unexplained = found.filter((f) => !searchedShown.some((name) => String(f[name] ?? '').toLowerCase().includes(value.trim().toLowerCase())));
          expect({ resource: resource.name, field, value, unexplained: ids(unexplained) }).toEqual({ resource: resource.name, field, value, unexplained: [] });
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(4);
  });

  it('of enterprises (a directory) looks only in the directory\'s columns, for anyone', async () => {
    const contact = unique('联系人');
    const listed = await enterprise(server, admin, [2], { contactPerson: contact, address: unique('工业路') });
    const directory = (token: string, Keyword: string) => lookup(token, 'EnterpriseInformation', 'GetEnterpriseInformationAll', Keyword);
    expect(ids(await directory(nobody, String(listed.name)))).toEqual([listed.id]);
    for (const token of [nobody, admin]) {
      expect(await directory(token, contact)).toEqual([]);
      expect(await directory(token, String(listed.address))).toEqual([]);
    }
  });
});

describe('a household\'s card', () => {
  it('is found whole by a holder of the households permission, in the lookup and the list', async () => {
    expect(ids(await lookup(households, 'BHUsers', 'GetBHUsersAll', '612345678901'))).toEqual([household.id]);
    expect(ids(await page(households, 'BHUsers', '612345678901'))).toEqual([household.id]);
  });

  it('is never found by a part of it, even by a holder of the households permission', async () => {
    for (const part of ['61234567890', '12345678901', '6123', '78901']) {
      expect({ part, lookup: ids(await lookup(households, 'BHUsers', 'GetBHUsersAll', part)) }).toEqual({ part, lookup: [] });
      expect({ part, list: ids(await page(households, 'BHUsers', part)) }).toEqual({ part, list: [] });
      expect({ part, admin: ids(await page(admin, 'BHUsers', part)) }).toEqual({ part, admin: [] });
    }
  });

  it('leaves the other fields a holder sees searchable by their parts', async () => {
    expect(ids(await page(households, 'BHUsers', '1234567'))).toEqual([household.id]);
    expect(ids(await lookup(households, 'BHUsers', 'GetBHUsersAll', String(household.address).slice(1)))).toEqual([household.id]);
  });

  it('is found only whole in the points ledger and the list of silent households', async () => {
    const requestId = unique('req').replace(/\W/g, '');
    expectSuccess(await server.call('POST', svc('Integral', 'IncreasePointsOpt'), {
      token: admin, body: { householdId: household.id, points: 10, remark: '开户赠送', requestId },
    }));
    const ledger = async (Keyword: string) =>
      expectSuccess<{ items: Dto[] }>(await server.call('GET', svc('Integral', 'GetAll'), { token: admin, query: { Keyword } })).items;
    expect((await ledger('612345678901')).map((e) => e.cardNo)).toEqual(['612345678901']);
    expect(await ledger('12345678901')).toEqual([]);
    const silent = async (Keyword: string) => ids(expectSuccess<{ households: { items: Dto[] } }>(
      await server.call('GET', svc('Rblist', 'GetRblistUpNotData'), { token: admin, query: { Keyword, Days: 7 } })).households.items);
    expect(await silent('612345678901')).toEqual([household.id]);
    expect(await silent('1234567890')).toEqual([]);
  });
});
