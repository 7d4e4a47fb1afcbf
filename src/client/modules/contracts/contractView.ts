import { contractStatus } from '../../../shared/enums';
import { contract } from '../../../shared/resources';
import { crudPath, type FieldDef } from '../../../shared/resource-kit';
import type { ResourceView } from '../../crud/types';
import { viewFromResource } from '../../crud/view';

export const CONTRACT_RESOURCE = contract.name;

export const isVoided = (status: unknown) => Number(status) === contractStatus.voided;

const declared = viewFromResource(contract);
const status: FieldDef = { ...declared.fields.status, filterable: false, form: false };

/**
 * The screen's view of the declaration. The status is neither typed in the dialog (a contract is voided by its own
 * action) nor filtered by the generic toolbar: the screen's own select offers "all" (−1) beside the two statuses.
 * Not registered: the sagas keep the declared view (same name, same calls).
 */
export const contractView: ResourceView = { ...declared, fields: { ...declared.fields, status } };

export const CONTRACT_UPDATE_PATH = crudPath(CONTRACT_RESOURCE, 'Update');
export const CONTRACT_UPLOAD_PATH = crudPath(CONTRACT_RESOURCE, 'UploadFile');
/** The files field a contract's PDF joins once read: its upload is made for that field. */
export const CONTRACT_PDF_FIELD = 'attachments' satisfies keyof typeof contract.fields;
export const CONTRACT_PDF_TEXT_PATH = crudPath(CONTRACT_RESOURCE, 'PdfFileTxt');
