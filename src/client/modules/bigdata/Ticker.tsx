import { warningStatus } from '../../../shared/enums';
import { typedEvent, type LiveEvent } from '../../../shared/live/events';
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
    case 'device.state':
      return { text: t('bigdata.tickOffline', { serial: e.payload.serialNumber }), tone: 'bad' };
    case 'transfer.changed':
      return {
        text: t('bigdata.tickTransfer', { manifestNo: e.payload.manifestNo, action: t(`bigdata.action_${e.payload.action}`) }),
        tone: e.payload.action === 'agree' ? 'good' : 'info',
      };
    default:
      return null;
  }
}

/** The latest events, newest first, each at its time on the tenant's clock (`zone`); as many as the panel holds, the rest hidden rather than scrolled. */
export function Ticker({ events, t, zone }: { events: readonly LiveEvent[]; t: Translate; zone: string }) {
  if (events.length === 0) return <div className="bd-empty">{t('bigdata.empty')}</div>;
  return (
    <ol className="bd-ticker" data-testid="bd-ticker-list">
      {events.map((event) => {
        const line = describeEvent(event, t);
        if (!line) return null;
        return (
          <li key={event.seq} className={`bd-tick bd-${line.tone}`} data-seq={event.seq}>
            <time>{formatTime(event.at, zone)}</time>
            <span>{line.text}</span>
          </li>
        );
      })}
    </ol>
  );
}
