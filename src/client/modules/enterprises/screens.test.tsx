/** @jest-environment jsdom */
import { act } from 'react';
import ResourceRoute from '../../app/ResourceRoute';
import { mockStore } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { DEFAULT_CONFIG } from '../../session/config';
import { byTestId, click, render, typeInto } from '../../crud/test-support-render';
import { paged, Refusal, settle, type Request } from './test-support-live-store';
import { screenTestBed } from './test-support';

const bed = screenTestBed();

const TRANSPORTERS = [{ id: 7, name: '顺达运输有限公司', corporateType: [3] }];
const ALL_ENTERPRISES = [...TRANSPORTERS, { id: 2, name: '华东化工有限公司', corporateType: [2] }];
const CATEGORIES = [{ id: 8, code: 'HW08', name: '废矿物油与含矿物油废物' }];

/** Lookups every screen may ask for; the rest is the test's. */
function lookups(request: Request): unknown {
  switch (request.path) {
    case 'EnterpriseInformation/GetEnterpriseInformationAll':
      return request.query.corporateType === undefined ? ALL_ENTERPRISES : ALL_ENTERPRISES.filter((e) => e.corporateType.includes(Number(request.query.corporateType)));
    case 'Wastecategory/GetWastecategoryAll': return CATEGORIES;
    default: return undefined;
  }
}

function open(resource: string, handler: (request: Request) => unknown) {
  return bed.open({ resource }, async (request) => {
    const answer = lookups(request) ?? await handler(request);
    if (answer === undefined) throw new Refusal(`unexpected ${request.method} ${request.path}`, 404);
    return answer;
  });
}

const bodyOf = (calls: Request[], path: string) => calls.find((c) => c.path === path)?.body;

describe('screens built from their declarations alone', () => {
  it('vehicles: the enterprise picker lists transporters, the plate is checked, then the vehicle is created', async () => {
    const live = open('Vehicleinformation', (r) => (r.path.endsWith('/GetAll') ? paged([]) : r.path.endsWith('/Create') ? { id: 1 } : undefined));
    await settle();
    expect(byTestId('empty-state')).not.toBeNull();
    click(byTestId('btn-create'));
    await settle();
    expect([...(byTestId('form-field-enterpriseId') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['请选择', '顺达运输有限公司']);
    typeInto(byTestId('form-field-enterpriseId'), '7');
    typeInto(byTestId('form-field-plateNumber'), '浙A1234');
    typeInto(byTestId('form-field-colour'), '2');
    typeInto(byTestId('form-field-loadCapacity'), '8.5');
    click(byTestId('btn-save'));
    expect(byTestId('resource-form')!.textContent).toContain('车牌号校验不通过（如 浙A12345，新能源车如 浙AD12345）');
    typeInto(byTestId('form-field-plateNumber'), '浙A12345');
    click(byTestId('btn-save'));
    await settle();
    expect(bodyOf(live.calls, 'Vehicleinformation/Create')).toEqual({
      enterpriseId: 7, plateNumber: '浙A12345', colour: 2, entryType: 1, loadCapacity: 8.5, permitNumber: null, permitExpiry: null,
    });
    expect(byTestId('resource-form')).toBeNull();
  });

  it('drivers: lists the masked ID number and edits the full one read afresh', async () => {
    const masked = { id: 3, enterpriseId: 7, enterpriseName: '顺达运输有限公司', name: '王五', idCardNumber: '110105********002X' };
    const live = open('Driver', (r) => {
      if (r.path === 'Driver/GetAll') return paged([masked]);
      if (r.path === 'Driver/Get') return { ...masked, idCardNumber: '11010519491231002X' };
      if (r.path === 'Driver/Update') return { id: 3 };
      return undefined;
    });
    await settle();
    expect(byTestId('resource-table')!.textContent).toContain('110105********002X');
    click(byTestId('row-edit-3'));
    await settle();
    expect((byTestId('form-field-idCardNumber') as HTMLInputElement).value).toBe('11010519491231002X');
    click(byTestId('btn-save'));
    await settle();
    expect(bodyOf(live.calls, 'Driver/Update')).toMatchObject({ id: 3, idCardNumber: '11010519491231002X', name: '王五' });
  });

  it('drivers: creates one with a checked ID number', async () => {
    const live = open('Driver', (r) => (r.path === 'Driver/GetAll' ? paged([]) : r.path === 'Driver/Create' ? { id: 4 } : undefined));
    await settle();
    click(byTestId('btn-create'));
    await settle();
    typeInto(byTestId('form-field-enterpriseId'), '7');
    typeInto(byTestId('form-field-name'), '赵六');
    typeInto(byTestId('form-field-idCardNumber'), '110105194912310021');
    click(byTestId('btn-save'));
    expect(byTestId('resource-form')!.textContent).toContain('身份证号校验不通过');
    typeInto(byTestId('form-field-idCardNumber'), '11010519491231002X');
    click(byTestId('btn-save'));
    await settle();
    expect(bodyOf(live.calls, 'Driver/Create')).toMatchObject({ enterpriseId: 7, name: '赵六', idCardNumber: '11010519491231002X' });
  });

  it('collection categories: creates one for any enterprise', async () => {
    const live = open('Collectioncategory', (r) => (r.path.endsWith('/GetAll') ? paged([]) : r.path.endsWith('/Create') ? { id: 1 } : undefined));
    await settle();
    click(byTestId('btn-create'));
    await settle();
    expect([...(byTestId('form-field-enterpriseId') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['请选择', '顺达运输有限公司', '华东化工有限公司']);
    typeInto(byTestId('form-field-enterpriseId'), '2');
    typeInto(byTestId('form-field-wastecategoryId'), '8');
    typeInto(byTestId('form-field-disposalMethod'), '3');
    click(byTestId('btn-save'));
    await settle();
    expect(bodyOf(live.calls, 'Collectioncategory/Create')).toEqual({ enterpriseId: 2, wastecategoryId: 8, disposalMethod: 3 });
  });

  it('inspections: creates one with an uploaded attachment', async () => {
    const stored = { id: 55, name: '检查表.pdf', size: 1258291, contentType: 'application/pdf', creationTime: '2024-05-06T10:00:00' };
    const live = open('RegularInspections', (r) => {
      if (r.path === 'RegularInspections/GetAll') return paged([]);
      if (r.path === 'RegularInspections/UploadFile') return stored;
      if (r.path === 'RegularInspections/Create') return { id: 1 };
      return undefined;
    });
    await settle();
    click(byTestId('btn-create'));
    await settle();
    typeInto(byTestId('form-field-enterpriseId'), '2');
    typeInto(byTestId('form-field-inspectionType'), '1');
    typeInto(byTestId('form-field-evaluation'), '2');
    typeInto(byTestId('form-field-inspectionDate'), '2024-05-06');
    typeInto(byTestId('form-field-inspector'), '李四');
    const input = byTestId('form-field-attachments') as HTMLInputElement;
    Object.defineProperty(input, 'files', { configurable: true, value: [new File(['%PDF-1.7'], '检查表.pdf', { type: 'application/pdf' })] });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(live.calls.filter((c) => c.path === 'RegularInspections/UploadFile')).toHaveLength(1);
    expect(byTestId('file-item-55')!.textContent).toContain('1.2 MB');
    click(byTestId('btn-save'));
    await settle();
    expect(bodyOf(live.calls, 'RegularInspections/Create')).toEqual({
      enterpriseId: 2, inspectionType: 1, evaluation: 2, inspectionDate: '2024-05-06', inspector: '李四', findings: null,
      rectificationDeadline: null, attachments: [55],
    });
  });
});

describe('the inspections row action', () => {
  it('is offered only to users who may read inspections', () => {
    const state = (granted: Record<string, string>) => ({
      ...stateWith({ EnterpriseInformation: { loaded: true, items: [{ id: 1, name: '甲', corporateType: [1] }], totalCount: 1 } }),
      app: { config: { ...DEFAULT_CONFIG, auth: { allPermissions: {}, grantedPermissions: granted } } },
    });
    const plain = render(<ResourceRoute resource="EnterpriseInformation" />, mockStore(state({ 'Pages.EnterpriseInformation': 'true' })).store);
    expect(byTestId('row-inspections-1')).toBeNull();
    plain.unmount();
    bed.track(render(<ResourceRoute resource="EnterpriseInformation" />,
      mockStore(state({ 'Pages.EnterpriseInformation': 'true', 'Pages.RegularInspections': 'true' })).store));
    expect(byTestId('row-inspections-1')).not.toBeNull();
  });
});
