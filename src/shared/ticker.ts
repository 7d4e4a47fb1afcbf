/**
 * The big-data screen's ticker: which events it lists, and how they fold into its lines. The server builds the
 * overview's lines with it and the screen folds live events onto them with it, so both read a noisy device the same.
 */
import { BIGDATA_LIMITS, TICKER_TYPES } from './bigdata';
import { onlineState } from './enums';
import { typedEvent, type LiveEvent } from './live/events';

/** One line of the ticker: its newest event, and how many events of the same device and kind it stands for. */
export interface TickerLine {
  event: LiveEvent;
  count: number;
}

/** Events the ticker lists: warnings, transfers, and a device going offline (coming back, or a changed running state, is said by the warnings). */
export function isTickerEvent(event: LiveEvent): boolean {
  const typed = typedEvent(event);
  if (typed.type === 'device.state') return typed.payload.onlineState === onlineState.offline;
  return TICKER_TYPES.some((type) => type === typed.type);
}

/**
 * What makes two events repeats of one line: the same device and the same kind of news (a warning's type and status,
 * or the device's state). A manifest's events are each news of their own.
 */
function repeatKey(event: LiveEvent): string | null {
  const typed = typedEvent(event);
  switch (typed.type) {
    case 'warning.raised':
    case 'warning.updated': {
      const w = typed.payload;
      return `${typed.type}/${w.smartequipmentId}/${w.warningType}/${w.status}`;
    }
    case 'device.state':
      return `device/${typed.payload.deviceId}/${typed.payload.onlineState}`;
    default:
      return null;
  }
}

/**
 * Folds events (oldest first) onto lines (newest first): an event repeating a line takes that line to the top with its
 * count one higher, so one device reporting every few seconds holds one line, not the whole ticker. At most `limit`
 * lines are kept.
 */
export function foldTicker(lines: readonly TickerLine[], events: readonly LiveEvent[], limit: number = BIGDATA_LIMITS.recent): TickerLine[] {
  const next = lines.slice();
  let changed = false;
  for (const event of events) {
    if (!isTickerEvent(event)) continue;
    changed = true;
    const key = repeatKey(event);
    const index = key === null ? -1 : next.findIndex((line) => repeatKey(line.event) === key);
    const count = index === -1 ? 1 : next[index].count + 1;
    if (index !== -1) next.splice(index, 1);
    next.unshift({ event, count });
  }
  return changed ? next.slice(0, limit) : [...lines];
}
