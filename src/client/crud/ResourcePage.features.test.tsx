/** @jest-environment jsdom */
import { act } from 'react';
import { ResourcePage } from './ResourcePage';
import { crudActions as A, lookupKey } from './slice';
import {
  byTestId, click, createI18n, mockStore, openMultiSelect, render, screenTestSetup, typeInto, type Rendered,
} from './test-support-render';
import { stateWith } from './test-support';
import { takeHeldFile } from './files';
import type { CrudRootState, EditingState, ResourceState } from './types';

screenTestSetup();

let view: Rendered | null = null;

const creating: EditingState = { mode: 'create', id: null, values: {}, loading: false, fieldErrors: {}, error: null, loadFailed: false };
const lookup = (items: { id: number; [k: string]: unknown }[]) => ({ items, loading: false, loaded: true, error: null });
const withoutLookups = (dispatched: { type: string }[]) => dispatched.filter((a) => a.type !== A.lookupRequested.type);

function show(resource: string, state: Partial<ResourceState>, options: { segment?: string; lookups?: CrudRootState['crud']['lookups']; uploads?: CrudRootState['crud']['uploads'] } = {}) {
  const key = options.segment ? `${resource}@${options.segment}` : resource;
  const root = stateWith({ [key]: { loaded: true, ...state } });
  Object.assign(root.crud.lookups, options.lookups);
  Object.assign(root.crud.uploads, options.uploads);
  const mock = mockStore(root);
  view = render(<ResourcePage resource={resource} segment={options.segment} />, mock.store, createI18n('zh-CN', true));
  return mock;
}

const CODES = [{ id: 3, code: '900-041-49', hazardCharacteristics: ['T', 'In'] }, { id: 5, code: '251-001-08', hazardCharacteristics: ['T', 'I'] }];
const TRANSPORTERS = [{ id: 7, name: '顺达运输', corporateType: [3] }, { id: 8, name: '安运物流', corporateType: [3, 2] }];

describe('segment screens', () => {
  it('lists under its own key, hides the type filter and starts a new enterprise with the segment’s type', () => {
    const mock = show('EnterpriseInformation', { items: [{ id: 1, name: '甲公司', corporateType: [1, 3] }], totalCount: 1 }, { segment: 'enterpriseinformation_cp' });
    const key = 'EnterpriseInformation@enterpriseinformation_cp';
    expect(byTestId(`resource-page-${key}`)).not.toBeNull();
    expect(byTestId('filter-corporateType')).toBeNull();
    expect(byTestId('filter-scale')).not.toBeNull();
    click(byTestId('btn-create'));
    expect(withoutLookups(mock.dispatched)).toEqual([
      A.listRequested({ resource: key }),
      A.createOpened({ resource: key, values: { corporateType: [1] } }),
    ]);
  });

  it('titles its dialog with the route’s label', () => {
    show('EnterpriseInformation', { editing: { ...creating, values: { corporateType: [3] } } }, { segment: 'enterpriseinformation_tp' });
    expect(document.querySelector('.bp6-dialog-header')!.textContent).toContain('新建运输单位信息');
    const types = byTestId('form-field-corporateType')!.querySelectorAll<HTMLInputElement>('input');
    expect([...types].map((i) => i.checked)).toEqual([false, false, true]);
  });
});

describe('a status filter with an "all" value', () => {
  it('offers "all" with the declared value and sends it', () => {
    const mock = show('Contract', { items: [], totalCount: 0 });
    const filter = byTestId('filter-status') as HTMLSelectElement;
    expect([...filter.options].map((o) => [o.value, o.text])).toEqual([['-1', '状态：全部'], ['0', '正常'], ['1', '作废']]);
    typeInto(filter, '1');
    typeInto(filter, '-1');
    expect(withoutLookups(mock.dispatched).slice(-2)).toEqual([
      A.filterChanged({ resource: 'Contract', name: 'status', value: 1 }),
      A.filterChanged({ resource: 'Contract', name: 'status', value: -1 }),
    ]);
  });
});

describe('references to several rows', () => {
  const enterprise = {
    id: 4, name: '甲公司', creditCode: '91350100M000100Y43', corporateType: [2],
    wastecodeIds: [5], wastecodeNames: ['251-001-08'], licensedWastecodeIds: [], wastecategoryIds: [], attachments: [],
  };

  it('shows the picked rows as tags and picks more from the searchable list', () => {
    const mock = show('EnterpriseInformation', { editing: { ...creating, mode: 'edit', id: 4, values: enterprise } },
      { lookups: { [lookupKey('Wastecode', 'GetWastecodeAll')]: lookup(CODES) } });
    expect(byTestId('form-field-wastecodeIds-tag-5')!.textContent).toBe('251-001-08');
    openMultiSelect('form-field-wastecodeIds');
    typeInto(byTestId('form-field-wastecodeIds'), '900');
    expect(byTestId('form-field-wastecodeIds-option-5')).toBeNull();
    click(byTestId('form-field-wastecodeIds-option-3'));
    expect(byTestId('form-field-wastecodeIds-tag-3')!.textContent).toBe('900-041-49');
    // Removing a tag drops it again.
    click(byTestId('form-field-wastecodeIds-tag-5')!.closest('.bp6-tag')!.querySelector('button'));
    expect(byTestId('form-field-wastecodeIds-tag-5')).toBeNull();
    click(byTestId('btn-save'));
    const save = withoutLookups(mock.dispatched).at(-1) as ReturnType<typeof A.saveRequested>;
    expect(save.type).toBe(A.saveRequested.type);
    expect(save.payload.values).toMatchObject({ wastecodeIds: [3], licensedWastecodeIds: [], attachments: [] });
  });

  it('keeps the names the record came with until the list arrives', () => {
    show('EnterpriseInformation', { editing: { ...creating, mode: 'edit', id: 4, values: enterprise } });
    expect(byTestId('form-field-wastecodeIds-tag-5')!.textContent).toBe('251-001-08');
  });

  it('lists only transporters for a vehicle’s enterprise, in the form and in the filter', () => {
    const mock = show('Vehicleinformation', { editing: creating }, {
      lookups: { [lookupKey('EnterpriseInformation', 'GetEnterpriseInformationAll', { corporateType: 3 })]: lookup(TRANSPORTERS) },
    });
    const select = byTestId('form-field-enterpriseId') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['请选择', '顺达运输', '安运物流']);
    const asked = mock.dispatched.filter((a) => a.type === A.lookupRequested.type) as ReturnType<typeof A.lookupRequested>[];
    expect(asked.map((a) => a.payload)).toContainEqual({ resource: 'EnterpriseInformation', method: 'GetEnterpriseInformationAll', params: { corporateType: 3 } });
    expect(asked.every((a) => a.payload.resource !== 'EnterpriseInformation' || a.payload.params?.corporateType === 3)).toBe(true);
    expect([...(byTestId('filter-enterpriseId') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['运输单位：全部', '顺达运输', '安运物流']);
  });
});

describe('references within the levels above', () => {
  const DISTRICTS = [{ id: 1, name: '西湖区' }, { id: 2, name: '上城区' }];
  const STREETS_OF_1 = [{ id: 11, name: '北山街道', qareaId: 1 }];

  it('lists the chosen district’s streets in the filter, and another district clears the street filter', () => {
    const mock = show('Carea', { filters: { qareaId: 1, sareaId: 11 } }, {
      lookups: { [lookupKey('Qarea', 'GetAllData')]: lookup(DISTRICTS), [lookupKey('Sarea', 'GetAllData', { qareaId: 1 })]: lookup(STREETS_OF_1) },
    });
    expect([...(byTestId('filter-sareaId') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['所属街道：全部', '北山街道']);
    typeInto(byTestId('filter-qareaId'), '2');
    expect(withoutLookups(mock.dispatched).slice(-2)).toEqual([
      A.filterChanged({ resource: 'Carea', name: 'qareaId', value: 2 }),
      A.filterChanged({ resource: 'Carea', name: 'sareaId', value: null }),
    ]);
  });
});

describe('attachments', () => {
  const KEY = 'RegularInspections';
  const files = [
    { id: 31, name: '现场照片.png', size: 1258291, contentType: 'image/png' },
    { id: 32, name: '整改通知.pdf', size: 532, contentType: 'application/pdf' },
  ];
  const editing: EditingState = { ...creating, mode: 'edit', id: 9, values: { id: 9, enterpriseId: 1, attachments: files } };

  it('lists the stored files with their sizes, downloads and removes them', () => {
    const mock = show(KEY, { editing });
    expect(byTestId('file-item-31')!.textContent).toContain('现场照片.png');
    expect(byTestId('file-item-31')!.textContent).toContain('1.2 MB');
    expect(byTestId('file-item-32')!.textContent).toContain('532 B');
    click(byTestId('file-download-32'));
    expect(withoutLookups(mock.dispatched).at(-1)).toEqual(A.downloadRequested({ fileId: 32, name: '整改通知.pdf' }));
    click(byTestId('file-remove-31'));
    expect(byTestId('file-item-31')).toBeNull();
    typeInto(byTestId('form-field-inspector'), '李四');
    typeInto(byTestId('form-field-inspectionType'), '2');
    typeInto(byTestId('form-field-evaluation'), '3');
    typeInto(byTestId('form-field-inspectionDate'), '2024-05-06');
    click(byTestId('btn-save'));
    expect(withoutLookups(mock.dispatched).at(-1)).toEqual(A.saveRequested({
      resource: KEY,
      values: {
        enterpriseId: 1, inspectionType: 2, evaluation: 3, inspectionDate: '2024-05-06', inspector: '李四', findings: null,
        rectificationDeadline: null, attachments: [32],
      },
    }));
  });

  it('sends a chosen file through the upload saga and takes the stored file in when it is done', () => {
    const mock = show(KEY, { editing });
    const input = byTestId('form-field-attachments') as HTMLInputElement;
    expect(input.type).toBe('file');
    const file = new File(['%PDF-1.7'], '检查表.pdf', { type: 'application/pdf' });
    Object.defineProperty(input, 'files', { configurable: true, value: [file] });
    act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const request = withoutLookups(mock.dispatched).at(-1) as ReturnType<typeof A.uploadRequested>;
    expect(request.type).toBe(A.uploadRequested.type);
    expect(request.payload).toMatchObject({ resource: KEY, field: 'attachments', name: '检查表.pdf', size: 8 });
    expect(takeHeldFile(request.payload.uploadId)).toBe(file);
  });

  it('shows progress, blocks saving meanwhile, and shows a refusal inline', () => {
    const upload = { resource: KEY, field: 'attachments', name: '大文件.pdf', size: 4096, total: 4096, file: null };
    const mock = show(KEY, { editing }, {
      uploads: {
        a: { ...upload, loaded: 1024, status: 'uploading', error: null },
        b: { ...upload, name: '病毒.exe', loaded: 0, status: 'failed', error: { message: '不支持“病毒.exe”的文件类型' } },
      },
    });
    expect(byTestId('file-uploading-a')!.dataset.progress).toBe('0.25');
    expect(byTestId('file-uploading-a')!.querySelector('.bp6-progress-bar')).not.toBeNull();
    expect((byTestId('btn-save') as HTMLButtonElement).disabled).toBe(true);
    expect(byTestId('file-upload-error-b')!.textContent).toContain('“病毒.exe”上传失败：不支持“病毒.exe”的文件类型');
    click(byTestId('file-upload-error-b')!.querySelector('button'));
    expect(withoutLookups(mock.dispatched).at(-1)).toEqual(A.uploadCleared({ uploadId: 'b' }));
  });

  it('adds a finished upload to the field once and forgets it', () => {
    const stored = { id: 40, name: '新.pdf', size: 2048, contentType: 'application/pdf' };
    const mock = show(KEY, { editing }, {
      uploads: { c: { resource: KEY, field: 'attachments', name: '新.pdf', size: 2048, total: 2048, loaded: 2048, status: 'done', error: null, file: stored } },
    });
    expect(byTestId('file-item-40')!.textContent).toContain('2 KB');
    expect(withoutLookups(mock.dispatched)).toContainEqual(A.uploadCleared({ uploadId: 'c' }));
  });

  it('forgets the uploads of a form that closes', () => {
    const mock = show(KEY, { editing });
    view!.unmount();
    view = null;
    expect(withoutLookups(mock.dispatched).at(-1)).toEqual(A.uploadsDiscarded({ resource: KEY, field: 'attachments' }));
  });
});

describe('record commands', () => {
  it('asks before running and shows a refusal', () => {
    const command = { method: 'UpdateStatus', verb: 'PUT' as const, body: { id: 2, status: 1 } };
    const mock = show('HazardouswasteInformation', { pendingCommand: { command, message: '确定要停用“废油”吗？', running: false, error: { message: '状态不能改变' } } });
    expect(byTestId('command-alert')!.textContent).toContain('确定要停用“废油”吗？');
    expect(byTestId('command-alert')!.textContent).toContain('操作失败：状态不能改变');
    click(byTestId('confirm-command'));
    expect(withoutLookups(mock.dispatched).at(-1)).toEqual(A.commandRequested({ resource: 'HazardouswasteInformation', command }));
  });
});
