/** @jest-environment jsdom */
import { byTestId, click, typeInto } from '../../crud/test-support-render';
import { creditCodeCheckChar } from '../../../shared/validators';
import { paged, Refusal, settle, type Handler, type Request } from './test-support-live-store';
import { screenTestBed } from './test-support';

const bed = screenTestBed();

const CREDIT_CODE = '91330106MA2H0001X' + creditCodeCheckChar('91330106MA2H0001X');
const ENTERPRISES = [
  { id: 1, name: '绿源环保科技有限公司', creditCode: CREDIT_CODE, corporateType: [1, 3], regionName: '浙江省杭州市西湖区', address: '文三路1号' },
  { id: 2, name: '华东化工有限公司', creditCode: 'x', corporateType: [2], regionName: '', address: '' },
];
const REGIONS: Record<string, { code: string; name: string; level: number; hasChildren: boolean }[]> = {
  '': [{ code: '33', name: '浙江省', level: 1, hasChildren: true }, { code: '32', name: '江苏省', level: 1, hasChildren: true }],
  33: [{ code: '3301', name: '杭州市', level: 2, hasChildren: true }],
  3301: [{ code: '330106', name: '西湖区', level: 3, hasChildren: true }],
  330106: [{ code: '330106001', name: '北山街道', level: 4, hasChildren: false }],
};
const inspections = (enterpriseId: number, count: number) => Array.from({ length: count }, (_, i) => ({
  id: enterpriseId * 100 + i + 1, enterpriseId, inspectionType: 3, evaluation: 2, inspectionDate: `2024-05-${String(i + 1).padStart(2, '0')}`,
  inspector: `检查员${i + 1}`, findings: i === 0 ? '台账不全' : null,
}));

/** The enterprise service as the screens use it. */
function enterpriseServer(overrides: Handler = () => undefined): Handler {
  return async (request: Request) => {
    const answer = await overrides(request);
    if (answer !== undefined) return answer;
    switch (request.path) {
      case 'EnterpriseInformation/GetAll': {
        const type = request.query.corporateType;
        return paged(type === undefined ? ENTERPRISES : ENTERPRISES.filter((e) => e.corporateType.includes(Number(type))));
      }
      case 'EnterpriseInformation/GetCitys': return { items: REGIONS[String(request.query.ParentCode ?? '')] ?? [] };
      case 'EnterpriseInformation/Create': return { id: 3, ...request.body };
      case 'RegularInspections/GetAll': {
        const all = inspections(Number(request.query.EnterpriseId), Number(request.query.EnterpriseId) === 1 ? 13 : 0);
        const skip = Number(request.query.SkipCount);
        return paged(all.slice(skip, skip + Number(request.query.MaxResultCount)), all.length);
      }
      case 'Industrycategory/GetIndustrycategoryAll':
      case 'Wastecode/GetWastecodeAll':
      case 'Wastecategory/GetWastecategoryAll':
        return [];
      default:
        throw new Refusal(`unexpected ${request.method} ${request.path}`, 404);
    }
  };
}

function open(route: { resource: string; segment?: string }, handler: Handler = enterpriseServer()) {
  return bed.open(route, handler);
}

const select = (testId: string) => byTestId(testId) as HTMLSelectElement;
const optionTexts = (testId: string) => [...select(testId).options].map((o) => o.text);

describe('enterprise screen', () => {
  it('shows every corporate type of an enterprise as a tag', async () => {
    open({ resource: 'EnterpriseInformation' });
    await settle();
    const tags = byTestId('corporate-types-1')!.querySelectorAll('.bp6-tag');
    expect([...tags].map((t) => t.textContent)).toEqual(['接收单位', '运输单位']);
    expect(byTestId('resource-table')!.textContent).toContain('浙江省杭州市西湖区');
  });

  it('creates an enterprise with its region picked level by level and its location', async () => {
    const live = open({ resource: 'EnterpriseInformation' });
    await settle();
    click(byTestId('btn-create'));
    await settle();
    const section = byTestId('form-section-region')!;
    expect(section.textContent).toContain('所在地区');
    expect(section.querySelector('[data-testid="form-field-address"]')).not.toBeNull();
    expect(section.querySelector('[data-testid="form-field-longitude"]')).not.toBeNull();
    expect(section.querySelector('[data-testid="form-field-latitude"]')).not.toBeNull();
    expect(optionTexts('region-province')).toEqual(['请选择省', '浙江省', '江苏省']);
    typeInto(select('region-province'), '33');
    await settle();
    typeInto(select('region-city'), '3301');
    await settle();
    typeInto(select('region-county'), '330106');
    await settle();
    expect(optionTexts('region-town')).toEqual(['请选择乡镇/街道', '北山街道']);

    typeInto(byTestId('form-field-name'), '西湖再生资源有限公司');
    typeInto(byTestId('form-field-creditCode'), CREDIT_CODE);
    click(byTestId('form-field-corporateType')!.querySelectorAll('input')[0]);
    typeInto(byTestId('form-field-address'), '北山街道88号');
    typeInto(byTestId('form-field-longitude'), '120.148732');
    typeInto(byTestId('form-field-latitude'), '30.259244');
    click(byTestId('btn-save'));
    await settle();

    const create = live.calls.find((c) => c.path === 'EnterpriseInformation/Create')!;
    expect(create.body).toMatchObject({
      name: '西湖再生资源有限公司', creditCode: CREDIT_CODE, corporateType: [1],
      provinceCode: '33', cityCode: '3301', countyCode: '330106', townCode: null, villageCode: null,
      address: '北山街道88号', longitude: 120.148732, latitude: 30.259244,
    });
    expect(create.body).not.toHaveProperty('regionName');
    expect(byTestId('resource-form')).toBeNull();
  });

  it('shows the server’s message about a region code under the cascade', async () => {
    const live = open({ resource: 'EnterpriseInformation' }, enterpriseServer((request) => {
      if (request.path === 'EnterpriseInformation/Create') {
        throw new Refusal('Your request is not valid!', 400, [{ message: '行政区划代码“3399”不存在', members: ['CityCode'] }]);
      }
      return undefined;
    }));
    await settle();
    click(byTestId('btn-create'));
    await settle();
    typeInto(byTestId('form-field-name'), '甲');
    typeInto(byTestId('form-field-creditCode'), CREDIT_CODE);
    click(byTestId('form-field-corporateType')!.querySelectorAll('input')[1]);
    click(byTestId('btn-save'));
    await settle();
    expect(live.calls.some((c) => c.path === 'EnterpriseInformation/Create')).toBe(true);
    expect(byTestId('form-field-region')!.textContent).toContain('行政区划代码“3399”不存在');
    // Placed under the cascade, it is not repeated in the summary above the fields.
    expect(byTestId('form-error')!.textContent).toBe('保存失败，请检查标红的字段');
  });
});

describe('segment routes', () => {
  it('lists only its type, keeps it when filters reset, and starts a new enterprise with it', async () => {
    const live = open({ resource: 'EnterpriseInformation', segment: 'enterpriseinformation_tp' });
    await settle();
    const lists = live.calls.filter((c) => c.path === 'EnterpriseInformation/GetAll');
    expect(lists.map((c) => c.query)).toEqual([{ SkipCount: 0, MaxResultCount: 10, corporateType: 3 }]);
    expect(byTestId('resource-table')!.dataset.rows).toBe('1');
    expect(byTestId('filter-corporateType')).toBeNull();
    typeInto(byTestId('filter-scale'), '1');
    await settle();
    click(byTestId('btn-reset'));
    await settle();
    expect(live.calls.filter((c) => c.path === 'EnterpriseInformation/GetAll').map((c) => c.query)).toEqual([
      { SkipCount: 0, MaxResultCount: 10, corporateType: 3 },
      { SkipCount: 0, MaxResultCount: 10, corporateType: 3, scale: 1 },
      { SkipCount: 0, MaxResultCount: 10, corporateType: 3 },
    ]);
    click(byTestId('btn-create'));
    await settle();
    expect(document.querySelector('.bp6-dialog-header')!.textContent).toContain('新建运输单位信息');
    expect([...byTestId('form-field-corporateType')!.querySelectorAll('input')].map((i) => i.checked)).toEqual([false, false, true]);
    expect(byTestId('form-section-region')).not.toBeNull();
  });
});

describe('inspections drawer', () => {
  it('opens on an enterprise’s inspections with paging, and shows the empty state for another', async () => {
    let release: () => void = () => {};
    const live = open({ resource: 'EnterpriseInformation' }, enterpriseServer(async (request) => {
      // The first page is held back so that the loading state can be seen.
      if (request.path === 'RegularInspections/GetAll' && request.query.SkipCount === 0 && request.query.EnterpriseId === 1) {
        await new Promise<void>((resolve) => { release = resolve; });
      }
      return undefined;
    }));
    await settle();
    click(byTestId('row-inspections-1'));
    await settle();
    const drawer = () => byTestId('inspections-drawer')!;
    expect(drawer().dataset.enterprise).toBe('1');
    expect(byTestId('inspections-loading')).not.toBeNull();
    expect(document.querySelector('.bp6-drawer-header')!.textContent).toContain('检查记录：绿源环保科技有限公司');
    release();
    await settle();
    expect(byTestId('inspections-table')!.querySelectorAll('tbody tr')).toHaveLength(10);
    expect(byTestId('inspection-row-101')!.textContent).toContain('监测');
    expect(byTestId('inspection-row-101')!.textContent).toContain('台账不全');
    expect(byTestId('inspections-table')!.textContent).not.toContain('被检查企业');
    expect(byTestId('inspections-pager-total')!.textContent).toBe('共 13 条');
    click(byTestId('inspections-pager-next'));
    await settle();
    expect(byTestId('inspections-table')!.querySelectorAll('tbody tr')).toHaveLength(3);
    expect(byTestId('inspection-row-111')!.textContent).toContain('11');
    expect(live.calls.filter((c) => c.path === 'RegularInspections/GetAll').map((c) => c.query)).toEqual([
      { SkipCount: 0, MaxResultCount: 10, EnterpriseId: 1 },
      { SkipCount: 10, MaxResultCount: 10, EnterpriseId: 1 },
    ]);
    // The screen's own pager is untouched.
    expect(byTestId('pager-total')!.textContent).toBe('共 2 条');

    click(document.querySelector('.bp6-drawer-header button'));
    await settle(350);
    click(byTestId('row-inspections-2'));
    await settle();
    expect(byTestId('inspections-empty')!.textContent).toContain('暂无检查记录');
    expect(live.calls.filter((c) => c.path === 'RegularInspections/GetAll').at(-1)!.query).toEqual({ SkipCount: 0, MaxResultCount: 10, EnterpriseId: 2 });
  });

  it('shows a failure with a retry', async () => {
    let fail = true;
    open({ resource: 'EnterpriseInformation' }, enterpriseServer((request) => {
      if (request.path === 'RegularInspections/GetAll' && fail) throw new Refusal('未授予所需权限', 403);
      return undefined;
    }));
    await settle();
    click(byTestId('row-inspections-1'));
    await settle();
    expect(byTestId('inspections-error')!.textContent).toContain('未授予所需权限');
    fail = false;
    click(byTestId('inspections-retry'));
    await settle();
    expect(byTestId('inspections-table')).not.toBeNull();
  });
});
