/**
 * The smart stations' contract beyond the resource declarations, read by the server (src/server/modules/points) and
 * the simulator: `POST` with header `X-Device-Key` (the monitoring devices' header); stations do not log in.
 */
import { pointsReason } from './enums';

export const DROP_OFF_PATH = '/api/device/dropoffs';
export const DROP_OFF_MAX = 200;

/** One drop-off as a station sends it; `messageId` is the station's own, unique per station, kept across retries. */
export interface DropOff {
  messageId: string;
  cardNo: string;
  rubbishType2: number;
  /** kg */
  weight: number;
  /**
   * When the household dropped it off, on the station's clock: ISO 8601 with `Z` or an offset (the instant is kept;
   * it counts on the tenant's day of that instant). Refused when more than 10 minutes ahead of the server's clock or
   * more than 7 days old (DEVICE_TIME_WINDOW).
   */
  at: string;
}

/** What became of each drop-off: posted now, posted before (a retry), or refused for a card no household holds. */
export interface DropOffResult {
  messageId: string;
  status: 'posted' | 'duplicate' | 'unknownCard';
  recordId: number | null;
  points: number | null;
}

/**
 * A collector's phone reports where the collector has been: `POST` with the collector's own device key, body
 * `{ positions: [{ longitude, latitude, at }] }` (at most `POSITIONS_MAX`; `at` on the phone's clock, with its offset,
 * within DEVICE_TIME_WINDOW). The key names the collector; a body naming another collector is refused. Users read the
 * tracks (`Igcs_Location/GetAll`, `GetTrack`) and never write them.
 */
export const POSITIONS_PATH = '/api/device/positions';
export const POSITIONS_MAX = 500;

/**
 * Redeeming at an exchange machine, in two phases as a card payment: the machine asks for a slot's item with a card
 * (`HOLD_PATH`) and the server holds the points and the item; the machine then reports the item dispensed or not
 * (`SETTLE_PATH`). A hold not settled within `HOLD_SECONDS` is released. Both calls carry the machine's own
 * `requestId` for the redemption, so that sending either again is answered, never done twice.
 */
export const HOLD_PATH = '/api/device/exchange/hold';
export const SETTLE_PATH = '/api/device/exchange/settle';
export const HOLD_SECONDS = 120;
export const MACHINE_REQUEST_ID = /^[\w.:-]{8,40}$/;

export interface HoldRequest {
  requestId: string;
  cardNo: string;
  slotNo: number;
}

export interface SettleRequest {
  requestId: string;
  outcome: 'dispensed' | 'failed';
  /** Why the item did not come out (jammed, door open…). */
  failure?: string;
}

/** A redemption as it stands (`exchangeHoldState`), answered to both calls. */
export interface HoldAnswer {
  holdId: number;
  requestId: string;
  state: number;
  slotNo: number;
  goodsId: number;
  goodsName: string;
  points: number;
  /** The household's balance after the hold (or its release). */
  balance: number;
  expiresAt: string;
  /** True when the call had been answered before: this is that answer's redemption, unchanged. */
  replayed: boolean;
}

/** What `Integral/GetReconciliation` proves over a tenant's whole ledger. */
export interface Reconciliation {
  households: number;
  accounts: number;
  postings: number;
  /** Household balances that differ from the sum of their entries. */
  householdsOff: number;
  /** The scheme's accounts that disagree with the holds: held ≠ points of holds waiting, redeemed ≠ points of holds dispensed. */
  accountsOff: number;
  /** Postings whose entries do not sum to zero. */
  unbalancedPostings: number;
  negativeBalances: number;
  /** The sum of every balance: zero when the books balance. */
  booksTotal: number;
}

export const isBalanced = (b: Reconciliation): boolean =>
  b.householdsOff + b.accountsOff + b.unbalancedPostings + b.negativeBalances === 0 && b.booksTotal === 0;

/**
 * How a household's ledger movement counts in the scheme's points flow, the same in the analyses and on the big-data
 * screen: awards for records net of their reversals are issued; points held at a machine net of holds released are
 * redeemed (a hold resolves within HOLD_SECONDS, so one under way counts as spent until it is released). Manual
 * adjustments and expiry are neither.
 */
export const POINTS_ISSUED_REASONS: readonly number[] = [pointsReason.recordApproved, pointsReason.reversal];
export const POINTS_REDEEMED_REASONS: readonly number[] = [pointsReason.hold, pointsReason.release];

/** Households that took part over this many days (today included) make the scheme's participation rate. */
export const PARTICIPATION_DAYS = 30;
