/**
 * Redeeming points at an exchange machine, in two phases. The hold moves the price from the household into the
 * ledger's holds account and promises one item of the slot (`held`); settling moves it on to the redeemed account and
 * takes the item out of the slot (dispensed), or gives both back (failed, or no word within HOLD_SECONDS). Locks are
 * always taken in the same order (machine, hold, slot, household, the scheme's accounts), so concurrent redemptions wait for
 * each other and never deadlock; the last item or the last points go to whoever locks first, and the other is refused.
 */
import type { FastifyInstance } from 'fastify';
import { exchangeHoldState, pointsAccountKind, pointsReason, schemeUserStatus } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import { propertyOf } from '../../../shared/json';
import {
  HOLD_PATH, HOLD_SECONDS, MACHINE_REQUEST_ID, SETTLE_PATH, type HoldAnswer, type HoldRequest, type SettleRequest,
} from '../../../shared/recycling';
import { DEFAULT_LANGUAGE, pick, type Language } from '../../../shared/resource-kit';
import type { ResourceServices, ServiceContext } from '../../crud/engine';
import type { Db } from '../../db/database';
import type { Services } from '../../http/context';
import { resolveLanguage } from '../../http/culture';
import { sendSuccess } from '../../http/envelope';
import { AppError, errors, type ValidationErrorInfo } from '../../http/errors';
import { epochOf, instantText } from '../../time';
import { ACTIVE_TENANT, deviceKeyHash, systemContext, throttledDeviceRequest, unknownDevice } from './device';
import { post } from './ledger';
import { lockMachine, lockSlot, slotsChanged } from './machines';
import type { TextsOf } from '../../../shared/locales';

type Outcome = 'dispensed' | 'failed' | 'expired';
const STATE_OF: Record<Outcome, number> = {
  dispensed: exchangeHoldState.dispensed, failed: exchangeHoldState.failed, expired: exchangeHoldState.expired,
};

interface HoldRow {
  id: number; tenantId: number | null; machineId: number; slotNo: number; requestId: string; householdId: number; cardNo: string;
  goodsId: number; goodsName: string; points: number; state: number; expiresAt: string; expired: boolean; balance: number;
}

const HOLD_COLUMNS = `h.id, h.tenant_id as "tenantId", h.machine_id as "machineId", h.slot_no as "slotNo", h.request_id as "requestId",
  h.household_id as "householdId", u.card_no as "cardNo", h.goods_id as "goodsId", g.name as "goodsName", h.points, h.state,
  h.expires_at as "expiresAt", coalesce(u.points, 0) as balance`;
// A hold ends whatever became of its household, goods or machine since: it reads them where they are, and needs none.
const HOLD_FROM = 'from exchange_hold h left join scheme_user u on u.id = h.household_id left join goods g on g.id = h.goods_id';

/** The hold row alone is locked (`of h`): the household and goods are only read here. `now` says whether its time is up. */
async function lockHold(tx: Db, now: number, where: string, params: unknown[], skipLocked = false): Promise<HoldRow | null> {
  const [row] = await tx.query<Omit<HoldRow, 'expired'>>(`select ${HOLD_COLUMNS} ${HOLD_FROM} where ${where} for update of h${skipLocked ? ' skip locked' : ''}`, params);
  if (!row) return null;
  return {
    ...row, id: Number(row.id), tenantId: row.tenantId === null ? null : Number(row.tenantId), machineId: Number(row.machineId),
    slotNo: Number(row.slotNo), householdId: Number(row.householdId), goodsId: Number(row.goodsId), points: Number(row.points),
    state: Number(row.state), balance: Number(row.balance), expired: epochOf(row.expiresAt) < now,
  };
}

const answerOf = (row: HoldRow, replayed: boolean): HoldAnswer => ({
  holdId: row.id, requestId: row.requestId, state: row.state, slotNo: row.slotNo, goodsId: row.goodsId, goodsName: row.goodsName,
  points: row.points, balance: row.balance, expiresAt: row.expiresAt, replayed,
});

const refuse = (language: Language, member: string, key: keyof TextsOf<'recycling'>, values: Record<string, string> = {}) =>
  errors.invalid(language, member, translate(language, `recycling.${key}`, values));

/** Takes the slot's item and the household's points for the redemption, or refuses with the reason. */
async function hold(ctx: ServiceContext, tx: Db, machineId: number, request: HoldRequest): Promise<HoldAnswer> {
  const { language } = ctx;
  const slot = await lockSlot(tx, machineId, request.slotNo);
  if (!slot) throw refuse(language, 'slotNo', 'noSuchSlot', { slot: String(request.slotNo) });
  // Asked again (the machine did not get the answer): the same redemption, unless the id now means another one.
  const before = await lockHold(tx, ctx.clock.now(), 'h.machine_id = $1 and h.request_id = $2', [machineId, request.requestId]);
  if (before) {
    if (before.slotNo !== request.slotNo || before.cardNo !== request.cardNo) {
      throw new AppError(409, translate(language, 'recycling.requestIdReused'), null, [{ message: translate(language, 'recycling.requestIdReused'), members: ['requestId'] }], false, 409);
    }
    return answerOf(before, true);
  }
  const [household] = await tx.query<{ id: number }>(`select id from scheme_user where card_no = $1 and tenant_id is not distinct from $2
    and not is_deleted and status = ${schemeUserStatus.active}`, [request.cardNo, ctx.tenantId]);
  if (!household) throw refuse(language, 'cardNo', 'unknownCard');
  if (slot.goodsId === null || slot.quantity - slot.held < 1) throw refuse(language, 'slotNo', 'slotEmpty', { slot: String(request.slotNo) });
  // Shared lock: the goods cannot be deleted while this hold is being made (see refuseWhileRedeeming).
  const [goods] = await tx.query<{ price: number; onShelf: boolean }>(
    'select points_price as price, on_shelf as "onShelf" from goods where id = $1 and not is_deleted for share', [slot.goodsId]);
  if (!goods) throw refuse(language, 'slotNo', 'noSuchGoods');
  if (!goods.onShelf) throw refuse(language, 'slotNo', 'goodsOffShelf');
  const price = Number(goods.price);
  const held = await post(ctx, tx, {
    requestId: `hold-${machineId}-${request.requestId}`, origin: 'server', reason: pointsReason.hold,
    legs: [{ household: Number(household.id), amount: -price }, { account: pointsAccountKind.holds, amount: price }],
  });
  await tx.query('update exchange_slot set held = held + 1 where machine_id = $1 and slot_no = $2', [machineId, request.slotNo]);
  // A hold's time runs on the server's clock, like every other time of the server's.
  const now = ctx.clock.now();
  const [{ id }] = await tx.query<{ id: number }>(`insert into exchange_hold
      (tenant_id, machine_id, slot_no, request_id, household_id, goods_id, points, hold_posting_id, creation_time, expires_at)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
  [ctx.tenantId, machineId, request.slotNo, request.requestId, household.id, slot.goodsId, price, held.id, instantText(now), instantText(now + HOLD_SECONDS * 1000)]);
  await slotsChanged(ctx, tx, machineId);
  return answerOf((await lockHold(tx, now, 'h.id = $1', [id]))!, false);
}

/** Ends a hold that is still held (the caller locked it): the item is paid for and gone, or everything goes back. */
async function settle(ctx: ServiceContext, tx: Db, row: HoldRow, outcome: Outcome, failure: string | null): Promise<HoldAnswer> {
  await lockSlot(tx, row.machineId, row.slotNo);
  const legs = outcome === 'dispensed'
    ? [{ account: pointsAccountKind.holds, amount: -row.points }, { account: pointsAccountKind.redeemed, amount: row.points }]
    : [{ household: row.householdId, amount: row.points }, { account: pointsAccountKind.holds, amount: -row.points }];
  const ended = await post(ctx, tx, {
    requestId: `hold-${row.id}-end`, origin: 'server', reason: outcome === 'dispensed' ? pointsReason.exchange : pointsReason.release, legs,
    givesBack: outcome !== 'dispensed',
  });
  const taken = outcome === 'dispensed' ? 1 : 0;
  await tx.query(`update exchange_slot set quantity = quantity - $3, held = held - 1,
      goods_id = case when quantity - $3 = 0 and held = 1 then null else goods_id end where machine_id = $1 and slot_no = $2`,
  [row.machineId, row.slotNo, taken]);
  const now = ctx.clock.now();
  await tx.query('update exchange_hold set state = $2, end_posting_id = $3, failure = $4, resolved_at = $5 where id = $1',
    [row.id, STATE_OF[outcome], ended.id, failure, instantText(now)]);
  await slotsChanged(ctx, tx, row.machineId);
  return answerOf((await lockHold(tx, now, 'h.id = $1', [row.id]))!, false);
}

/** Holds a sweep reads at a time. */
const SWEEP_PAGE = 500;

/** What a sweep of the holds did: holds released, and holds it could not release (each logged, tried again next sweep). */
export interface HoldSweep { released: number; failed: number }

/**
 * Releases holds no machine settled in time, each in a transaction of its own: one that cannot be released is
 * logged, counted and left for the next sweep, and never keeps the others waiting. Instances sweep side by side: a
 * hold one of them is settling is skipped, and each is checked again once locked. `now` (an instant of the server's
 * clock, which times the holds) lets tests sweep from the future.
 */
export async function releaseExpiredHolds(services: Services, resources: ResourceServices, now = services.clock.now(),
  onFailure: (holdId: number, error: unknown) => void = () => undefined): Promise<HoldSweep> {
  const outcome: HoldSweep = { released: 0, failed: 0 };
  // By pages in id order, so that a page of holds that keep failing cannot hide the ones after it.
  for (let after = 0; ;) {
    const due = await services.db.query<{ id: number; machineId: number }>(`select id, machine_id as "machineId" from exchange_hold
      where state = ${exchangeHoldState.held} and expires_at < $1 and id > $2 order by id limit ${SWEEP_PAGE}`, [instantText(now), after]);
    for (const { id, machineId } of due) {
      after = Number(id);
      try {
        outcome.released += await services.db.transaction(async (tx) => {
          await lockMachine(tx, machineId);
          const row = await lockHold(tx, now, `h.id = $1 and h.state = ${exchangeHoldState.held}`, [id], true);
          if (!row) return 0;
          await settle(await systemContext(services, resources, tx, row.tenantId, DEFAULT_LANGUAGE), tx, row, 'expired', null);
          return 1;
        });
      } catch (error) {
        outcome.failed += 1;
        onFailure(Number(id), error);
      }
    }
    if (due.length < SWEEP_PAGE) return outcome;
  }
}

function validate(body: unknown, language: Language, rules: Record<string, (value: unknown) => boolean>): ValidationErrorInfo[] {
  return Object.entries(rules).filter(([member, ok]) => !ok(propertyOf(body, member)))
    .map(([member]) => ({ message: translate(language, 'recycling.dropOffInvalid', { field: member }), members: [member] }));
}

const isRequestId = (v: unknown) => typeof v === 'string' && MACHINE_REQUEST_ID.test(v);

/** The machine behind the key, marked as heard from; its row stays locked, so one machine's calls take turns. */
async function machineOf(tx: Db, keyHash: string): Promise<{ id: number; tenantId: number | null } | null> {
  const [row] = await tx.query<{ id: number; tenantId: number | null }>(`update exchange_machine m set online_state = 0, last_seen = now()
    where m.device_key_hash = $1 and not m.is_deleted and ${ACTIVE_TENANT('m')} returning m.id, m.tenant_id as "tenantId"`, [keyHash]);
  return row ? { id: Number(row.id), tenantId: row.tenantId === null ? null : Number(row.tenantId) } : null;
}

/** A late report of an item dispensed after the hold was released: the hold stays as it ended, the machine is told. */
const alreadyEnded = (language: Language, state: number) => new AppError(409,
  translate(language, 'recycling.holdEnded', { state: pick(exchangeHoldState.options.find((o) => o.value === state)!.label, language) }), null, null, false, 409);

export function mountExchangeDevice(server: FastifyInstance, services: Services, resources: ResourceServices): void {
  server.post(HOLD_PATH, async (request, reply) => {
    const language = resolveLanguage(request);
    const keyHash = deviceKeyHash(request, language);
    const problems = validate(request.body, language, {
      requestId: isRequestId,
      cardNo: (v) => typeof v === 'string' && /^[0-9A-Za-z]{6,32}$/.test(v),
      slotNo: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 60,
    });
    const answer = await throttledDeviceRequest(services, request, keyHash, language, () => services.db.transaction(async (tx) => {
      const machine = await machineOf(tx, keyHash);
      if (!machine) throw unknownDevice(language);
      if (problems.length > 0) throw errors.validation(language, problems);
      const ctx = await systemContext(services, resources, tx, machine.tenantId, language, request);
      return hold(ctx, tx, machine.id, request.body as HoldRequest);
    }));
    return sendSuccess(reply, answer);
  });

  server.post(SETTLE_PATH, async (request, reply) => {
    const language = resolveLanguage(request);
    const keyHash = deviceKeyHash(request, language);
    const problems = validate(request.body, language, {
      requestId: isRequestId,
      outcome: (v) => v === 'dispensed' || v === 'failed',
      failure: (v) => v === undefined || v === null || (typeof v === 'string' && v.length <= 100),
    });
    const { answer, late } = await throttledDeviceRequest(services, request, keyHash, language, () => services.db.transaction(async (tx) => {
      const machine = await machineOf(tx, keyHash);
      if (!machine) throw unknownDevice(language);
      if (problems.length > 0) throw errors.validation(language, problems);
      const { requestId, outcome, failure } = request.body as SettleRequest;
      const row = await lockHold(tx, services.clock.now(), 'h.machine_id = $1 and h.request_id = $2', [machine.id, requestId]);
      if (!row) throw refuse(language, 'requestId', 'noSuchHold');
      const ctx = await systemContext(services, resources, tx, machine.tenantId, language, request);
      if (row.state === exchangeHoldState.held) {
        // Past its time the hold is released whatever the report says: the household got its points back.
        if (row.expired) return { answer: await settle(ctx, tx, row, 'expired', null), late: outcome === 'dispensed' };
        return { answer: await settle(ctx, tx, row, outcome, failure ?? null), late: false };
      }
      const same = row.state === STATE_OF[outcome] || (outcome === 'failed' && row.state === exchangeHoldState.expired);
      return { answer: answerOf(row, true), late: !same };
    }));
    // Committed above (a release stands); only then is the late report refused.
    if (late) throw alreadyEnded(language, answer.state);
    return sendSuccess(reply, answer);
  });
}
