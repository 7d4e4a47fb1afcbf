import { vehicleinformation } from '../../shared/resources';
import { clearedByChange, referenceParams } from './form-values';
import { findView } from './view';

const compound = findView('Varea')!;
const field = (name: string) => compound.fields[name];

describe('references within the levels above', () => {
  it('asks for the chosen district’s streets, and the chosen street’s communities', () => {
    expect(referenceParams(field('qareaId'), {})).toBeUndefined();
    expect(referenceParams(field('sareaId'), { qareaId: null })).toBeUndefined();
    expect(referenceParams(field('sareaId'), { qareaId: 7 })).toEqual({ qareaId: 7 });
    expect(referenceParams(field('careaId'), { qareaId: 7, sareaId: 12 })).toEqual({ qareaId: 7, sareaId: 12 });
    expect(referenceParams(field('name'), { qareaId: 7 })).toBeUndefined();
  });

  it('keeps a declared kind beside them', () => {
    expect(referenceParams(vehicleinformation.fields.enterpriseId, {})).toEqual(vehicleinformation.fields.enterpriseId.where);
  });

  it('clears the street and community when the district changes, and the community when the street does', () => {
    const chosen = { qareaId: 7, sareaId: 12, careaId: 30, name: '翠苑一区' };
    expect(clearedByChange(compound, chosen, { qareaId: 8 })).toEqual({ sareaId: null, careaId: null });
    expect(clearedByChange(compound, chosen, { sareaId: 13 })).toEqual({ careaId: null });
    expect(clearedByChange(compound, chosen, { careaId: 31 })).toEqual({});
    expect(clearedByChange(compound, chosen, { name: '翠苑二区' })).toEqual({});
  });

  it('keeps everything when the same district is chosen again, or when a patch sets the levels together', () => {
    const chosen = { qareaId: 7, sareaId: 12, careaId: 30 };
    expect(clearedByChange(compound, chosen, { qareaId: 7 })).toEqual({});
    expect(clearedByChange(compound, chosen, { qareaId: 8, sareaId: 20 })).toEqual({ careaId: null });
  });
});
