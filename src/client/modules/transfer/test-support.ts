// Shared data of this module's tests (not imported by the application).
import type { TransferOrderDetail, TransferOrderDto } from './types';

const AUDIT = { creationTime: '2026-11-20T09:00:00', creatorUserId: 2, lastModificationTime: null, lastModifierUserId: null };

export const ROW: TransferOrderDto = {
  id: 7, manifestNo: 'ZY20261121-00007', producerId: 3, producerName: '某某化工', transporterId: 4, transporterName: '某某运输',
  receiverId: 5, receiverName: '某某处置', plannedDate: '2026-11-21', totalQuantity: 1.5, declareStatus: 0, dispatchStatus: 0,
  signStatus: 0, vehicleIds: [], vehicleNames: [], driverIds: [], driverNames: [], declarantName: '张三', version: 3,
  returnReason: null, producerSignee: null, transporterSignee: null, receiverSignee: null, attachments: null, remarks: null,
  ...AUDIT,
};

export const ORDER: TransferOrderDetail = {
  ...ROW,
  lines: [
    { id: 71, orderId: 7, hazardouswasteId: 11, hazardouswasteName: '废矿物油', wastecodeId: 21, wastecodeName: '900-214-08', wasteName: '废矿物油',
      quantity: 1, containerCount: 4, containerType: 3, physicalForm: 2, hazardCharacteristics: ['T', 'I'], disposalMethod: 1, receivedQuantity: null, ...AUDIT },
    { id: 72, orderId: 7, hazardouswasteId: 12, hazardouswasteName: '废包装桶', wastecodeId: 22, wastecodeName: '900-041-49', wasteName: '废包装桶',
      quantity: 0.5, containerCount: 10, containerType: 1, physicalForm: 1, hazardCharacteristics: ['T'], disposalMethod: 3, receivedQuantity: null, ...AUDIT },
  ],
  history: [
    { id: 1, action: 'create', party: 'producer', userId: 2, userName: '张三', creationTime: '2026-11-20T09:00:00', fromState: null,
      toState: { declareStatus: 0, dispatchStatus: 0, signStatus: 0 }, reason: null, beforeValues: null, afterValues: null },
  ],
  parties: ['producer', 'transporter', 'receiver'],
  moves: [],
};

export const withState = <T extends TransferOrderDto>(order: T, declareStatus: number, dispatchStatus: number, signStatus: number): T =>
  ({ ...order, declareStatus, dispatchStatus, signStatus });

/** What axios throws for an ABP error envelope. */
export function abpError(status: number, message: string, members: string[] = []) {
  return Object.assign(new Error(`Request failed with status code ${status}`), {
    isAxiosError: true,
    response: {
      status,
      data: { result: null, success: false, error: { code: status === 409 ? 409 : 0, message, details: null,
        validationErrors: members.length ? [{ message, members }] : null }, unAuthorizedRequest: false, __abp: true },
    },
  });
}
