/**
 * What a redemption under way needs to end as its machine reports: its household, its goods and its machine stay
 * until it has ended.
 */
import { exchangeHoldState } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import type { ServiceContext } from '../../crud/engine';
import type { Db } from '../../db/database';
import { errors } from '../../http/errors';

const REDEEMING = {
  household: { table: 'scheme_user', column: 'household_id' },
  goods: { table: 'goods', column: 'goods_id' },
  machine: { table: 'exchange_machine', column: 'machine_id' },
} as const;

/**
 * Refuses deleting a household, goods or a machine while redemptions of theirs are under way, naming them: each must
 * end as its machine reports. The row is locked first, so a hold being made for it either is seen here or waits for
 * the delete and then finds the row gone.
 */
export async function refuseWhileRedeeming(ctx: ServiceContext, tx: Db, what: keyof typeof REDEEMING, id: number): Promise<void> {
  const { table, column } = REDEEMING[what];
  await tx.query(`select id from ${table} where id = $1 for update`, [id]);
  const open = await tx.query<{ id: number }>(`select id from exchange_hold where ${column} = $1 and state = ${exchangeHoldState.held} order by id`, [id]);
  if (open.length === 0) return;
  const holds = open.map((h) => `#${Number(h.id)}`).join(', ');
  throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'recycling.redemptionsUnderWay', { holds }));
}
