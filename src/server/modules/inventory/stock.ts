import { translate } from '../../../shared/locales';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';

interface StockMove {
  enterpriseId: number;
  wastecodeId: number;
  /** Tonnes in (positive) or out (negative). */
  delta: number;
  /** Which field of the request the refusal names. */
  member: string;
}

export const tonnes = (value: number) => value.toFixed(3);

/**
 * Moves the stock of one enterprise and waste code inside the caller's transaction. The row is made to exist, then
 * locked, so two moves of the same stock queue up and the check below sees the other's result: stock never goes
 * below zero (the table's check constraint is the backstop), and a refusal names the enterprise, code and amounts.
 */
export async function moveStock(ctx: RequestContext, tx: Db, move: StockMove): Promise<number> {
  await tx.query(
    `insert into inventory (tenant_id, enterprise_id, wastecode_id, quantity, last_movement_time) values ($1, $2, $3, 0, now())
     on conflict (tenant_id, enterprise_id, wastecode_id) do nothing`, [ctx.tenantId, move.enterpriseId, move.wastecodeId]);
  const held = await heldStock(tx, ctx.tenantId, move.enterpriseId, move.wastecodeId, true);
  if (move.delta === 0) return held;
  if (held + move.delta < -1e-9) {
    const names = await tx.query<{ enterprise: string; code: string }>(
      `select (select name from enterprise_information where id = $1) as enterprise, (select code from waste_code where id = $2) as code`,
      [move.enterpriseId, move.wastecodeId]);
    throw errors.invalid(ctx.language, move.member, translate(ctx.language, 'transferRules.stockShort', {
      enterprise: names[0]?.enterprise ?? String(move.enterpriseId), code: names[0]?.code ?? String(move.wastecodeId),
      held: tonnes(held), quantity: tonnes(-move.delta),
    }));
  }
  const rows = await tx.query<{ quantity: number }>(
    `update inventory set quantity = quantity + $4::numeric,
            received_total = received_total + greatest($4::numeric, 0), shipped_total = shipped_total + greatest(-$4::numeric, 0),
            last_movement_time = now(), last_modification_time = now()
      where tenant_id is not distinct from $1 and enterprise_id = $2 and wastecode_id = $3
      returning quantity`,
    [ctx.tenantId, move.enterpriseId, move.wastecodeId, move.delta]);
  return rows[0].quantity;
}

/** Current stock (0 when none was ever recorded); with `lock`, holds the row until the transaction ends. */
export async function heldStock(db: Db, tenantId: number | null, enterpriseId: number, wastecodeId: number, lock = false): Promise<number> {
  const rows = await db.query<{ quantity: number }>(
    `select quantity from inventory where tenant_id is not distinct from $1 and enterprise_id = $2 and wastecode_id = $3${lock ? ' for update' : ''}`,
    [tenantId, enterpriseId, wastecodeId]);
  return rows[0]?.quantity ?? 0;
}
