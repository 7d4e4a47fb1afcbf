import type { ListItemOf } from '../../../shared/resource-kit';
import type { transferorder, transferorderline } from '../../../shared/resources';
import type { OrderState, Party, TransferActionName } from '../../../shared/transfer/machine';

/** A transfer order as `TransferOrder/GetAll` lists it: the declared fields, display names and audit columns. */
export type TransferOrderDto = ListItemOf<typeof transferorder>;

/** A line of an order as `TransferOrder/Get` gives it. */
export type TransferOrderLineDto = ListItemOf<typeof transferorderline>;

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
