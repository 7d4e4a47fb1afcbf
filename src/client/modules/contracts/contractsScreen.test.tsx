/** @jest-environment jsdom */
import type { Action } from '@reduxjs/toolkit';
import { act } from 'react';
import { crudActions as A } from '../../crud/slice';
import { screenTestSetup, byTestId, click, mockStore, render, typeInto, type Rendered } from '../../crud/test-support-render';
import { stateWith } from '../../crud/test-support';
import { takeHeldFile } from '../../crud/files';
import type { EditingState, ResourceState } from '../../crud/types';
import { showToast } from '../../util/toaster';
import ResourceRoute from '../../app/ResourceRoute';
import {
  initialContractsState, pdfChosen, pdfPrefillApplied, voidAsked, voidRequested, type ContractPdfState, type ContractsState,
} from './contractsSlice';

jest.mock('../../util/toaster', () => ({ showToast: jest.fn() }));

screenTestSetup();

const CONTRACTS = [
  { id: 1, contractNo: 'HT-001', partyAId: 2, partyAName: '某某化工', partyBId: 1, partyBName: '某某环保', contractType: 1, status: 0, startDate: '2025-01-01', expiryDate: '2025-12-31' },
  { id: 2, contractNo: 'HT-002', partyAId: 2, partyAName: '某某化工', partyBId: 1, partyBName: '某某环保', contractType: 1, status: 1, startDate: '2024-01-01', expiryDate: '2024-12-31' },
];
const PDF = { id: 90, name: '服务合同.pdf', size: 2048, contentType: 'application/pdf' };

let view: Rendered | null = null;
afterEach(() => {
  view?.unmount();
  view = null;
  document.body.innerHTML = '';
  jest.mocked(showToast).mockClear();
});

function show(crud: Partial<ResourceState>, contracts: Partial<ContractsState> = {}) {
  const root = { ...stateWith({ Contract: { loaded: true, items: CONTRACTS, totalCount: 2, ...crud } }), contracts: { ...initialContractsState, ...contracts } };
  const mock = mockStore(root as never);
  view = render(<ResourceRoute resource="Contract" />, mock.store);
  return { dispatched: () => mock.dispatched.filter((a: Action) => a.type !== A.lookupRequested.type) };
}

const creating: EditingState = { mode: 'create', id: null, values: {}, loading: false, fieldErrors: {}, error: null, loadFailed: false };
const donePdf = (patch: Partial<ContractPdfState> = {}): ContractPdfState => ({
  phase: 'done', fileName: '服务合同.pdf', progress: 1, file: PDF, text: '合同编号：HT-2024-001\n甲方：某某化工', unmatched: ['不存在的公司'],
  prefill: { contractNo: 'HT-2024-001', partyAId: 2, signDate: '2024-03-01', amount: '120000' }, error: null, seq: 1, appliedSeq: 0, ...patch,
});

function choose(file: File) {
  const input = byTestId('contract-pdf-input') as HTMLInputElement;
  Object.defineProperty(input, 'files', { configurable: true, value: [file] });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

describe('ContractsPage', () => {
  it('filters by status with “all” as the default, in place of the generic status filter', () => {
    const { dispatched } = show({});
    const select = byTestId('contract-status-filter') as HTMLSelectElement;
    expect(select.value).toBe('-1');
    expect([...select.options].map((o) => o.text)).toEqual(['合同状态：全部', '合同状态：正常', '合同状态：作废']);
    expect(byTestId('filter-status')).toBeNull();
    typeInto(select, '1');
    typeInto(select, '-1');
    expect(dispatched().slice(-2)).toEqual([
      A.filterChanged({ resource: 'Contract', name: 'status', value: 1 }),
      A.filterChanged({ resource: 'Contract', name: 'status', value: null }),
    ]);
  });

  it('shows the chosen status filter', () => {
    show({ filters: { status: 0 } });
    expect((byTestId('contract-status-filter') as HTMLSelectElement).value).toBe('0');
  });

  it('voids normal contracts after asking; voided ones stay listed, marked 作废 and not editable', () => {
    const { dispatched } = show({});
    expect(byTestId('resource-table')!.textContent).toContain('作废');
    expect(byTestId('row-void-1')).not.toBeNull();
    expect(byTestId('row-void-2')).toBeNull();
    expect((byTestId('row-edit-1') as HTMLButtonElement).disabled).toBe(false);
    expect((byTestId('row-edit-2') as HTMLButtonElement).disabled).toBe(true);
    click(byTestId('row-void-1'));
    expect(dispatched().at(-1)).toEqual(voidAsked({ id: 1, name: 'HT-001' }));
  });

  it('confirms the void and shows its failure', () => {
    const { dispatched } = show({}, { voiding: { id: 1, name: 'HT-001', pending: false, error: { message: '记录已被他人修改' } } });
    expect(byTestId('contract-void-alert')!.textContent).toContain('确定要作废合同“HT-001”吗？');
    expect(byTestId('contract-void-error')!.textContent).toBe('作废失败：记录已被他人修改');
    click(byTestId('contract-void-confirm'));
    expect(dispatched().at(-1)).toEqual(voidRequested({ id: 1 }));
  });

  it('has a PDF reader in the dialog and no status field there', () => {
    const { dispatched } = show({ editing: creating });
    expect(byTestId('form-field-status')).toBeNull();
    expect(byTestId('form-section-contract-pdf')!.textContent).toContain('识别合同PDF');

    choose(new File(['x'], '扫描件.png', { type: 'image/png' }));
    expect(byTestId('contract-pdf-error')!.textContent).toBe('请选择PDF文件');
    expect(dispatched().some((a) => a.type === pdfChosen.type)).toBe(false);

    const pdf = new File(['%PDF-1.7'], '服务合同.pdf', { type: 'application/pdf' });
    choose(pdf);
    expect(byTestId('contract-pdf-error')).toBeNull();
    const chosen = dispatched().at(-1) as ReturnType<typeof pdfChosen>;
    expect(chosen.type).toBe(pdfChosen.type);
    expect(chosen.payload.name).toBe('服务合同.pdf');
    expect(takeHeldFile(chosen.payload.key)).toBe(pdf);
  });

  it('shows the upload’s progress and then the failure inline', () => {
    show({ editing: creating }, { pdf: { ...donePdf(), phase: 'uploading', progress: 0.42, text: null, prefill: null, file: null } });
    expect(byTestId('contract-pdf-status')!.textContent).toBe('正在上传 服务合同.pdf（42%）');
    expect(byTestId('contract-pdf-progress')).not.toBeNull();
    view?.unmount();
    show({ editing: creating }, { pdf: { ...donePdf(), phase: 'failed', error: { message: 'PDF文件已加密，无法读取文字' } } });
    expect(byTestId('contract-pdf-error')!.textContent).toBe('识别失败：PDF文件已加密，无法读取文字');
  });

  it('fills only the empty fields from a reading, attaches the PDF, shows the text and says what was filled', () => {
    const typed = { contractNo: 'MINE-1', amount: 500, partyBId: 1, contractType: 1, startDate: '2024-04-01', expiryDate: '2025-03-31' };
    const { dispatched } = show({ editing: { ...creating, values: typed } }, { pdf: donePdf() });
    expect((byTestId('form-field-contractNo') as HTMLInputElement).value).toBe('MINE-1');
    expect((byTestId('form-field-signDate') as HTMLInputElement).value).toBe('2024-03-01');
    expect((byTestId('form-field-amount') as HTMLInputElement).value).toBe('500');
    expect((byTestId('form-field-partyAId') as HTMLSelectElement).value).toBe('2');
    expect(byTestId('contract-pdf-text')!.textContent).toBe('合同编号：HT-2024-001\n甲方：某某化工');
    expect(byTestId('form-section-contract-pdf')!.textContent).toContain('未找到名称匹配“不存在的公司”的企业');
    expect(dispatched()).toContainEqual(pdfPrefillApplied(1));
    expect(showToast).toHaveBeenCalledWith('已根据PDF填写：甲方、签订日期', 'success', 'tick');

    // The attachment travels with the save, as ids.
    click(byTestId('btn-save'));
    const save = dispatched().filter((a) => a.type === A.saveRequested.type).at(-1) as ReturnType<typeof A.saveRequested>;
    expect(save.payload.values).toMatchObject({
      contractNo: 'MINE-1', partyAId: 2, partyBId: 1, signDate: '2024-03-01', startDate: '2024-04-01', amount: 500, attachments: [90],
    });
    expect(save.payload.values).not.toHaveProperty('status');
  });

  it('does not apply a reading twice', () => {
    show({ editing: creating }, { pdf: donePdf({ appliedSeq: 1 }) });
    expect((byTestId('form-field-signDate') as HTMLInputElement).value).toBe('');
    expect(showToast).not.toHaveBeenCalled();
  });
});
