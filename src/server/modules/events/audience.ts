import type { EventTopic } from '../../../shared/live/events';
import type { PermissionName } from '../../../shared/permissions';
import type { Session } from '../../http/context';
import { tenantKey } from '../../db/tenant-key';

/** Holding any one of a topic's permissions lets a user see its events (within the user's enterprises). */
const TOPIC_PERMISSIONS: Record<EventTopic, readonly PermissionName[]> = {
  monitoring: [
    'Pages.SupervisorConsole', 'Pages.EquipmentWarning', 'Pages.Hazardouswastestorage', 'Pages.Smartequipment',
    'Pages.Equipmentmodel', 'Pages.BigData',
  ],
  // The big-data screen counts manifests and stock as they move.
  transfer: ['Pages.TransferApplication', 'Pages.TransferReception', 'Pages.BigData'],
  inventory: ['Pages.InventoryList', 'Pages.Warehousereceipt', 'Pages.BigData'],
  chat: ['Pages.ChatLog'],
  // Addressed to one user each (their `userIds`): no permission shows them to anyone else.
  notice: [],
};

export function topicsOf(session: Pick<Session, 'permissions'>): EventTopic[] {
  return (Object.keys(TOPIC_PERMISSIONS) as EventTopic[])
    .filter((topic) => TOPIC_PERMISSIONS[topic].some((p) => session.permissions.has(p)));
}

/**
 * Hub groups a connection joins, per topic: everything for a user with no enterprise link; otherwise one group per
 * linked enterprise plus the tenant-wide one. An event goes to the groups of its topic and enterprises, so the hub
 * never has to ask who may see it.
 */
export function groupsOf(session: Pick<Session, 'tenantId' | 'permissions' | 'enterpriseIds'>): string[] {
  const tk = tenantKey(session.tenantId);
  return topicsOf(session).flatMap((topic) => (session.enterpriseIds === null
    ? [allGroup(tk, topic)]
    : [wideGroup(tk, topic), ...session.enterpriseIds.map((id) => enterpriseGroup(tk, topic, id))]));
}

export const allGroup = (tk: number, topic: EventTopic) => `ev:${tk}:${topic}:all`;
/** Linked users: events that concern the whole tenant. */
export const wideGroup = (tk: number, topic: EventTopic) => `ev:${tk}:${topic}:wide`;
export const enterpriseGroup = (tk: number, topic: EventTopic, enterpriseId: number) => `ev:${tk}:${topic}:e:${enterpriseId}`;
