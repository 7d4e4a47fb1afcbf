/** @jest-environment jsdom */
import { byTestId, click, typeInto } from '../../crud/test-support-render';
import { hazardsFromWastecode } from './hazardousWasteScreen';
import { paged, Refusal, settle, type Request } from './test-support-live-store';
import { screenTestBed } from './test-support';

const bed = screenTestBed();

const WASTECODES = [
  { id: 3, code: '900-041-49', hazardCharacteristics: ['T', 'In'] },
  { id: 5, code: '251-001-08', hazardCharacteristics: ['T', 'I'] },
];
const PRODUCERS = [{ id: 2, name: '华东化工有限公司', corporateType: [2] }];
const WASTES = [
  { id: 1, enterpriseId: 2, enterpriseName: '华东化工有限公司', wastecodeId: 5, wastecodeName: '251-001-08', name: '废矿物油', status: 0, hazardCharacteristics: ['T', 'I'] },
  { id: 4, enterpriseId: 2, enterpriseName: '华东化工有限公司', wastecodeId: 3, wastecodeName: '900-041-49', name: '废包装桶', status: 1, hazardCharacteristics: ['T', 'In'] },
];

function open(extra: (request: Request) => unknown = () => undefined) {
  return bed.open({ resource: 'HazardouswasteInformation' }, async (request) => {
    const answer = await extra(request);
    if (answer !== undefined) return answer;
    switch (request.path) {
      case 'HazardouswasteInformation/GetAll': return paged(WASTES);
      case 'Wastecode/GetWastecodeAll': return WASTECODES;
      case 'EnterpriseInformation/GetEnterpriseInformationAll':
        if (request.query.corporateType !== 2) throw new Refusal('the producer picker must ask for producers');
        return PRODUCERS;
      case 'HazardouswasteInformation/Create': return { id: 9 };
      case 'HazardouswasteInformation/UpdateStatus': return null;
      default: throw new Refusal(`unexpected ${request.method} ${request.path}`, 404);
    }
  });
}

const checked = (testId: string) => [...byTestId(testId)!.querySelectorAll<HTMLInputElement>('input')]
  .filter((i) => i.checked).map((i) => i.closest('label')!.textContent);
const pickFirst = (name: string) => {
  const select = byTestId(`form-field-${name}`) as HTMLSelectElement;
  typeInto(select, select.options[1].value);
};

describe('hazardous waste information', () => {
  it('fills empty hazard characteristics from the picked waste code, and leaves chosen ones alone', async () => {
    const live = open();
    await settle();
    click(byTestId('btn-create'));
    await settle();
    typeInto(byTestId('form-field-enterpriseId'), '2');
    typeInto(byTestId('form-field-wastecodeId'), '3');
    expect(checked('form-field-hazardCharacteristics')).toEqual(['毒性', '感染性']);
    typeInto(byTestId('form-field-wastecodeId'), '5');
    expect(checked('form-field-hazardCharacteristics')).toEqual(['毒性', '感染性']);

    typeInto(byTestId('form-field-name'), '废活性炭');
    for (const name of ['wasteType', 'physicalCharacteristics', 'generationSource', 'containerType', 'packagingMethod', 'purpose']) pickFirst(name);
    click(byTestId('btn-save'));
    await settle();
    const create = live.calls.find((c) => c.path === 'HazardouswasteInformation/Create')!;
    expect(create.body).toMatchObject({ enterpriseId: 2, wastecodeId: 5, name: '废活性炭', hazardCharacteristics: ['T', 'In'] });
    expect(create.body).not.toHaveProperty('status');
  });

  it('puts a waste out of use after asking, then reloads the list', async () => {
    const live = open();
    await settle();
    expect(byTestId('row-disable-1')).not.toBeNull();
    expect(byTestId('row-enable-1')).toBeNull();
    expect(byTestId('row-enable-4')).not.toBeNull();
    expect(byTestId('row-disable-4')).toBeNull();
    click(byTestId('row-disable-1'));
    expect(byTestId('command-alert')!.textContent).toContain('确定要停用“废矿物油”吗？');
    expect(live.calls.some((c) => c.path.endsWith('/UpdateStatus'))).toBe(false);
    click(byTestId('confirm-command'));
    await settle();
    expect(live.calls.filter((c) => c.path === 'HazardouswasteInformation/UpdateStatus'))
      .toEqual([{ method: 'PUT', path: 'HazardouswasteInformation/UpdateStatus', query: {}, body: { id: 1, status: 1 } }]);
    expect(live.calls.filter((c) => c.path === 'HazardouswasteInformation/GetAll')).toHaveLength(2);
    expect(byTestId('command-alert')).toBeNull();
  });

  it('keeps the question open with the refusal', async () => {
    open((request) => {
      if (request.path === 'HazardouswasteInformation/UpdateStatus') throw new Refusal('该危废已用于管理计划');
      return undefined;
    });
    await settle();
    click(byTestId('row-enable-4'));
    expect(byTestId('command-alert')!.textContent).toContain('确定要重新启用“废包装桶”吗？');
    click(byTestId('confirm-command'));
    await settle();
    expect(byTestId('command-alert')!.textContent).toContain('操作失败：该危废已用于管理计划');
  });
});

describe('hazardsFromWastecode', () => {
  it('answers only a waste-code change over empty characteristics with a known code', () => {
    expect(hazardsFromWastecode({ wastecodeId: 3 }, { hazardCharacteristics: [] }, WASTECODES)).toEqual({ hazardCharacteristics: ['T', 'In'] });
    expect(hazardsFromWastecode({ wastecodeId: 3 }, { hazardCharacteristics: ['C'] }, WASTECODES)).toBeUndefined();
    expect(hazardsFromWastecode({ name: 'x' }, { hazardCharacteristics: [] }, WASTECODES)).toBeUndefined();
    expect(hazardsFromWastecode({ wastecodeId: 99 }, { hazardCharacteristics: [] }, WASTECODES)).toBeUndefined();
    expect(hazardsFromWastecode({ wastecodeId: null }, { hazardCharacteristics: [] }, WASTECODES)).toBeUndefined();
  });
});
