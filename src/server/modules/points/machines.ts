/**
 * Exchange machines and their slots. Goods move between the central store and a machine's slots, never appear or
 * vanish: loading takes them from the store's stock, unloading puts them back, and items held for a redemption under
 * way stay in their slot until it ends.
 */
import { exchangeHoldState } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import type { ExchangeSlot, ExchangeSlotsPayload } from '../../../shared/live/events';
import { exchangemachine } from '../../../shared/resources';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import { defineModule } from '../../crud/module';
import { areaCondition, scopeOf } from '../../crud/scope';
import { scopeCondition, sql } from '../../crud/sql';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import type { Input } from '../../http/input';
import { recordEvents, type EventWriter } from '../events';
import { issueDeviceKey, registerRegenerateKey } from './device';
import type { TextsOf } from '../../../shared/locales';
import { refuseWhileRedeeming } from './open-redemptions';

const SLOTS = `select s.slot_no as "slotNo", s.goods_id as "goodsId", g.name as "goodsName", g.points_price as "pointsPrice",
    s.quantity, s.held, s.capacity
  from exchange_slot s left join goods g on g.id = s.goods_id where s.machine_id = $1 order by s.slot_no`;

export async function readSlots(db: Db, machineId: number): Promise<ExchangeSlot[]> {
  const rows = await db.query<ExchangeSlot>(SLOTS, [machineId]);
  return rows.map((r) => ({
    slotNo: Number(r.slotNo), goodsId: r.goodsId === null ? null : Number(r.goodsId), goodsName: r.goodsName,
    pointsPrice: r.pointsPrice === null ? null : Number(r.pointsPrice), quantity: Number(r.quantity), held: Number(r.held), capacity: Number(r.capacity),
  }));
}

/** The machine's whole grid as the write left it (the machine locked), counted again from its slots, told to those watching. */
export async function slotsChanged(writer: EventWriter, tx: Db, machineId: number): Promise<ExchangeSlotsPayload> {
  const slots = await readSlots(tx, machineId);
  const itemsLeft = slots.reduce((sum, s) => sum + s.quantity, 0);
  await tx.query('update exchange_machine set items_left = $2 where id = $1', [machineId, itemsLeft]);
  const payload: ExchangeSlotsPayload = { machineId, itemsLeft, slots };
  await recordEvents(writer, tx, [{ type: 'exchange.slots', topic: 'recycling', payload }]);
  return payload;
}

export interface LockedSlot { slotNo: number; goodsId: number | null; quantity: number; held: number; capacity: number }

/** The slot, locked until the transaction ends: loads, unloads and redemptions of one slot take turns. */
export async function lockSlot(tx: Db, machineId: number, slotNo: number): Promise<LockedSlot | null> {
  const [row] = await tx.query<LockedSlot>(`select slot_no as "slotNo", goods_id as "goodsId", quantity, held, capacity
    from exchange_slot where machine_id = $1 and slot_no = $2 for update`, [machineId, slotNo]);
  return row ? { slotNo: Number(row.slotNo), goodsId: row.goodsId === null ? null : Number(row.goodsId), quantity: Number(row.quantity), held: Number(row.held), capacity: Number(row.capacity) } : null;
}

const refuse = (ctx: ServiceContext, member: string, key: keyof TextsOf<'recycling'>, values: Record<string, string | number> = {}) =>
  errors.invalid(ctx.language, member, translate(ctx.language, `recycling.${key}`, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))));

/**
 * Every change to a machine's slots locks the machine's row first, then the slot, then (redemptions) the household and
 * the scheme's accounts: one order for all, so that concurrent changes wait for each other and never deadlock.
 */
export async function lockMachine(tx: Db, machineId: number): Promise<void> {
  await tx.query('select id from exchange_machine where id = $1 for update', [machineId]);
}

/** A machine the caller may change, locked: within the caller's areas, or refused as the engine refuses a row outside them. */
async function machineToChange(ctx: ServiceContext, tx: Db, input: Input): Promise<Row> {
  const machine = await ctx.resources.of(exchangemachine).getToChange(ctx, tx, input.requiredInt('id', { min: 1 }));
  await lockMachine(tx, machine.id);
  return machine;
}

const machineHooks: ResourceHooks<typeof exchangemachine> = {
  async beforeWrite(ctx, tx, values, existing) {
    if (!existing) return;
    const [use] = await tx.query<{ beyond: number | null; fullest: number }>(
      `select min(slot_no) filter (where slot_no > $2 and (quantity > 0 or held > 0)) as beyond, coalesce(max(quantity), 0) as fullest
         from exchange_slot where machine_id = $1`, [existing.id, values.slotCount ?? existing.slotCount]);
    if (use.beyond !== null) throw refuse(ctx, 'slotCount', 'slotsStillLoaded', { slot: Number(use.beyond) });
    if ((values.slotCapacity ?? existing.slotCapacity) < Number(use.fullest)) throw refuse(ctx, 'slotCapacity', 'capacityBelowLoad', { quantity: Number(use.fullest) });
  },
  async afterWrite(ctx, tx, row, _input, existing) {
    // The slots follow the machine's declared count and capacity; those beyond the count are empty (checked above).
    await tx.query(`insert into exchange_slot (machine_id, slot_no, tenant_id, capacity)
      select $1, n, $2, $4 from generate_series(1, $3::int) as n on conflict (machine_id, slot_no) do nothing`,
    [row.id, ctx.tenantId, row.slotCount, row.slotCapacity]);
    await tx.query('delete from exchange_slot where machine_id = $1 and slot_no > $2', [row.id, row.slotCount]);
    await tx.query('update exchange_slot set capacity = $2 where machine_id = $1 and capacity <> $2', [row.id, row.slotCapacity]);
    if (existing) {
      await slotsChanged(ctx, tx, row.id);
      return;
    }
    return { deviceKey: await issueDeviceKey(tx, exchangemachine.table, row.id) };
  },
  async beforeDelete(ctx, tx, row) {
    await refuseWhileRedeeming(ctx, tx, 'machine', row.id);
    const [{ loaded }] = await tx.query<{ loaded: number }>(
      'select count(*)::int as loaded from exchange_slot where machine_id = $1 and quantity > 0', [row.id]);
    if (Number(loaded) > 0) throw refuse(ctx, 'id', 'machineNotEmpty');
  },
};

function registerMachineMethods(registry: AppServiceRegistry): void {
  const access = { anyOf: [exchangemachine.permission] };
  registerRegenerateKey(registry, exchangemachine);

  registry.add({
    service: exchangemachine.name, method: 'GetExchangeMachine_Goods', verb: 'GET', access, parameters: ['id'],
    summary: 'A machine\'s slots (goods, items left, items held) and the redemptions under way at it',
    async handler(ctx, input) {
      const machine = await ctx.resources.of(exchangemachine).get(ctx, ctx.db, input.requiredInt('id', { min: 1 }));
      const holds = await ctx.db.query<Record<string, number | string>>(`select h.id::int, h.slot_no::int as "slotNo", h.household_id::int as "householdId",
          u.name as "householdName", h.points, h.creation_time as "creationTime", h.expires_at as "expiresAt"
        from exchange_hold h join scheme_user u on u.id = h.household_id where h.machine_id = $1 and h.state = ${exchangeHoldState.held} order by h.id`, [machine.id]);
      return { machineId: machine.id, itemsLeft: Number(machine.itemsLeft), slots: await readSlots(ctx.db, machine.id), holds };
    },
  });

  registry.add({
    service: exchangemachine.name, method: 'GetExchangeMachine_place', verb: 'GET', access: 'user',
    summary: 'Where the machines the caller may see stand: compound, place and coordinates (for maps and pickers)',
    async handler(ctx) {
      const inAreas = areaCondition(exchangemachine, 't', scopeOf(ctx), 'read');
      return ctx.db.query(sql`select t.id, t.name, t.equipid, t.goodsplace, t.varea_id as "vareaId", v.name as "vareaName",
          t.longitude::float8 as longitude, t.latitude::float8 as latitude, t.online_state as "onlineState", t.items_left as "itemsLeft"
        from exchange_machine t join area_compound v on v.id = t.varea_id
        where ${scopeCondition('t', ctx.tenantId)} ${inAreas ? sql`and ${inAreas}` : sql``} order by t.name, t.id`);
    },
  });

  registry.add({
    service: exchangemachine.name, method: 'ExchangeMachine_UpShelves', verb: 'POST', access, parameters: ['id', 'slotNo', 'goodsId', 'quantity'],
    summary: 'Load goods into a slot, taken from the central store\'s stock; a slot holds one kind of goods',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const machine = await machineToChange(ctx, tx, input);
      const slotNo = input.requiredInt('slotNo', { min: 1, max: 60 });
      const goodsId = input.requiredInt('goodsId', { min: 1 });
      const quantity = input.requiredInt('quantity', { min: 1, max: 100 });
      const slot = await lockSlot(tx, machine.id, slotNo);
      if (!slot) throw refuse(ctx, 'slotNo', 'noSuchSlot', { slot: slotNo });
      if (slot.goodsId !== null && slot.goodsId !== goodsId && slot.quantity > 0) throw refuse(ctx, 'goodsId', 'slotHoldsOther', { slot: slotNo });
      if (slot.quantity + quantity > slot.capacity) throw refuse(ctx, 'quantity', 'slotFull', { room: slot.capacity - slot.quantity });
      const taken = await tx.query(sql`update goods t set stock = stock - ${quantity}
        where t.id = ${goodsId} and ${scopeCondition('t', ctx.tenantId)} and t.on_shelf and t.stock >= ${quantity} returning t.id`);
      if (taken.length === 0) {
        const [goods] = await tx.query<{ stock: number; onShelf: boolean }>(sql`select t.stock, t.on_shelf as "onShelf" from goods t
          where t.id = ${goodsId} and ${scopeCondition('t', ctx.tenantId)}`);
        if (!goods) throw refuse(ctx, 'goodsId', 'noSuchGoods');
        if (!goods.onShelf) throw refuse(ctx, 'goodsId', 'goodsOffShelf');
        throw refuse(ctx, 'quantity', 'stockShort', { stock: Number(goods.stock) });
      }
      await tx.query('update exchange_slot set goods_id = $3, quantity = quantity + $4 where machine_id = $1 and slot_no = $2',
        [machine.id, slotNo, goodsId, quantity]);
      return slotsChanged(ctx, tx, machine.id);
    }),
  });

  registry.add({
    service: exchangemachine.name, method: 'getExchangeMachine_del', verb: 'GET', access, parameters: ['id', 'slotNo', 'quantity'],
    summary: 'Take goods out of a slot (all that are not held, or `quantity`) and put them back in the central store',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const machine = await machineToChange(ctx, tx, input);
      const slotNo = input.requiredInt('slotNo', { min: 1, max: 60 });
      const slot = await lockSlot(tx, machine.id, slotNo);
      if (!slot) throw refuse(ctx, 'slotNo', 'noSuchSlot', { slot: slotNo });
      const free = slot.quantity - slot.held;
      const quantity = input.optionalInt('quantity', { min: 1, max: 100 }) ?? free;
      if (quantity === 0 || quantity > free) throw refuse(ctx, 'quantity', 'slotFree', { free, held: slot.held });
      await tx.query(`update exchange_slot set quantity = quantity - $3,
          goods_id = case when quantity - $3 = 0 and held = 0 then null else goods_id end where machine_id = $1 and slot_no = $2`,
      [machine.id, slotNo, quantity]);
      await tx.query('update goods set stock = stock + $2 where id = $1', [slot.goodsId, quantity]);
      return slotsChanged(ctx, tx, machine.id);
    }),
  });
}

export const machineModule = defineModule({ resource: exchangemachine, hooks: machineHooks, methods: registerMachineMethods });
