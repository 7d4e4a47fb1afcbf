import { declareStatus, dispatchStatus, signStatus, transferAction, transferParty } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import { pick, type EnumDef, type EnumValue } from '../../../shared/resource-kit';
import { transferorder } from '../../../shared/resources';
import { judge, partiesOf, type OrderState, type Party, type TransferActionName, type Transition } from '../../../shared/transfer/machine';
import type { Row } from '../../crud/repository';
import type { Db } from '../../db/database';
import { AppError, errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { stateOf } from './history';
import type { ServiceContext } from '../../crud/engine';

export const orders = (ctx: ServiceContext) => ctx.resources.of(transferorder);

const label = (def: EnumDef<EnumValue>, value: EnumValue, ctx: ServiceContext) => {
  const option = def.options.find((o) => o.value === value);
  return option ? pick(option.label, ctx.language) : String(value);
};

/** "待签收 / 已派车 / 待确认": the three statuses as people read them. */
function describeState(ctx: ServiceContext, state: OrderState): string {
  return [label(declareStatus, state.declareStatus, ctx), label(dispatchStatus, state.dispatchStatus, ctx), label(signStatus, state.signStatus, ctx)].join(' / ');
}

/**
 * Locks the order for the rest of the transaction and reads it as the caller may see it (404 otherwise). Two clerks
 * acting at once queue on the lock; the second then reads what the first wrote.
 */
export async function lockOrder(ctx: ServiceContext, tx: Db, id: number): Promise<Row> {
  await tx.query('select id from transfer_order where id = $1 for update', [id]);
  return orders(ctx).get(ctx, tx, id);
}

/** A request naming an older version than the stored one lost the race: 409, reload. */
export function checkVersion(ctx: ServiceContext, order: Row, input: Input): void {
  const version = input.optionalInt('version', { min: 0 });
  if (version !== undefined && version !== Number(order.version)) {
    const stale = translate(ctx.language, 'transferRules.stale', { current: String(order.version) });
    throw new AppError(409, stale, stale, null, false, 409);
  }
}

/** The transition the caller may make now, or a 400 naming the current statuses (or the party that may) and the move. */
export function authorizeMove(ctx: ServiceContext, order: Row, action: TransferActionName, party?: Party): Transition {
  const state = stateOf(order);
  const verdict = judge(action, state, partiesOf(order, ctx.session?.enterpriseIds ?? null), (p) => ctx.isGranted(p), party);
  if (verdict.ok) return verdict.transition;
  const actionText = label(transferAction, action, ctx);
  if (verdict.reason === 'state') {
    throw errors.invalid(ctx.language, 'declareStatus', translate(ctx.language, 'transferRules.moveRefused', {
      state: describeState(ctx, state), action: actionText,
    }));
  }
  throw errors.invalid(ctx.language, 'party', translate(ctx.language, 'transferRules.wrongParty', {
    parties: verdict.parties.map((p) => label(transferParty, p, ctx)).join(ctx.language === 'zh-CN' ? '或' : ' or '), action: actionText,
  }));
}

/** The statuses after the move, with the version counted up. */
export function movedState(order: Row, transition: Transition): OrderState & { version: number } {
  return { ...stateOf(order), ...(transition.to ?? {}), version: Number(order.version) + 1 };
}
