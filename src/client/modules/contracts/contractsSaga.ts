import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, put, race, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { enterpriseinformation } from '../../../shared/resources';
import { crudPath, type FileInfo } from '../../../shared/resource-kit';
import { callApi } from '../../api/http';
import { toCrudError } from '../../crud/api-error';
import type { CrudError } from '../../crud/types';
import { createUploadChannel, takeHeldFile, type UploadEvent } from '../../crud/files';
import { crudActions } from '../../crud/slice';
import { translate } from '../../i18n';
import { showToast } from '../../util/toaster';
import {
  CONTRACT_PDF_FIELD, CONTRACT_PDF_TEXT_PATH, CONTRACT_RESOURCE, CONTRACT_UPDATE_PATH, CONTRACT_UPLOAD_PATH,
} from './contractView';
import {
  isContractDialogChange, pdfChosen, pdfExtracted, pdfFailed, pdfProgressed, pdfUploaded, voidFailed, voidRequested,
  voidSucceeded,
} from './contractsSlice';
import { buildPrefill, type DirectoryEntry, type PdfExtraction } from './pdf-prefill';
import { contractStatus } from '../../../shared/enums';

export const ENTERPRISE_DIRECTORY_PATH = crudPath(enterpriseinformation.name, 'GetEnterpriseInformationAll');

// The dialog shows these failures in its PDF section (or in the void confirmation), not in a modal.
const SILENT = { silent: true } as const;

/** Sends the file and reports progress; the stored file, or the upload's failure as the server described it. */
export function* uploadPdfSaga(file: File): SagaIterator<{ file: FileInfo } | { error: CrudError }> {
  const channel: EventChannel<UploadEvent> = yield call(createUploadChannel, CONTRACT_UPLOAD_PATH, file, { field: CONTRACT_PDF_FIELD });
  try {
    for (;;) {
      const event: UploadEvent = yield take(channel);
      if (event.type === 'progress') yield put(pdfProgressed(event.total > 0 ? Math.min(1, event.loaded / event.total) : 0));
      else if (event.type === 'done') return { file: event.file };
      else return { error: event.error };
    }
  } finally {
    // Also when cancelled: closing aborts the request.
    channel.close();
  }
}

/** Party names are matched against the tenant's enterprise directory; without it the other fields still fill. */
function* enterpriseDirectory(): SagaIterator<DirectoryEntry[]> {
  try {
    const list: DirectoryEntry[] | null = yield call(callApi, 'GET', ENTERPRISE_DIRECTORY_PATH, {}, SILENT);
    return list ?? [];
  } catch {
    return [];
  }
}

/**
 * A chosen contract PDF: upload it (with progress), read its text (`PdfFileTxt {fileId}`), and turn what was
 * recognised into suggested form values. The dialog applies them to the fields still empty and attaches the file.
 */
export function* readContractPdfSaga(action: ReturnType<typeof pdfChosen>): SagaIterator {
  const file: File | undefined = yield call(takeHeldFile, action.payload.key);
  if (!file) return;
  try {
    const upload: { file: FileInfo } | { error: CrudError } = yield call(uploadPdfSaga, file);
    if ('error' in upload) {
      yield put(pdfFailed(upload.error));
      return;
    }
    const stored = upload.file;
    yield put(pdfUploaded(stored));
    const extraction: PdfExtraction | null = yield call(callApi, 'POST', CONTRACT_PDF_TEXT_PATH, { fileId: stored.id }, SILENT);
    const directory: DirectoryEntry[] = yield call(enterpriseDirectory);
    const { prefill, unmatched } = buildPrefill(extraction?.fields, directory);
    yield put(pdfExtracted({ text: extraction?.text ?? '', prefill, unmatched }));
  } catch (e) {
    yield put(pdfFailed(toCrudError(e)));
  }
}

/** A reading belongs to its dialog: closing it (or opening another) abandons the reading. */
function* readWhileDialogOpen(action: ReturnType<typeof pdfChosen>): SagaIterator {
  yield race({ read: call(readContractPdfSaga, action), closed: take(isContractDialogChange) });
}

/** Voiding is an Update of the status alone (the server keeps the other fields); the row stays and shows 作废. */
export function* voidContractSaga(action: ReturnType<typeof voidRequested>): SagaIterator {
  const { id } = action.payload;
  try {
    yield call(callApi, 'PUT', CONTRACT_UPDATE_PATH, { id, status: contractStatus.voided }, SILENT);
    yield put(voidSucceeded({ id }));
    yield put(crudActions.listRequested({ resource: CONTRACT_RESOURCE }));
    yield call(showToast, translate('contracts.voided'), 'success', 'tick');
  } catch (e) {
    yield put(voidFailed({ id, error: toCrudError(e) }));
  }
}

export function* watchContracts(): SagaIterator {
  // A newer file replaces the one being read.
  yield takeLatest(pdfChosen.type, readWhileDialogOpen);
  yield takeEvery(voidRequested.type, voidContractSaga);
}
