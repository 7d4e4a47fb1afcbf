import { declareStatus, dispatchStatus, signStatus } from '../enums';
import type { PermissionName } from '../permissions';

/**
 * The transfer order's state machine (Measures for the Administration of Hazardous Waste Transfer, 2022): one table
 * that the server enforces and the client reads to offer only the moves allowed now, to the party the user acts for.
 */

export type Party = 'producer' | 'transporter' | 'receiver';
export const PARTIES: readonly Party[] = ['producer', 'transporter', 'receiver'];

/** The enterprise field of an order that names each party. */
export const PARTY_FIELD: Record<Party, 'producerId' | 'transporterId' | 'receiverId'> = {
  producer: 'producerId', transporter: 'transporterId', receiver: 'receiverId',
};

/** The files field of an order that keeps each party's signature image (uploaded for it, then named by the sign move). */
export const SIGNEE_FIELD: Record<Party, 'producerSignee' | 'transporterSignee' | 'receiverSignee'> = {
  producer: 'producerSignee', transporter: 'transporterSignee', receiver: 'receiverSignee',
};


export interface OrderState {
  declareStatus: number;
  dispatchStatus: number;
  signStatus: number;
}

export type TransferActionName = 'edit' | 'delete' | 'void' | 'resubmit' | 'dispatch' | 'agree' | 'return' | 'sign';

export interface Transition {
  action: TransferActionName;
  party: Party;
  /** The permission the acting user needs besides acting for the party. */
  permission: PermissionName;
  /** States it may start from: each pattern lists the statuses that must match. */
  from: readonly Partial<OrderState>[];
  /** Statuses it sets; `null` for a delete. */
  to: Partial<OrderState> | null;
}

const APPLY: PermissionName = 'Pages.TransferApplication';
const RECEIVE: PermissionName = 'Pages.TransferReception';

const OPEN = { declareStatus: declareStatus.pending, signStatus: signStatus.pending };
const RETURNED = { declareStatus: declareStatus.pending, signStatus: signStatus.returned };
const DRAFT = { ...OPEN, dispatchStatus: dispatchStatus.pending };
const AWAITING_RECEPTION = { ...OPEN, dispatchStatus: dispatchStatus.dispatched };

export const TRANSITIONS: readonly Transition[] = [
  // The producer edits until the car is dispatched, and corrects an order the receiver returned.
  { action: 'edit', party: 'producer', permission: APPLY, from: [DRAFT, RETURNED], to: {} },
  { action: 'delete', party: 'producer', permission: APPLY, from: [DRAFT], to: null },
  // Voiding is possible until the receiver agrees.
  { action: 'void', party: 'producer', permission: APPLY, from: [OPEN, RETURNED], to: { declareStatus: declareStatus.voided } },
  { action: 'resubmit', party: 'producer', permission: APPLY, from: [RETURNED], to: { signStatus: signStatus.pending } },
  // Assigning vehicles and drivers dispatches the car; the transporter may reassign until reception.
  { action: 'dispatch', party: 'transporter', permission: APPLY, from: [OPEN], to: { dispatchStatus: dispatchStatus.dispatched } },
  { action: 'agree', party: 'receiver', permission: RECEIVE, from: [AWAITING_RECEPTION], to: { signStatus: signStatus.agreed, declareStatus: declareStatus.signed } },
  { action: 'return', party: 'receiver', permission: RECEIVE, from: [AWAITING_RECEPTION], to: { signStatus: signStatus.returned } },
  // Each party signs (attaches its signee image) at its own step.
  { action: 'sign', party: 'producer', permission: APPLY, from: [OPEN, RETURNED], to: {} },
  { action: 'sign', party: 'transporter', permission: APPLY, from: [OPEN], to: {} },
  { action: 'sign', party: 'receiver', permission: RECEIVE, from: [AWAITING_RECEPTION], to: {} },
];

const matches = (state: OrderState, pattern: Partial<OrderState>) =>
  (Object.keys(pattern) as (keyof OrderState)[]).every((key) => Number(state[key]) === pattern[key]);

const stateAllows = (transition: Transition, state: OrderState) => transition.from.some((p) => matches(state, p));

/** The parties whose enterprise the user works for; a user linked to no enterprise (an administrator) acts for all. */
export function partiesOf(order: Record<string, unknown>, enterpriseIds: readonly number[] | null): Party[] {
  if (enterpriseIds === null) return [...PARTIES];
  return PARTIES.filter((p) => enterpriseIds.includes(Number(order[PARTY_FIELD[p]])));
}

type Verdict =
  | { ok: true; transition: Transition }
  /** `state`: not allowed from the current statuses; `party`: allowed now, but to another party or permission. */
  | { ok: false; reason: 'state' | 'party'; parties: Party[] };

/**
 * May a user acting for `parties` and holding `isGranted` make `action` on an order in `state`? With `party` the
 * user says which of their parties acts (a user of an enterprise that is both producer and transporter signs twice).
 */
export function judge(
  action: TransferActionName, state: OrderState, parties: readonly Party[], isGranted: (p: PermissionName) => boolean, party?: Party,
): Verdict {
  const candidates = TRANSITIONS.filter((t) => t.action === action && (!party || t.party === party));
  const possibleNow = candidates.filter((t) => stateAllows(t, state));
  if (possibleNow.length === 0) return { ok: false, reason: 'state', parties: [] };
  const mine = possibleNow.find((t) => parties.includes(t.party) && isGranted(t.permission));
  return mine ? { ok: true, transition: mine } : { ok: false, reason: 'party', parties: possibleNow.map((t) => t.party) };
}

/** Every move the user may make now, with the party it is made for (the client's action buttons). */
export function allowedMoves(
  state: OrderState, parties: readonly Party[], isGranted: (p: PermissionName) => boolean,
): { action: TransferActionName; party: Party }[] {
  return TRANSITIONS
    .filter((t) => stateAllows(t, state) && parties.includes(t.party) && isGranted(t.permission))
    .map((t) => ({ action: t.action, party: t.party }));
}
