import type { FileInfo } from '../../../shared/resource-kit';
import type { OrderState, Party, TransferActionName } from '../../../shared/transfer/machine';

/** A transfer order as `TransferOrder/GetAll` lists it. */
export interface TransferOrderDto extends OrderState {
  id: number;
  manifestNo: string;
  producerId: number;
  producerName?: string | null;
  transporterId: number;
  transporterName?: string | null;
  receiverId: number;
  receiverName?: string | null;
  plannedDate: string;
  totalQuantity: number | null;
  vehicleIds?: number[] | null;
  vehicleNames?: string[] | null;
  driverIds?: number[] | null;
  driverNames?: string[] | null;
  returnReason?: string | null;
  declarantName?: string | null;
  producerSignee?: FileInfo[] | null;
  transporterSignee?: FileInfo[] | null;
  receiverSignee?: FileInfo[] | null;
  attachments?: FileInfo[] | null;
  remarks?: string | null;
  version: number;
  creationTime?: string | null;
  [field: string]: unknown;
}

export interface TransferOrderLineDto {
  id: number;
  orderId: number;
  hazardouswasteId: number;
  hazardouswasteName?: string | null;
  wastecodeId?: number | null;
  wastecodeName?: string | null;
  wasteName?: string | null;
  quantity: number;
  containerCount?: number | null;
  containerType?: number | null;
  physicalForm?: number | null;
  hazardCharacteristics?: string[] | null;
  disposalMethod: number;
  receivedQuantity?: number | null;
}

/** The quantities and assignments a move changed, as the history keeps them. */
export interface HistoryValues {
  lines?: { id: number; wasteName?: string | null; quantity?: number | null; receivedQuantity?: number | null }[];
  vehicleIds?: number[];
  driverIds?: number[];
}

export interface TransferHistoryEntry {
  id: number;
  action: TransferActionName | 'create';
  party: Party | null;
  userId: number | null;
  userName: string | null;
  creationTime: string;
  fromState: OrderState | null;
  toState: OrderState | null;
  reason: string | null;
  beforeValues: HistoryValues | null;
  afterValues: HistoryValues | null;
}

/** `TransferOrder/Get`: the order with its lines, its history and what the caller may do with it now. */
export interface TransferOrderDetail extends TransferOrderDto {
  lines: TransferOrderLineDto[];
  history: TransferHistoryEntry[];
  parties: Party[];
  moves: { action: TransferActionName; party: Party }[];
  /** What the printed manifest shows of each party (phone, licence, address), by enterprise id. */
  partyEnterprises?: Record<number, { id: number; name?: string | null; contactPhone?: string | null; licenseNumber?: string | null; address?: string | null }>;
}

export interface TransferWarning {
  code: 'contract' | 'inventory' | string;
  message: string;
}

export interface CheckProblem {
  message: string;
  members: string[];
}

export interface CheckResult {
  errors: CheckProblem[];
  warnings: TransferWarning[];
}

/** A line of the create/update body. */
export interface OrderLineBody {
  id?: number;
  hazardouswasteId: number | null;
  quantity: number | null;
  containerCount: number | null;
  containerType: number | null;
  physicalForm: number | null;
  hazardCharacteristics: string[];
  disposalMethod: number | null;
}

export interface OrderBody {
  producerId: number | null;
  transporterId: number | null;
  receiverId: number | null;
  plannedDate: string | null;
  remarks: string | null;
  attachments: number[];
  lines: OrderLineBody[];
}
