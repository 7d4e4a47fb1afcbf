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
