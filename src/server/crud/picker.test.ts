import { enterpriseinformation, equipmentmodel, hazardouswasteinformation, smartequipment, wastecode } from '../../shared/resources';
import { pickerFields } from './picker';

describe('pickerFields', () => {
  it('is the label field and the fields that declared `where` clauses on references to the resource name', () => {
    expect(pickerFields(smartequipment)).toEqual(['serialNumber']);
    expect(pickerFields(hazardouswasteinformation)).toEqual(['name']);
    expect(pickerFields(wastecode)).toEqual(['code']);
    // Vehicles, drivers and plans pick enterprises by corporate type; devices pick models in use.
    expect(pickerFields(enterpriseinformation)).toEqual(['name', 'corporateType']);
    expect(pickerFields(equipmentmodel)).toEqual(['name', 'status']);
  });
});
