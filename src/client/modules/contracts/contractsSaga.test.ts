import { combineReducers } from '@reduxjs/toolkit';
import { buffers, channel, type Channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import type { EffectProviders } from 'redux-saga-test-plan/providers';
import { callApi } from '../../api/http';
import { createUploadChannel, takeHeldFile, type UploadEvent } from '../../crud/files';
import { crudActions as A, crudReducer, initialCrudState } from '../../crud/slice';
import type { CrudState } from '../../crud/types';
import { showToast } from '../../util/toaster';
import { CONTRACT_PDF_TEXT_PATH, CONTRACT_UPDATE_PATH, CONTRACT_UPLOAD_PATH } from './contractView';
import { ENTERPRISE_DIRECTORY_PATH, watchContracts } from './contractsSaga';
import { contractsSlice, initialContractsState, pdfChosen, voidAsked, voidRequested, type ContractsState } from './contractsSlice';

type ApiCall = [method: string, url: string, payload?: Record<string, unknown>, options?: { silent?: boolean }];

const reducer = combineReducers({ crud: crudReducer, contracts: contractsSlice.reducer });
type State = { crud: CrudState; contracts: ContractsState };
const initial = (): State => ({ crud: initialCrudState, contracts: initialContractsState });

const PDF_FILE = { name: '服务合同.pdf', type: 'application/pdf', size: 2048 } as unknown as File;
const STORED = { id: 90, name: '服务合同.pdf', size: 2048, contentType: 'application/pdf', creationTime: '2025-01-01T00:00:00' };
const EXTRACTION = {
  text: '合同编号：HT-2024-001\n甲方：某某化工（南京）有限公司\n乙方：江苏某某环保科技\n签订日期：2024年3月1日',
  fields: {
    contractNo: 'HT-2024-001', partyA: '某某化工（南京）有限公司', partyB: '江苏某某环保科技', signDate: '2024年3月1日',
    startDate: '2024-03-01', expiryDate: '2025年2月28日', amount: '¥120,000.00元',
  },
};
const DIRECTORY = [
  { id: 2, name: '某某化工（南京）有限公司', creditCode: '91320100MA1XXXXXX1', corporateType: [2] },
  { id: 1, name: '江苏某某环保科技有限公司', creditCode: '91320100MA1XXXXXX2', corporateType: [1] },
];

/** An upload that has already reported these events (a buffered channel); `close` is watched. */
function fakeUpload(events: UploadEvent[]) {
  const ch: Channel<UploadEvent> = channel(buffers.expanding());
  for (const event of events) ch.put(event);
  const close = jest.fn(() => ch.close());
  return { channel: { ...ch, close }, close };
}

function fakeBackend(upload: ReturnType<typeof fakeUpload>['channel'], api: (...args: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const uploads: unknown[][] = [];
  const toasts: unknown[][] = [];
  const providers: EffectProviders = {
    call(effect, next) {
      if (effect.fn === takeHeldFile) return effect.args[0] === 'k1' ? PDF_FILE : undefined;
      if (effect.fn === createUploadChannel) {
        uploads.push(effect.args);
        return upload;
      }
      if (effect.fn === callApi) {
        const args = effect.args as ApiCall;
        calls.push(args);
        return api(...args);
      }
      if (effect.fn === showToast) {
        toasts.push(effect.args);
        return undefined;
      }
      return next();
    },
  };
  return { calls, uploads, toasts, providers };
}

const answers = (method: string, url: string) => {
  if (url === CONTRACT_PDF_TEXT_PATH) return EXTRACTION;
  if (url === ENTERPRISE_DIRECTORY_PATH) return DIRECTORY;
  throw new Error(`unexpected ${method} ${url}`);
};

describe('reading a contract PDF', () => {
  it('uploads with progress, reads the text by file id and suggests fields with matched parties', async () => {
    const upload = fakeUpload([{ type: 'progress', loaded: 819, total: 2048 }, { type: 'progress', loaded: 2048, total: 2048 }, { type: 'done', file: STORED }]);
    const backend = fakeBackend(upload.channel, answers);
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .put(contractsSlice.actions.pdfProgressed(819 / 2048))
      .put(contractsSlice.actions.pdfProgressed(1))
      .put(contractsSlice.actions.pdfUploaded(STORED))
      .dispatch(A.createOpened({ resource: 'Contract', values: {} }))
      .dispatch(pdfChosen({ key: 'k1', name: '服务合同.pdf' }))
      .silentRun(50);

    expect(backend.uploads).toEqual([[CONTRACT_UPLOAD_PATH, PDF_FILE, { field: 'attachments' }]]);
    expect(backend.calls).toEqual([
      ['POST', CONTRACT_PDF_TEXT_PATH, { fileId: 90 }, { silent: true }],
      ['GET', ENTERPRISE_DIRECTORY_PATH, {}, { silent: true }],
    ]);
    const pdf = (result.storeState as State).contracts.pdf;
    expect(pdf).toMatchObject({ phase: 'done', fileName: '服务合同.pdf', progress: 1, file: STORED, text: EXTRACTION.text, seq: 1, appliedSeq: 0, error: null });
    expect(pdf.prefill).toEqual({
      contractNo: 'HT-2024-001', partyAId: 2, partyBId: 1, signDate: '2024-03-01', startDate: '2024-03-01', expiryDate: '2025-02-28', amount: '120000',
    });
    expect(pdf.unmatched).toEqual([]);
    expect(upload.close).toHaveBeenCalled();
  });

  it('still fills the other fields when the enterprise directory cannot be read', async () => {
    const upload = fakeUpload([{ type: 'done', file: STORED }]);
    const backend = fakeBackend(upload.channel, (method, url) => {
      if (url === ENTERPRISE_DIRECTORY_PATH) throw new Error('Network Error');
      return answers(method, url);
    });
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(pdfChosen({ key: 'k1', name: '服务合同.pdf' }))
      .silentRun(50);
    const pdf = (result.storeState as State).contracts.pdf;
    expect(pdf.phase).toBe('done');
    expect(pdf.prefill).toMatchObject({ contractNo: 'HT-2024-001', amount: '120000' });
    expect(pdf.prefill?.partyAId).toBeUndefined();
    expect(pdf.unmatched).toEqual(['某某化工（南京）有限公司', '江苏某某环保科技']);
  });

  it('shows the server’s refusal of the upload and reads nothing', async () => {
    const refusal = { message: '“服务合同.pdf”不是PDF文件', status: 400, details: null, validationErrors: [] };
    const upload = fakeUpload([{ type: 'progress', loaded: 1024, total: 2048 }, { type: 'failed', error: refusal }]);
    const backend = fakeBackend(upload.channel, answers);
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(pdfChosen({ key: 'k1', name: '服务合同.pdf' }))
      .silentRun(50);
    expect(backend.calls).toEqual([]);
    expect((result.storeState as State).contracts.pdf).toMatchObject({ phase: 'failed', error: { message: '“服务合同.pdf”不是PDF文件', status: 400 } });
    expect(upload.close).toHaveBeenCalled();
  });

  it('abandons the reading when the dialog closes: the upload is aborted and nothing reaches the next dialog', async () => {
    // Still uploading: no `done` yet.
    const upload = fakeUpload([{ type: 'progress', loaded: 400, total: 2048 }]);
    const backend = fakeBackend(upload.channel, answers);
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, initial())
      .provide(backend.providers)
      .dispatch(pdfChosen({ key: 'k1', name: '服务合同.pdf' }))
      .delay(10)
      .dispatch(A.editClosed({ resource: 'Contract' }))
      .silentRun(50);
    expect(upload.close).toHaveBeenCalled();
    expect(backend.calls).toEqual([]);
    expect((result.storeState as State).contracts.pdf).toMatchObject({ phase: 'idle', fileName: null, prefill: null });
  });
});

describe('voiding a contract', () => {
  const asked = () => reducer(initial(), voidAsked({ id: 12, name: 'HT-2024-001' }));

  it('updates the status alone to voided, closes the question and reloads the list', async () => {
    const backend = fakeBackend(fakeUpload([]).channel, () => ({ id: 12, status: 1 }));
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, asked())
      .provide(backend.providers)
      .put(A.listRequested({ resource: 'Contract' }))
      .dispatch(voidRequested({ id: 12 }))
      .silentRun(50);
    expect(backend.calls).toEqual([['PUT', CONTRACT_UPDATE_PATH, { id: 12, status: 1 }, { silent: true }]]);
    expect((result.storeState as State).contracts.voiding).toBeNull();
    expect(backend.toasts).toHaveLength(1);
  });

  it('keeps the question open with the failure', async () => {
    const backend = fakeBackend(fakeUpload([]).channel, () => {
      throw new Error('Network Error');
    });
    const result = await expectSaga(watchContracts)
      .withReducer(reducer, asked())
      .provide(backend.providers)
      .not.put(A.listRequested({ resource: 'Contract' }))
      .dispatch(voidRequested({ id: 12 }))
      .silentRun(50);
    expect((result.storeState as State).contracts.voiding).toEqual({ id: 12, name: 'HT-2024-001', pending: false, error: { message: 'Network Error' } });
  });
});
