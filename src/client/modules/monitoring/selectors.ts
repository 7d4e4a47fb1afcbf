import { createSelector } from '@reduxjs/toolkit';
import { compareWarnings } from '../../../shared/live/severity';
import { parseInstant } from '../../../shared/time';
import type { AppState } from '../../session/appSlice';
import type { CrudRootState } from '../../crud/types';
import {
  type LiveRootState, selectDeviceStates, selectOpenWarnings, selectStorageWeights, selectWeightPointsByStorage,
} from '../../realtime/liveSelectors';
import type { LiveWarning } from '../../realtime/projection';
import type { MonitoringState } from './monitoringSlice';
import { levelOf, SEVERITY_LEVELS, type SeverityLevel } from './severity';
import { type OpenWarningRow, type StoragePointRow } from './types';
import { warningStatus } from '../../../shared/enums';

/** The part of the application state this module reads. */
export interface MonitoringRootState extends CrudRootState, LiveRootState {
  monitoring: MonitoringState;
  app: Pick<AppState, 'session' | 'realtime' | 'config'>;
}

export const selectRealtimeStatus = (state: MonitoringRootState) => state.app.realtime;
export const selectUserId = (state: MonitoringRootState) => state.app.session.user?.id ?? null;

/** A storage point as the screen shows it: the REST row's names with the live weight laid over it. */
export type StorageView = StoragePointRow;

export const selectStorageRows = createSelector(
  [(s: MonitoringRootState) => s.monitoring.storage.rows, selectStorageWeights, selectDeviceStates],
  (rows, weights, devices): StorageView[] => rows.map((row) => {
    const live = weights[row.id];
    const device = devices[row.smartequipmentId];
    if (!live && !device) return row;
    return {
      ...row,
      ...(live ? {
        currentWeight: live.currentWeight, capacity: live.capacity, fillRatio: live.fillRatio, lastChangeTime: live.lastChangeTime,
      } : {}),
      ...(device ? { onlineState: device.onlineState, runningState: device.runningState } : {}),
    };
  }),
);

export { selectDeviceStates, selectWeightPointsByStorage };

/** A warning as the console shows it: names filled in, a pending change shown. */
export interface ConsoleWarning extends LiveWarning {
  enterpriseName: string | null;
  storagePlace: string | null;
  /** A status change sent and not answered yet. */
  pending: boolean;
}

/** Open and acknowledged warnings with the clerk's unconfirmed changes applied; closed ones leave at once. */
export const selectConsoleWarnings = createSelector(
  [selectOpenWarnings, (s: MonitoringRootState) => s.monitoring.overrides, (s: MonitoringRootState) => s.monitoring.enterpriseNames,
    (s: MonitoringRootState) => s.monitoring.storagePlaces],
  (warnings, overrides, enterprises, places): ConsoleWarning[] => {
    const shown: ConsoleWarning[] = [];
    for (const warning of warnings) {
      const override = overrides[warning.id];
      const applies = override !== undefined && warning.seq <= override.baseSeq;
      if (applies && override.status === warningStatus.closed) continue;
      const row = warning as LiveWarning & Partial<Pick<OpenWarningRow, 'enterpriseName' | 'storagePlace'>>;
      shown.push({
        ...warning,
        status: applies ? override.status : warning.status,
        pending: applies && !override.settled,
        enterpriseName: row.enterpriseName ?? enterprises[warning.enterpriseId] ?? null,
        storagePlace: row.storagePlace ?? (warning.storageId !== null ? places[warning.storageId] ?? null : null),
      });
    }
    return shown;
  },
);

export type SeverityCounts = Record<SeverityLevel, number> & { total: number };

export function countBySeverity(warnings: readonly { warningType: number }[]): SeverityCounts {
  const counts = { total: warnings.length } as SeverityCounts;
  for (const level of SEVERITY_LEVELS) counts[level] = 0;
  for (const warning of warnings) counts[levelOf(warning.warningType)] += 1;
  return counts;
}

/** One console row: the not-closed warnings of one device and type (the server keeps one; repeats count up on it). */
export interface WarningGroup {
  key: string;
  deviceId: number;
  warningType: number;
  /** Most recent first. */
  warnings: ConsoleWarning[];
  head: ConsoleWarning;
  occurrences: number;
  /** Still unhandled (an open member) rather than only acknowledged. */
  open: boolean;
}

/** Unhandled before acknowledged, then most severe, then newest (the shared order). */
const compareGroups = (a: WarningGroup, b: WarningGroup) =>
  Number(b.open) - Number(a.open) || compareWarnings(a.head, b.head);

/** When a warning was last seen, for ordering: the server writes instants with their offset, so any zone reads them alike. */
const seenAt = (w: ConsoleWarning) => parseInstant(w.lastSeenAt, 'UTC') ?? 0;

export function groupWarnings(warnings: readonly ConsoleWarning[]): WarningGroup[] {
  const groups = new Map<string, ConsoleWarning[]>();
  for (const warning of warnings) {
    const key = `${warning.smartequipmentId}:${warning.warningType}`;
    const members = groups.get(key);
    if (members) members.push(warning);
    else groups.set(key, [warning]);
  }
  return [...groups.entries()].map(([key, members]) => {
    const sorted = [...members].sort((a, b) => seenAt(b) - seenAt(a) || b.id - a.id);
    const open = sorted.filter((w) => w.status === warningStatus.open);
    return {
      key,
      deviceId: sorted[0].smartequipmentId,
      warningType: sorted[0].warningType,
      warnings: sorted,
      // The row speaks for the newest unhandled warning when there is one.
      head: open[0] ?? sorted[0],
      occurrences: sorted.reduce((sum, w) => sum + Math.max(1, w.occurrences), 0),
      open: open.length > 0,
    };
  }).sort(compareGroups);
}
