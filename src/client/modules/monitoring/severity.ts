import type { IconName, Intent } from '@blueprintjs/core';
import { WARNING_TYPE } from '../../../shared/live/severity';

/**
 * How a warning type looks. The order itself is the shared one (src/shared/live/severity); here it is cut into three
 * levels a supervisor reads at a glance: waste gone or a physical danger at the point (critical), a device moved or
 * silent (major), maintenance (minor).
 */
export type SeverityLevel = 'critical' | 'major' | 'minor';
export const SEVERITY_LEVELS: readonly SeverityLevel[] = ['critical', 'major', 'minor'];

const LEVEL_OF: Record<number, SeverityLevel> = {
  [WARNING_TYPE.reduction]: 'critical',
  [WARNING_TYPE.weight]: 'critical',
  [WARNING_TYPE.temperature]: 'critical',
  [WARNING_TYPE.displacement]: 'major',
  [WARNING_TYPE.offline]: 'major',
  [WARNING_TYPE.battery]: 'minor',
  [WARNING_TYPE.noWasteInterval]: 'minor',
};

export const LEVEL_INTENT: Record<SeverityLevel, Intent> = { critical: 'danger', major: 'warning', minor: 'primary' };

const ICON_OF: Record<number, IconName> = {
  [WARNING_TYPE.battery]: 'lightning',
  [WARNING_TYPE.temperature]: 'temperature',
  [WARNING_TYPE.weight]: 'box',
  [WARNING_TYPE.reduction]: 'trending-down',
  [WARNING_TYPE.displacement]: 'move',
  [WARNING_TYPE.noWasteInterval]: 'time',
  [WARNING_TYPE.offline]: 'offline',
};

/** The unit of a type's value and threshold (`monitoring.kg` is translated; the others read the same in both languages). */
const UNIT_OF: Record<number, string> = {
  [WARNING_TYPE.battery]: '%',
  [WARNING_TYPE.temperature]: '℃',
  [WARNING_TYPE.weight]: 'kg',
  [WARNING_TYPE.reduction]: 'kg',
  [WARNING_TYPE.displacement]: 'm',
  [WARNING_TYPE.noWasteInterval]: 'h',
  [WARNING_TYPE.offline]: 'min',
};

export const levelOf = (warningType: number): SeverityLevel => LEVEL_OF[warningType] ?? 'minor';
export const intentOf = (warningType: number): Intent => LEVEL_INTENT[levelOf(warningType)];
export const iconOf = (warningType: number): IconName => ICON_OF[warningType] ?? 'warning-sign';
export const unitOf = (warningType: number): string => UNIT_OF[warningType] ?? '';
