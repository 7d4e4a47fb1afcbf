import type { InventoryChangedPayload } from '../../../shared/live/events';
import type { Db } from '../../db/database';
import { recordEvents, type EventWriter } from '../events';

/** In a write's transaction, late: the `inventory.changed` live event the users of the enterprises see once it commits. */
export async function recordInventoryChanged(writer: EventWriter, tx: Db, enterpriseIds: readonly number[]): Promise<void> {
  const ids = [...new Set(enterpriseIds.map(Number))];
  if (ids.length === 0) return;
  const payload: InventoryChangedPayload = { enterpriseIds: ids };
  await recordEvents(writer, tx, [{ type: 'inventory.changed', topic: 'inventory', enterpriseIds: ids, payload }]);
}
