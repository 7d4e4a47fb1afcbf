import { childrenKey, createDefaultsOf, nodeOf, tableKeyOf, tableScopeOf } from './areaLevels';

describe('the area screen’s levels', () => {
  const district = nodeOf(0, { id: 4, name: '西湖区' }, null);
  const street = nodeOf(1, { id: 9, name: '北山街道' }, district);
  const community = nodeOf(2, { id: 30, name: '上保社区' }, street);

  it('lists districts when nothing is chosen, and the children of the chosen row otherwise', () => {
    expect([tableKeyOf(null), tableScopeOf(null)]).toEqual(['Qarea@area', {}]);
    expect([tableKeyOf(district), tableScopeOf(district)]).toEqual(['Sarea@area', { qareaId: 4 }]);
    expect([tableKeyOf(street), tableScopeOf(street)]).toEqual(['Carea@area', { sareaId: 9 }]);
    expect([tableKeyOf(community), tableScopeOf(community)]).toEqual(['Varea@area', { careaId: 30 }]);
  });

  it('starts a new row under the chosen row and every row above it', () => {
    expect(createDefaultsOf(null)).toEqual({});
    expect(createDefaultsOf(district)).toEqual({ qareaId: 4 });
    expect(createDefaultsOf(community)).toEqual({ qareaId: 4, sareaId: 9, careaId: 30 });
  });

  it('knows the rows above a node, for the breadcrumbs', () => {
    expect(community.above.map((n) => n.name)).toEqual(['西湖区', '北山街道']);
    expect(district.above).toEqual([]);
  });

  it('reads a node’s children through the lookup of the level below', () => {
    expect(childrenKey(null)).toBe('Qarea/GetAllData');
    expect(childrenKey(district)).toBe('Sarea/GetAllData?qareaId=4');
    expect(childrenKey(street)).toBe('Carea/GetAllData?sareaId=9');
  });
});
