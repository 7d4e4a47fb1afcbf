import './monitoring.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Collapse, NonIdealState, Spinner, Switch } from '@blueprintjs/core';
import { describeError } from '../../crud/api-error';
import { useCrudTranslation } from '../../crud/hooks';
import { primeAudio } from './beep';
import { ConnectionTag } from './ConnectionTag';
import { DeviceHistoryDrawer, deviceHistoryOpened, type HistoryDevice } from './DeviceHistoryDrawer';
import { useMonitoringDispatch, useMonitoringSelector } from './hooks';
import { InspectionDialog } from './InspectionDialog';
import { currentTime, useNow } from '../../time/clock';
import { useTimeZone } from '../../session/useTimeZone';
import { consoleScreenLeft, consoleScreenShown } from './monitoringSaga';
import { monitoringActions as A } from './monitoringSlice';
import { NoteDialog } from './NoteDialog';
import { isMuted as mutedAt, useMutes, useSoundPreference } from './preferences';
import {
  countBySeverity, groupWarnings, selectConsoleWarnings, selectUserId,
  type ConsoleWarning,
} from './selectors';
import { useArrivals } from './useArrivals';
import { WarningCounters } from './WarningCounters';
import { WarningTable } from './WarningTable';
import type { WarningTargetStatus } from './types';
import { selectIsGranted, selectUserDisplayName } from '../../session/selectors';
import { useLiveStreams } from '../../realtime/useLiveStreams';

const INSPECTIONS = 'Pages.RegularInspections';

interface Deciding {
  warning: ConsoleWarning;
  status: WarningTargetStatus;
}

/**
 * The supervisor console: open warnings as they are raised (pushed; polled every 15 s as a fallback), the most urgent
 * first, repeats of a device's warning folded into one row. Acknowledge and close are optimistic; a device can be
 * muted for a while (per user, in this browser); new warnings flash, toast and, if wanted, beep.
 */
/** The console draws open warnings (and their repeats); weights and device states are the storage screen's. */
const CONSOLE_STREAMS = ['warnings'] as const;

export default function ConsolePage() {
  const dispatch = useMonitoringDispatch();
  const { t, language } = useCrudTranslation();
  const status = useMonitoringSelector((s) => s.monitoring.warnings);
  const warnings = useMonitoringSelector(selectConsoleWarnings);
  const userId = useMonitoringSelector(selectUserId);
  const inspector = useMonitoringSelector(selectUserDisplayName);
  const isGranted = useMonitoringSelector(selectIsGranted);
  const inspection = useMonitoringSelector((s) => s.monitoring.inspection);
  const now = useNow(15_000);
  const zone = useTimeZone();
  const { mutes, mute, unmute } = useMutes(userId, zone);
  const [sound, setSound] = useSoundPreference(userId);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [showMuted, setShowMuted] = useState(false);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [history, setHistory] = useState<HistoryDevice | null>(null);
  // The warning as it was when the dialog opened: it may close meanwhile, the inspection is still worth writing.
  const [inspecting, setInspecting] = useState<ConsoleWarning | null>(null);

  useLiveStreams(CONSOLE_STREAMS);
  useEffect(() => {
    dispatch(consoleScreenShown());
    return () => {
      dispatch(consoleScreenLeft());
    };
  }, [dispatch]);

  // Checked against the real clock, not the ticking one: a mute set a moment ago already counts.
  const isMuted = useCallback((deviceId: number) => mutedAt(mutes, deviceId, currentTime()), [mutes]);
  const ready = status.status === 'loaded' || status.status === 'failed';
  const flashing = useArrivals(warnings, { ready, isMuted, sound, t });

  const { live, muted } = useMemo(() => {
    const heard: ConsoleWarning[] = [];
    const silenced: ConsoleWarning[] = [];
    for (const warning of warnings) (isMuted(warning.smartequipmentId) ? silenced : heard).push(warning);
    return { live: groupWarnings(heard), muted: groupWarnings(silenced) };
  }, [warnings, isMuted]);
  const counts = useMemo(() => countBySeverity(warnings), [warnings]);

  const toggle = useCallback((key: string) => setExpanded((current) => {
    const next = new Set(current);
    if (!next.delete(key)) next.add(key);
    return next;
  }), []);
  const openHistory = useCallback((warning: ConsoleWarning) => {
    setHistory({ id: warning.smartequipmentId, serialNumber: warning.serialNumber });
    dispatch(deviceHistoryOpened(warning.smartequipmentId));
  }, [dispatch]);
  const mayInspect = isGranted(INSPECTIONS);

  const tableProps = {
    flashing, expanded, now, t, onToggle: toggle,
    mutedUntil: (deviceId: number) => (isMuted(deviceId) ? mutes[deviceId] : null),
    onDecide: (warning: ConsoleWarning, target: WarningTargetStatus) => setDeciding({ warning, status: target }),
    onMute: mute,
    onUnmute: unmute,
    onHistory: openHistory,
    onInspect: mayInspect ? (warning: ConsoleWarning) => {
      setInspecting(warning);
      dispatch(A.inspectionOpened({ warningId: warning.id }));
    } : undefined,
  };

  let body;
  if (warnings.length === 0 && !ready) {
    body = <div data-testid="console-loading" style={{ padding: 60, textAlign: 'center' }}><Spinner size={32} /></div>;
  } else if (warnings.length === 0 && status.status === 'failed') {
    body = (
      <div data-testid="console-error"><NonIdealState icon="error" title={t('monitoring.consoleLoadFailed')}
        description={status.error ? describeError(status.error) : undefined}
        action={<Button icon="refresh" intent="primary" text={t('common.retry')} onClick={() => dispatch(A.warningsReloadRequested())} />} /></div>
    );
  } else if (live.length === 0) {
    body = <div data-testid="console-empty"><NonIdealState icon="tick-circle" title={t('monitoring.noWarnings')} description={t('monitoring.noWarningsHint')} /></div>;
  } else {
    body = <WarningTable {...tableProps} groups={live} testId="console-warnings" />;
  }

  return (
    <div data-testid="console-page" data-language={language}>
      <div className="monitoring-toolbar">
        <WarningCounters counts={counts} t={t} />
        <span className="monitoring-spacer" />
        <ConnectionTag t={t} />
        <Switch checked={sound} label={t('monitoring.sound')} style={{ margin: 0 }} data-testid="console-sound"
          onChange={(e) => {
            const on = e.currentTarget.checked;
            // The toggle is the user's gesture that lets later beeps play.
            if (on) primeAudio();
            setSound(on);
          }} />
        <Button icon="refresh" text={t('common.refresh')} loading={status.status === 'loading'} data-testid="console-refresh"
          onClick={() => dispatch(A.warningsReloadRequested())} />
      </div>
      {body}
      {muted.length > 0 && (
        <div style={{ marginTop: 12 }} data-testid="console-muted">
          <Button variant="minimal" icon={showMuted ? 'chevron-down' : 'chevron-right'} data-testid="console-muted-toggle"
            text={t('monitoring.mutedSection', { count: muted.reduce((n, g) => n + g.warnings.length, 0) })}
            aria-expanded={showMuted} onClick={() => setShowMuted((v) => !v)} />
          <Collapse isOpen={showMuted} keepChildrenMounted={false}>
            <WarningTable {...tableProps} groups={muted} testId="console-muted-warnings" />
          </Collapse>
        </div>
      )}

      {deciding && (
        <NoteDialog status={deciding.status} t={t}
          subject={t('monitoring.warningSubject', { type: t(`enum.warningType.${deciding.warning.warningType}`), device: deciding.warning.serialNumber })}
          onClose={() => setDeciding(null)}
          onSubmit={(note) => {
            dispatch(A.warningStatusRequested({ id: deciding.warning.id, status: deciding.status, note, from: 'console' }));
            setDeciding(null);
          }} />
      )}
      {inspection && inspecting?.id === inspection.warningId && (
        <InspectionDialog warning={inspecting} inspector={inspector} saving={inspection.saving} error={inspection.error} t={t}
          onClose={() => dispatch(A.inspectionClosed())} onSubmit={(input) => dispatch(A.inspectionRequested({ input }))} />
      )}
      <DeviceHistoryDrawer device={history} onClose={() => setHistory(null)} />
    </div>
  );
}
