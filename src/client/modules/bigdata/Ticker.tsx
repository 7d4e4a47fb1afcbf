import { onlineState, runningState, warningStatus } from '../../../shared/enums';
import { typedEvent, type LiveEvent } from '../../../shared/live/events';
import type { TickerLine } from '../../../shared/ticker';
import type { Translate } from '../../crud/types';
import { formatTime } from '../../time/display';

type Tone = 'bad' | 'good' | 'info';

/** One line of the ticker: what happened, in the operator's words. */
export function describeEvent(event: LiveEvent, t: Translate): { text: string; tone: Tone } | null {
  const e = typedEvent(event);
  switch (e.type) {
    case 'warning.raised':
    case 'warning.updated': {
      const w = e.payload;
      const names = { serial: w.serialNumber, type: t(`enum.warningType.${w.warningType}`) };
      if (e.type === 'warning.raised') return { text: t('bigdata.tickRaised', names), tone: 'bad' };
      if (w.status === warningStatus.closed) return { text: t('bigdata.tickClosed', names), tone: 'good' };
      if (w.status === warningStatus.acknowledged) return { text: t('bigdata.tickAcknowledged', names), tone: 'info' };
      return { text: t('bigdata.tickUpdated', names), tone: 'bad' };
    }
    case 'device.state': {
      // The state the device is in now: the ticker lists it going offline; anything else is said as it stands.
      const serial = { serial: e.payload.serialNumber };
      if (e.payload.onlineState === onlineState.offline) return { text: t('bigdata.tickOffline', serial), tone: 'bad' };
      if (e.payload.runningState === runningState.warning) return { text: t('bigdata.tickDeviceWarning', serial), tone: 'bad' };
      return { text: t('bigdata.tickDeviceNormal', serial), tone: 'good' };
    }
    case 'transfer.changed':
      return {
        text: t('bigdata.tickTransfer', { manifestNo: e.payload.manifestNo, action: t(`bigdata.action_${e.payload.action}`) }),
        tone: e.payload.action === 'agree' ? 'good' : 'info',
      };
    default:
      return null;
  }
}

/**
 * The latest lines, newest first, each at its newest event's time on the tenant's clock (`zone`), with how many times
 * it happened when more than once; as many as the panel holds, the rest hidden rather than scrolled.
 */
export function Ticker({ lines, t, zone }: { lines: readonly TickerLine[]; t: Translate; zone: string }) {
  if (lines.length === 0) return <div className="bd-empty">{t('bigdata.empty')}</div>;
  return (
    <ol className="bd-ticker" data-testid="bd-ticker-list">
      {lines.map(({ event, count }) => {
        const line = describeEvent(event, t);
        if (!line) return null;
        return (
          <li key={event.seq} className={`bd-tick bd-${line.tone}`} data-seq={event.seq} data-count={count}>
            <time>{formatTime(event.at, zone)}</time>
            <span>{line.text}</span>
            {count > 1 && <span className="bd-tick-count">{t('bigdata.tickRepeated', { count })}</span>}
          </li>
        );
      })}
    </ol>
  );
}
