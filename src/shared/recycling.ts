/**
 * The smart stations' contract beyond the resource declarations, read by the server (src/server/modules/points) and
 * the simulator: `POST` with header `X-Device-Key` (the monitoring devices' header); stations do not log in.
 */
export const DROP_OFF_PATH = '/api/device/dropoffs';
export const DROP_OFF_MAX = 200;

/** One drop-off as a station sends it; `messageId` is the station's own, unique per station, kept across retries. */
export interface DropOff {
  messageId: string;
  cardNo: string;
  rubbishType2: number;
  /** kg */
  weight: number;
  /** ISO 8601 with `Z` or an offset. */
  at: string;
}

/** What became of each drop-off: posted now, posted before (a retry), or refused for a card no household holds. */
export interface DropOffResult {
  messageId: string;
  status: 'posted' | 'duplicate' | 'unknownCard';
  recordId: number | null;
  points: number | null;
}

/** What `Integral/GetReconciliation` proves over a tenant's whole ledger. */
export interface Reconciliation {
  households: number;
  accounts: number;
  postings: number;
  /** Balances that differ from the sum of their entries (households, then the scheme's accounts). */
  householdsOff: number;
  accountsOff: number;
  /** Postings whose entries do not sum to zero. */
  unbalancedPostings: number;
  negativeBalances: number;
  /** The sum of every balance: zero when the books balance. */
  booksTotal: number;
}

export const isBalanced = (b: Reconciliation): boolean =>
  b.householdsOff + b.accountsOff + b.unbalancedPostings + b.negativeBalances === 0 && b.booksTotal === 0;
