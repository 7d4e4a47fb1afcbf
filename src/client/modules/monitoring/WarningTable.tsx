import { Fragment, useMemo, type KeyboardEvent } from 'react';
import { Button, Classes, HTMLTable, Icon, Menu, MenuItem, PopoverNext, Spinner, Tag } from '@blueprintjs/core';
import type { Translate } from '../../crud/types';
import { useMonitoringSelector } from './hooks';
import { formatDateTime, formatMeasure, relativeTime } from './format';
import { MUTE_CHOICES, type MuteChoice } from './preferences';
import { selectLiveWindow } from '../../realtime/liveSelectors';
import type { ConsoleWarning, WarningGroup } from './selectors';
import { iconOf, intentOf, unitOf } from './severity';
import { type WarningTargetStatus } from './types';
import { createSelector } from '@reduxjs/toolkit';
import type { WarningPayload } from '../../../shared/live/events';
import { warningStatus } from '../../../shared/enums';
import { useTimeZone } from '../../session/useTimeZone';

interface Repeat {
  seq: number;
  at: string;
  value: number | null;
  occurrences: number;
}

/** The repeats of each warning the log still holds (its raised and updated events), newest first. */
const selectRepeatsByWarning = createSelector([selectLiveWindow], (events) => {
  const repeats: Record<number, Repeat[]> = {};
  for (const event of events) {
    if (event.type !== 'warning.raised' && event.type !== 'warning.updated') continue;
    const w = event.payload as WarningPayload;
    const list = (repeats[w.id] ??= []);
    // A status change is an update too, but not a repeat.
    if (list.length > 0 && list[list.length - 1].occurrences === w.occurrences) continue;
    list.push({ seq: event.seq, at: w.lastSeenAt, value: w.value ?? w.quantity, occurrences: w.occurrences });
  }
  for (const list of Object.values(repeats)) list.reverse();
  return repeats;
});

interface WarningActions {
  onDecide: (warning: ConsoleWarning, status: WarningTargetStatus) => void;
  onMute: (deviceId: number, choice: MuteChoice) => void;
  onUnmute: (deviceId: number) => void;
  onHistory: (warning: ConsoleWarning) => void;
  /** Absent when the user may not record inspections. */
  onInspect?: (warning: ConsoleWarning) => void;
}

interface WarningTableProps extends WarningActions {
  groups: readonly WarningGroup[];
  expanded: ReadonlySet<string>;
  flashing: ReadonlySet<number>;
  /** Device id → muted until (epoch ms), for the muted section's rows. */
  mutedUntil: (deviceId: number) => number | null;
  now: number;
  t: Translate;
  testId: string;
  onToggle: (key: string) => void;
}

const COLUMN_COUNT = 9;

function StatusCell({ warning, t, zone }: { warning: ConsoleWarning; t: Translate; zone: string }) {
  const acknowledged = warning.status === warningStatus.acknowledged;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <Tag minimal intent={acknowledged ? 'warning' : 'danger'} data-testid={`warning-status-${warning.id}`} data-status={warning.status}>
        {t(`enum.warningStatus.${warning.status}`)}
      </Tag>
      {warning.pending && <Spinner size={12} />}
      {acknowledged && warning.acknowledgedBy && (
        <span className={Classes.TEXT_MUTED} title={warning.acknowledgeNote ?? undefined}>
          {t('monitoring.acknowledgedBy', { name: warning.acknowledgedBy, at: formatDateTime(warning.acknowledgedAt, zone) })}
        </span>
      )}
    </span>
  );
}

function Details({ group, now, t, zone }: { group: WarningGroup; now: number; t: Translate; zone: string }) {
  const repeats = useMonitoringSelector(selectRepeatsByWarning);
  const unit = unitOf(group.warningType);
  return (
    <div style={{ padding: '6px 12px 10px 40px' }} data-testid={`warning-details-${group.key}`}>
      {group.warnings.map((warning) => (
        <div key={warning.id} style={{ marginBottom: 6 }}>
          <div>
            #{warning.id} · {t('resource.EquipmentWarning.fields.raisedAt')} {formatDateTime(warning.raisedAt, zone)} ·{' '}
            {t('resource.EquipmentWarning.fields.lastSeenAt')} {formatDateTime(warning.lastSeenAt, zone)} ({relativeTime(warning.lastSeenAt, now, t, zone)}) ·{' '}
            {t('resource.EquipmentWarning.fields.occurrences')} {warning.occurrences}
          </div>
          <div className={Classes.TEXT_MUTED}>{t('monitoring.repeats')}：</div>
          {(repeats[warning.id] ?? []).length === 0
            ? <div className={Classes.TEXT_MUTED}>{t('monitoring.noRepeats')}</div>
            : (
              <ul style={{ margin: 0, paddingLeft: 18 }} data-testid={`warning-repeats-${warning.id}`}>
                {(repeats[warning.id] ?? []).map((r) => (
                  <li key={r.seq}>{t('monitoring.repeatLine', { at: formatDateTime(r.at, zone), value: formatMeasure(r.value, unit), count: r.occurrences })}</li>
                ))}
              </ul>
            )}
        </div>
      ))}
    </div>
  );
}

/** Arrow keys move between rows, Enter or Space opens a row's details (when the row itself has the focus). */
function onRowKeyDown(event: KeyboardEvent<HTMLTableRowElement>, toggle: () => void) {
  if (event.target !== event.currentTarget) return;
  const rows = [...(event.currentTarget.closest('tbody')?.querySelectorAll<HTMLTableRowElement>('tr[data-group]') ?? [])];
  const index = rows.indexOf(event.currentTarget);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    rows[index + (event.key === 'ArrowDown' ? 1 : -1)]?.focus();
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    toggle();
  }
}

/** The console's rows: one per device and type, most urgent first; a row opens to its warnings and their repeats. */
export function WarningTable(props: WarningTableProps) {
  const { groups, expanded, flashing, mutedUntil, now, t, testId, onToggle } = props;
  const { onDecide, onMute, onUnmute, onHistory, onInspect } = props;
  const zone = useTimeZone();
  const muteMenu = useMemo(() => (deviceId: number) => (
    <Menu>
      {MUTE_CHOICES.map((choice) => (
        <MenuItem key={choice} text={t(`monitoring.mute${choice === 'tomorrow' ? 'Tomorrow' : choice}`)} data-testid={`mute-${choice}-${deviceId}`}
          onClick={() => onMute(deviceId, choice)} />
      ))}
    </Menu>
  ), [onMute, t]);

  return (
    <HTMLTable compact interactive className="monitoring-warnings" style={{ width: '100%' }} data-testid={testId}>
      <thead>
        <tr>
          <th style={{ width: 28 }} />
          <th>{t('monitoring.colType')}</th>
          <th>{t('monitoring.colDevice')}</th>
          <th>{t('monitoring.colEnterprise')} / {t('monitoring.colPlace')}</th>
          <th style={{ textAlign: 'right' }}>{t('monitoring.colValue')}</th>
          <th style={{ textAlign: 'right' }}>{t('monitoring.colCount')}</th>
          <th>{t('monitoring.colRaised')}</th>
          <th>{t('monitoring.colStatus')}</th>
          <th>{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((group) => {
          const w = group.head;
          const open = expanded.has(group.key);
          const isNew = group.warnings.some((member) => flashing.has(member.id));
          const until = mutedUntil(group.deviceId);
          const unit = unitOf(group.warningType);
          const toggle = () => onToggle(group.key);
          return (
            <Fragment key={group.key}>
              <tr tabIndex={0} data-group={group.key} data-testid={`warning-row-${group.key}`} data-flash={isNew ? 'true' : 'false'}
                className={isNew ? 'monitoring-row-new' : undefined} onKeyDown={(e) => onRowKeyDown(e, toggle)}>
                <td>
                  <Button size="small" variant="minimal" icon={open ? 'chevron-down' : 'chevron-right'} aria-expanded={open}
                    aria-label={t(open ? 'monitoring.collapse' : 'monitoring.expand')} data-testid={`warning-expand-${group.key}`} onClick={toggle} />
                </td>
                <td>
                  <Tag intent={intentOf(group.warningType)} icon={iconOf(group.warningType)} data-testid={`warning-type-${group.key}`}>
                    {t(`enum.warningType.${group.warningType}`)}
                  </Tag>
                </td>
                <td>
                  <a role="button" data-testid={`warning-device-${group.key}`} title={t('monitoring.history')} onClick={() => onHistory(w)}>{w.serialNumber}</a>
                  {until !== null && <div className={Classes.TEXT_MUTED}><Icon icon="notifications-snooze" size={12} /> {t('monitoring.mutedUntil', { until: formatDateTime(until, zone) })}</div>}
                </td>
                <td>{w.enterpriseName ?? `#${w.enterpriseId}`}<div className={Classes.TEXT_MUTED}>{w.storagePlace ?? ''}</div></td>
                <td style={{ textAlign: 'right' }}>
                  {formatMeasure(w.value ?? w.quantity, unit)}<div className={Classes.TEXT_MUTED}>{formatMeasure(w.threshold, unit)}</div>
                </td>
                <td style={{ textAlign: 'right' }}>
                  <Tag round minimal={group.occurrences < 2} intent={group.occurrences > 1 ? 'warning' : 'none'} data-testid={`warning-count-${group.key}`}>
                    ×{group.occurrences}
                  </Tag>
                </td>
                <td>
                  {relativeTime(w.raisedAt, now, t, zone)} <span className={Classes.TEXT_MUTED}>{formatDateTime(w.raisedAt, zone)}</span>
                  <div className={Classes.TEXT_MUTED}>{relativeTime(w.lastSeenAt, now, t, zone)}</div>
                </td>
                <td><StatusCell warning={w} t={t} zone={zone} /></td>
                <td style={{ whiteSpace: 'nowrap' }}>
                  {w.status === warningStatus.open && (
                    <Button size="small" variant="minimal" intent="primary" icon="eye-open" text={t('monitoring.acknowledge')} disabled={w.pending}
                      data-testid={`warning-ack-${w.id}`} onClick={() => onDecide(w, warningStatus.acknowledged)} />
                  )}
                  <Button size="small" variant="minimal" intent="success" icon="tick" text={t('monitoring.close')} disabled={w.pending}
                    data-testid={`warning-close-${w.id}`} onClick={() => onDecide(w, warningStatus.closed)} />
                  {until === null ? (
                    <PopoverNext content={muteMenu(group.deviceId)} placement="bottom-end">
                      <Button size="small" variant="minimal" icon="notifications-snooze" text={t('monitoring.mute')} data-testid={`warning-mute-${group.deviceId}`} />
                    </PopoverNext>
                  ) : (
                    <Button size="small" variant="minimal" icon="notifications" text={t('monitoring.unmute')} data-testid={`warning-unmute-${group.deviceId}`}
                      onClick={() => onUnmute(group.deviceId)} />
                  )}
                  {onInspect && (
                    <Button size="small" variant="minimal" icon="clipboard" text={t('monitoring.createInspection')} data-testid={`warning-inspect-${w.id}`}
                      onClick={() => onInspect(w)} />
                  )}
                </td>
              </tr>
              {open && (
                <tr data-testid={`warning-expanded-${group.key}`}>
                  <td colSpan={COLUMN_COUNT} style={{ padding: 0 }}><Details group={group} now={now} t={t} zone={zone} /></td>
                </tr>
              )}
            </Fragment>
          );
        })}
      </tbody>
    </HTMLTable>
  );
}
