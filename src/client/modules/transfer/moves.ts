import {
  allowedMoves, partiesOf, TRANSITIONS, type OrderState, type Party, type TransferActionName,
} from '../../../shared/transfer/machine';
import type { PermissionName } from '../../../shared/permissions';
import { TRANSFER_PATHS, type TransferList } from './transferView';
import type { TransferOrderDetail, TransferOrderDto } from './types';
import type { Refusal } from '../../crud/FormDialog';
import type { CrudError, Translate } from '../../crud/types';

/** What a move sends besides the order's id and version (edit goes through the order dialog instead). */
export type MoveInput =
  | { action: 'delete' }
  | { action: 'void'; reason: string }
  | { action: 'resubmit' }
  | { action: 'dispatch'; vehicleIds: number[]; driverIds: number[] }
  | { action: 'agree'; lines: { id: number; receivedQuantity: number }[] }
  | { action: 'return'; returnReason: string }
  /** The signee image is uploaded first; `uploadId` names the held file. */
  | { action: 'sign'; uploadId: string };

export type MoveAction = MoveInput['action'];

interface MoveRequest {
  verb: 'PUT' | 'DELETE';
  url: string;
  body: Record<string, unknown>;
}

/** The call of a move. Every one names the version the clerk saw, so that a stale screen is refused (409). */
export function moveRequest(id: number, version: number, party: Party, input: Exclude<MoveInput, { action: 'sign' }>): MoveRequest {
  switch (input.action) {
    case 'delete':
      return { verb: 'DELETE', url: TRANSFER_PATHS.remove, body: { Id: id, version } };
    case 'void':
      return { verb: 'PUT', url: TRANSFER_PATHS.declare, body: { id, version, declareStatus: 2, reason: input.reason.trim() || null } };
    case 'resubmit':
      return { verb: 'PUT', url: TRANSFER_PATHS.declare, body: { id, version, declareStatus: 0 } };
    case 'dispatch':
      return { verb: 'PUT', url: TRANSFER_PATHS.vehicles, body: { id, version, vehicleIds: input.vehicleIds, driverIds: input.driverIds } };
    case 'agree':
      return { verb: 'PUT', url: TRANSFER_PATHS.reception, body: { id, version, signStatus: 1, lines: input.lines } };
    case 'return':
      return { verb: 'PUT', url: TRANSFER_PATHS.reception, body: { id, version, signStatus: 2, returnReason: input.returnReason.trim() } };
    default:
      return assertNever(input, party);
  }
}

function assertNever(input: never, party: Party): never {
  throw new Error(`Unknown move ${JSON.stringify(input)} for ${party}`);
}

export const signRequest = (id: number, version: number, party: Party, fileId: number): MoveRequest =>
  ({ verb: 'PUT', url: TRANSFER_PATHS.signee, body: { id, version, fileId, party } });

/** The statuses the machine says a move leads to (a delete and a signature change none). */
function expectedStatuses(action: TransferActionName, party: Party): Partial<OrderState> {
  return TRANSITIONS.find((t) => t.action === action && t.party === party)?.to ?? {};
}

const hasLines = (order: TransferOrderDto): order is TransferOrderDetail => 'lines' in order && Array.isArray(order.lines);

/** The order as it will be once the server agrees: what the screen shows while the move is on its way. */
export function optimisticOrder<T extends TransferOrderDto>(order: T, party: Party, input: MoveInput): T {
  const next: T = { ...order, ...expectedStatuses(input.action, party) };
  if (input.action === 'dispatch') {
    next.vehicleIds = input.vehicleIds;
    next.driverIds = input.driverIds;
  }
  if (input.action === 'return') next.returnReason = input.returnReason.trim();
  if (input.action === 'agree' && hasLines(order)) {
    const received = new Map(input.lines.map((l) => [l.id, l.receivedQuantity]));
    return { ...next, lines: order.lines.map((line) => ({ ...line, receivedQuantity: received.get(line.id) ?? line.receivedQuantity })) };
  }
  return next;
}

/**
 * The parties the user acts for on a list row. With the user's enterprises known this is the machine's `partiesOf`
 * (no enterprise: all three). Without them, the list the row is in says it: C lists the orders the user's enterprises
 * consign or carry, S the ones addressed to them. The detail's `parties` from the server are authoritative.
 */
export function rowParties(row: TransferOrderDto, enterpriseIds: readonly number[] | null | undefined, list: TransferList): Party[] {
  if (enterpriseIds !== undefined) return partiesOf(row, enterpriseIds && enterpriseIds.length > 0 ? enterpriseIds : null);
  return list === 'C' ? ['producer', 'transporter'] : ['receiver'];
}

export type IsGranted = (permission: PermissionName) => boolean;

export interface OfferedMove {
  action: TransferActionName;
  party: Party;
  /** Set when the same action is offered for two parties (an enterprise both producer and transporter signs twice). */
  forParty: boolean;
}

/** The action buttons of an order now: the machine's allowed moves for the parties the user acts for. */
export function offeredMoves(order: OrderState, parties: readonly Party[], isGranted: IsGranted): OfferedMove[] {
  const moves = allowedMoves(order, parties, isGranted);
  return moves.map((m) => ({ ...m, forParty: moves.filter((o) => o.action === m.action).length > 1 }));
}

export const canMove = (order: OrderState, parties: readonly Party[], isGranted: IsGranted, action: TransferActionName) =>
  allowedMoves(order, parties, isGranted).some((m) => m.action === action);

/**
 * What a refusal says: the server's validation messages (a 400's own message is only "the request is not valid"),
 * else its message and details.
 */
export function refusalText(error: { message: string; details?: string | null; validationErrors?: { message: string }[] }): string {
  const messages = [...new Set((error.validationErrors ?? []).map((v) => v.message).filter(Boolean))];
  if (messages.length > 0) return messages.join('；');
  return error.details && error.details !== error.message ? `${error.message} ${error.details}` : error.message;
}

/** How a move's dialog words a refusal: a lost race (409) asks to reload; anything else says what the server said. */
export const moveRefusal = (t: Translate) => (error: CrudError): Refusal => (error.status === 409
  ? { intent: 'warning', text: t('transfer.conflict') }
  : { intent: 'danger', text: refusalText(error) });
