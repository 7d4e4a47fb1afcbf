import { enterpriseinformation } from '../../shared/resources/enterpriseinformation';
import { buildListParams } from './query';
import { initialResourceState } from './slice';
import { apiPath, baseResourceOf, findView, fixedValues, formFieldNames, screenKey, serviceOf } from './view';

describe('screen keys and variant views', () => {
  it('derives a segment’s view: own key, the resource’s service, its fixed type and the route’s title', () => {
    const view = findView(screenKey('EnterpriseInformation', 'enterpriseinformation_tp'))!;
    expect(view.name).toBe('EnterpriseInformation@enterpriseinformation_tp');
    expect(serviceOf(view)).toBe('EnterpriseInformation');
    expect(view.fixedFilters).toEqual({ corporateType: 3 });
    expect(view.i18n.title).toBe('route.enterpriseinformation_tp');
    expect(view.label).toEqual(enterpriseinformation.segments![2].label);
    expect(view.i18n.field('name')).toBe('resource.EnterpriseInformation.fields.name');
    expect(apiPath(view, 'getAll')).toBe('/api/services/app/EnterpriseInformation/GetAll');
    // Looked up case-insensitively, and once.
    expect(findView('enterpriseinformation@EnterpriseInformation_TP')).toBe(view);
  });

  it('gives other variants the resource’s view under their own key', () => {
    const view = findView('RegularInspections@enterprise')!;
    expect(view.name).toBe('RegularInspections@enterprise');
    expect(view.fixedFilters).toBeUndefined();
    expect(apiPath(view, 'getAll')).toBe('/api/services/app/RegularInspections/GetAll');
    expect(baseResourceOf(view.name)).toBe('RegularInspections');
    expect(baseResourceOf('Wastecode')).toBe('Wastecode');
    expect(findView('Nothing@x')).toBeUndefined();
  });

  it('always sends the fixed type, after the clerk’s filters, and the embedding screen’s scope', () => {
    const view = findView('EnterpriseInformation@enterpriseinformation_wp')!;
    const params = buildListParams({ ...initialResourceState, filters: { corporateType: 1, scale: 2 }, scope: { EnterpriseId: 9 } }, view);
    expect(params).toEqual({ SkipCount: 0, MaxResultCount: 10, corporateType: 2, scale: 2, EnterpriseId: 9 });
  });

  it('starts a new record of a segment with its type ticked', () => {
    expect(fixedValues(findView('EnterpriseInformation@enterpriseinformation_cp')!)).toEqual({ corporateType: [1] });
    expect(fixedValues(findView('EnterpriseInformation')!)).toEqual({});
  });

  it('leaves fields only the server writes out of the form', () => {
    const fields = formFieldNames(findView('HazardouswasteInformation')!);
    expect(fields).not.toContain('status');
    expect(fields).toContain('hazardCharacteristics');
    expect(formFieldNames(findView('EnterpriseInformation')!)).not.toContain('regionName');
  });
});
