// The official lists every tenant starts with: the National Hazardous Waste List (2021) and GB/T 4754-2017.
import { seed } from '../../src/server/db/seed';
import { createTenant, createUser, expectError, expectSuccess, ok } from '../support/server-fixtures';
import { DEFAULT_PASSWORD, svc, useTestServer } from '../support/server-harness';

type Row = Record<string, any> & { id: number };
type Paged = { totalCount: number; items: Row[] };

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  admin = await server.token(1, 'admin');
});
async function getAll(service: string, token: string, query: Record<string, string | number> = {}): Promise<Paged> {
  return expectSuccess<Paged>(await server.call('GET', svc(service, 'GetAll'), { token, query }));
}

/** Every row of a list, 1000 at a time. */
async function everything(service: string, token: string, query: Record<string, string | number> = {}): Promise<Row[]> {
  const rows: Row[] = [];
  for (let skip = 0; ; skip += 1000) {
    const page = await getAll(service, token, { ...query, MaxResultCount: 1000, SkipCount: skip });
    rows.push(...page.items);
    if (rows.length >= page.totalCount) {
      expect(rows).toHaveLength(page.totalCount);
      return rows;
    }
  }
}

const EXPECTED = { wastecategory: 46, wastecode: 467, section: 20, division: 97, group: 473, class: 1381 };

async function counts(token: string) {
  const count = async (service: string, query: Record<string, string> = {}) => (await getAll(service, token, { ...query, MaxResultCount: 1 })).totalCount;
  return {
    wastecategory: await count('Wastecategory'),
    wastecode: await count('Wastecode'),
    section: await count('Industrycategory', { level: 'section' }),
    division: await count('Industrycategory', { level: 'division' }),
    group: await count('Industrycategory', { level: 'group' }),
    class: await count('Industrycategory', { level: 'class' }),
  };
}

describe('National Hazardous Waste List (2021)', () => {
  it('has 46 categories HW01–HW40 and HW45–HW50', async () => {
    const categories = await everything('Wastecategory', admin);
    expect(categories).toHaveLength(46);
    const expected = [...Array.from({ length: 40 }, (_, i) => i + 1), 45, 46, 47, 48, 49, 50].map((n) => `HW${String(n).padStart(2, '0')}`);
    expect(categories.map((c) => c.code)).toEqual(expected); // default sorting is by code
    expect(categories.find((c) => c.code === 'HW01')!.name).toBe('医疗废物');
    expect(categories.find((c) => c.code === 'HW49')!.name).toBe('其他废物');
  });

  it('has 467 distinct codes in the official format, each in the category its last two digits name', async () => {
    const codes = await everything('Wastecode', admin);
    expect(codes).toHaveLength(467);
    expect(new Set(codes.map((c) => c.code)).size).toBe(467);
    for (const code of codes) {
      expect(code.code).toMatch(/^\d{3}-\d{3}-\d{2}$/);
      expect(code.wastecategoryName).toEqual(expect.any(String));
      expect(code.description).not.toBe('');
      expect(code.hazardCharacteristics.length).toBeGreaterThan(0);
      for (const h of code.hazardCharacteristics) expect(['T', 'C', 'I', 'R', 'In']).toContain(h);
    }
    const categories = new Map((await everything('Wastecategory', admin)).map((c) => [c.id, c.code]));
    const mismatched = codes.filter((c) => categories.get(c.wastecategoryId) !== `HW${c.code.slice(-2)}`).map((c) => c.code);
    expect(mismatched).toEqual([]);
  });

  it('has 900-041-49 in HW49 其他废物 with its hazards', async () => {
    const result = await getAll('Wastecode', admin, { Keyword: '900-041-49' });
    expect(result.totalCount).toBe(1);
    const [code] = result.items;
    expect(code).toEqual(expect.objectContaining({
      code: '900-041-49',
      wastecategoryName: '其他废物',
      industrySource: '非特定行业',
      description: '含有或沾染毒性、感染性危险废物的废弃包装物、容器、过滤吸附介质',
      hazardCharacteristics: ['T', 'In'],
    }));
    const category = expectSuccess<Row>(await server.call('GET', svc('Wastecategory', 'Get'), { token: admin, query: { Id: code.wastecategoryId } }));
    expect(category).toEqual(expect.objectContaining({ code: 'HW49', name: '其他废物' }));
  });

  it('filters codes by category and by hazard characteristic', async () => {
    const hw49 = (await getAll('Wastecategory', admin, { Keyword: 'HW49' })).items[0];
    const inCategory = await getAll('Wastecode', admin, { wastecategoryId: hw49.id, MaxResultCount: 100 });
    expect(inCategory.totalCount).toBe(11);
    for (const code of inCategory.items) expect(code.code.endsWith('-49')).toBe(true);
    const infectious = await everything('Wastecode', admin, { hazardCharacteristics: 'In' });
    expect(infectious.length).toBeGreaterThan(0);
    for (const code of infectious) expect(code.hazardCharacteristics).toContain('In');
    expect(infectious.map((c) => c.code)).toContain('841-001-01');
  });
});

describe('GB/T 4754-2017 industry classification', () => {
  it('has 20 sections, 97 divisions, 473 groups and 1,381 classes (1,971 rows)', async () => {
    expect(await counts(admin)).toEqual(EXPECTED);
    expect((await getAll('Industrycategory', admin, { MaxResultCount: 1 })).totalCount).toBe(1971);
  });

  it('links every row to a parent one level up (sections have none)', async () => {
    const rows = await everything('Industrycategory', admin);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const parentLevel: Record<string, string | null> = { section: null, division: 'section', group: 'division', class: 'group' };
    const wrong: string[] = [];
    for (const row of rows) {
      const expectedLevel = parentLevel[row.level];
      const parent = row.parentId === null ? null : byId.get(row.parentId);
      if (expectedLevel === null ? row.parentId !== null : parent?.level !== expectedLevel || row.parentName !== parent.name) wrong.push(row.code);
      // Codes nest: a class 1234 sits in group 123, which sits in division 12.
      if (row.level === 'class' || row.level === 'group') {
        if (!row.code.startsWith(parent?.code ?? '?')) wrong.push(row.code);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('resolves a class\'s parent to its group through Get', async () => {
    const [cls] = (await getAll('Industrycategory', admin, { level: 'class', MaxResultCount: 1 })).items;
    expect(cls.code).toMatch(/^\d{4}$/);
    const group = expectSuccess<Row>(await server.call('GET', svc('Industrycategory', 'Get'), { token: admin, query: { Id: cls.parentId } }));
    expect(group.level).toBe('group');
    expect(group.code).toBe(cls.code.slice(0, 3));
    expect(cls.parentName).toBe(group.name);
  });

  it('lists the children of a node through the parentId filter', async () => {
    const [section] = (await getAll('Industrycategory', admin, { Keyword: 'A', level: 'section', Sorting: 'code' })).items;
    expect(section.code).toBe('A');
    const divisions = await getAll('Industrycategory', admin, { parentId: section.id, MaxResultCount: 100 });
    expect(divisions.items.map((d) => d.code)).toEqual(['01', '02', '03', '04', '05']);
  });
});

describe('every tenant gets its own copy', () => {
  it('seeds a new tenant with the same counts, in rows of its own', async () => {
    const tenant = await createTenant(server);
    const token = await server.login(tenant.id, 'admin', DEFAULT_PASSWORD);
    expect(await counts(token)).toEqual(EXPECTED);
    const mine = (await getAll('Wastecode', admin, { Keyword: '900-041-49' })).items[0];
    const theirs = (await getAll('Wastecode', token, { Keyword: '900-041-49' })).items[0];
    expect(theirs.code).toBe('900-041-49');
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs.wastecategoryId).not.toBe(mine.wastecategoryId);
  });

  it('gives the host side its own copy as well', async () => {
    expect(await counts(await server.token(null, 'admin'))).toEqual(EXPECTED);
  });
});

describe('lookups', () => {
  it('serve Wastecode/GetWastecodeAll?Keyword=900-041 to a user holding no permission at all', async () => {
    const user = await createUser(server, admin, 1);
    const token = await server.login(1, user.userName, user.password);
    expectError(await server.call('GET', svc('Wastecode', 'GetAll'), { token }), 403, true);
    const items = expectSuccess<Row[]>(await server.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token, query: { Keyword: '900-041' } }));
    expect(items.map((i) => i.code)).toEqual(['900-041-49']);
    // Without Wastecode's permission, only what a picker needs.
    expect(items[0]).toEqual({ id: expect.any(Number), code: '900-041-49' });
  });

  it('return at most 1000 rows, sorted by code', async () => {
    const all = expectSuccess<Row[]>(await server.call('GET', svc('Industrycategory', 'GetIndustrycategoryAll'), { token: admin }));
    expect(all).toHaveLength(1000);
    const codes = expectSuccess<Row[]>(await server.call('GET', svc('Wastecode', 'GetWastecodeAll'), { token: admin }));
    expect(codes).toHaveLength(467);
    expect(codes.map((c) => c.code)).toEqual([...codes.map((c) => c.code)].sort());
    const categories = expectSuccess<Row[]>(await server.call('GET', svc('Wastecategory', 'GetWastecategoryAll'), { token: admin, query: { Keyword: '其他' } }));
    expect(categories.map((c) => c.code)).toEqual(['HW49']);
  });

  it('need a logged-in user', async () => {
    expectError(await server.call('GET', svc('Wastecode', 'GetWastecodeAll'), { tenantId: 1 }), 401, true);
  });
});

describe('seeding', () => {
  it('is done once: the first start creates the host admin, the Default tenant and its admin', async () => {
    const tenants = ok<Paged>(await server.call('GET', svc('Tenant', 'GetAll'), { token: await server.token(null, 'admin'), query: { Keyword: 'Default' } }), 'Tenant/GetAll');
    expect(tenants.items).toEqual([expect.objectContaining({ id: 1, tenancyName: 'Default', name: 'Default', isActive: true })]);
    expect(await seed(server.db)).toBe(false);
    expect(await counts(admin)).toEqual(EXPECTED);
  });
});
