// Postings to the points ledger: each one at most once (by its sender's request id), all its legs or none, no balance
// below zero, nothing ever changed afterwards. The database enforces the same (migration 0020); this module asks first
// so that a refusal is a clear answer and not a failed statement.
import crypto from 'node:crypto';
import { pointsAccountKind, pointsReason } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import type { PointsBalancePayload } from '../../../shared/live/events';
import type { Db } from '../../db/database';
import { recordEvents } from '../events';
import type { RequestContext } from '../../http/context';
import { AppError, errors } from '../../http/errors';

type Reason = (typeof pointsReason.options)[number]['value'];
type AccountKind = (typeof pointsAccountKind.options)[number]['value'];

/** One side of a posting: a household's points or one of the scheme's accounts, up or down. */
export type Leg = { household: number; amount: number } | { account: AccountKind; amount: number };

export interface PostingRequest {
  /** Chosen by the sender; a retry with the same id is answered with the first posting, never posted again. */
  requestId: string;
  reason: Reason;
  legs: readonly Leg[];
  remark?: string | null;
  recordId?: number | null;
  ruleId?: number | null;
  ruleVersion?: number | null;
  /** The posting this one reverses (each posting is reversed at most once). */
  reverses?: number | null;
}

export interface Entry {
  householdId: number | null;
  account: AccountKind | null;
  amount: number;
  /** A household's balance after the entry (an account keeps none). */
  balanceAfter: number | null;
}

export interface Posting {
  id: number;
  requestId: string;
  reason: Reason;
  remark: string | null;
  recordId: number | null;
  ruleId: number | null;
  ruleVersion: number | null;
  reversesId: number | null;
  operatorUserId: number | null;
  creationTime: string;
  entries: Entry[];
  /** True when the request id had been posted before: this is that posting, unchanged. */
  replayed: boolean;
}

export const REQUEST_ID = /^[\w.:-]{8,64}$/;

/** What a request asks for, in a fixed order: its SHA-256 tells a true retry from a reused id. */
function fingerprintOf(request: PostingRequest): string {
  const legs = [...request.legs].map((l) => ('household' in l ? ['h', l.household, l.amount] : ['a', l.account, l.amount]))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const content = [request.reason, legs, request.remark ?? null, request.recordId ?? null, request.ruleId ?? null,
    request.ruleVersion ?? null, request.reverses ?? null];
  return crypto.createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** The tenant's account of a kind, made on first use. */
async function accountId(tx: Db, tenantId: number | null, kind: AccountKind): Promise<number> {
  const find = () => tx.query<{ id: number }>('select id from points_accounts where tenant_id is not distinct from $1 and kind = $2', [tenantId, kind]);
  let rows = await find();
  if (rows.length === 0) {
    await tx.query(`insert into points_accounts (tenant_id, kind) values ($1, $2) on conflict ((coalesce(tenant_id, 0)), kind) do nothing`, [tenantId, kind]);
    rows = await find();
  }
  return Number(rows[0].id);
}

interface PostingRow {
  id: number; request_id: string; fingerprint: string; reason: number; remark: string | null; record_id: number | null;
  rule_id: number | null; rule_version: number | null; reverses_id: number | null; operator_user_id: number | null; creation_time: string;
}

const nullableId = (v: number | string | null) => (v === null ? null : Number(v));

export async function readPosting(db: Db, id: number, replayed = false): Promise<Posting> {
  const [row] = await db.query<PostingRow>('select * from points_postings where id = $1', [id]);
  const entries = await db.query<{ household_id: number | null; kind: number | null; amount: number; balance_after: number | null }>(
    `select e.household_id, a.kind, e.amount, e.balance_after from points_entries e
       left join points_accounts a on a.id = e.account_id where e.posting_id = $1 order by e.id`, [id]);
  return {
    id: Number(row.id), requestId: row.request_id, reason: row.reason as Reason, remark: row.remark, recordId: nullableId(row.record_id),
    ruleId: nullableId(row.rule_id), ruleVersion: row.rule_version, reversesId: nullableId(row.reverses_id),
    operatorUserId: nullableId(row.operator_user_id), creationTime: row.creation_time,
    entries: entries.map((e) => ({
      householdId: nullableId(e.household_id), account: e.kind === null ? null : (Number(e.kind) as AccountKind),
      amount: Number(e.amount), balanceAfter: e.household_id === null ? null : Number(e.balance_after),
    })),
    replayed,
  };
}

/** The refusal of a request id already used for something else: the sender has a bug, and retrying will not help. */
const reusedId = (ctx: RequestContext) =>
  new AppError(409, translate(ctx.language, 'recycling.requestIdReused'), null, [{ message: translate(ctx.language, 'recycling.requestIdReused'), members: ['requestId'] }], false, 409);

/**
 * Posts in the caller's transaction. Legs are applied in a fixed order (households, then accounts, by id) so that
 * concurrent postings over the same balances wait for each other instead of deadlocking.
 */
export async function post(ctx: RequestContext, tx: Db, request: PostingRequest): Promise<Posting> {
  if (request.legs.reduce((sum, l) => sum + l.amount, 0) !== 0 || request.legs.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) {
    throw new Error(`A points posting must balance, with whole non-zero legs: ${JSON.stringify(request.legs)}`);
  }
  const fingerprint = fingerprintOf(request);
  const inserted = await tx.query<{ id: number; creation_time: string }>(
    `insert into points_postings (tenant_id, request_id, fingerprint, reason, reverses_id, record_id, rule_id, rule_version, remark, operator_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     on conflict ((coalesce(tenant_id, 0)), request_id) do nothing returning id, creation_time`,
    [ctx.tenantId, request.requestId, fingerprint, request.reason, request.reverses ?? null, request.recordId ?? null,
      request.ruleId ?? null, request.ruleVersion ?? null, request.remark ?? null, ctx.session?.userId ?? null]);
  if (inserted.length === 0) {
    const [first] = await tx.query<{ id: number; fingerprint: string }>(
      'select id, fingerprint from points_postings where tenant_id is not distinct from $1 and request_id = $2', [ctx.tenantId, request.requestId]);
    if (first.fingerprint !== fingerprint) throw reusedId(ctx);
    return readPosting(tx, Number(first.id), true);
  }
  const postingId = Number(inserted[0].id);
  const legs = await Promise.all(request.legs.map(async (l) => ('household' in l
    ? { household: l.household, account: null, kind: null, amount: l.amount }
    : { household: null, account: await accountId(tx, ctx.tenantId, l.account), kind: l.account, amount: l.amount })));
  legs.sort((a, b) => (a.household === null ? 1 : 0) - (b.household === null ? 1 : 0) || (a.household ?? a.account!) - (b.household ?? b.account!));
  const entries: Entry[] = [];
  for (const leg of legs) {
    let balance: number | null = null;
    if (leg.household !== null) {
      const updated = await tx.query<{ balance: number }>(`update scheme_user set points = points + $1 where id = $2 and tenant_id is not distinct from $3
          and not is_deleted and points + $1 >= 0 returning points as balance`, [leg.amount, leg.household, ctx.tenantId]);
      if (updated.length === 0) {
        const exists = await tx.query<{ points: number }>('select points from scheme_user where id = $1 and tenant_id is not distinct from $2 and not is_deleted', [leg.household, ctx.tenantId]);
        if (exists.length === 0) throw errors.invalid(ctx.language, 'householdId', translate(ctx.language, 'recycling.noHousehold'));
        throw errors.invalid(ctx.language, 'points', translate(ctx.language, 'recycling.notEnough', { balance: String(Number(exists[0].points)) }));
      }
      balance = Number(updated[0].balance);
    }
    // An account's leg leaves no balance behind: its balance is the sum of its entries (migration 0028).
    await tx.query(`insert into points_entries (tenant_id, posting_id, household_id, account_id, amount, balance_after)
      values ($1, $2, $3, $4, $5, $6)`, [ctx.tenantId, postingId, leg.household, leg.account, leg.amount, balance]);
    entries.push({ householdId: leg.household, account: leg.kind, amount: leg.amount, balanceAfter: balance });
  }
  // What was just written, as readPosting would read it back, without reading it back.
  const posting: Posting = {
    id: postingId, requestId: request.requestId, reason: request.reason, remark: request.remark ?? null, recordId: request.recordId ?? null,
    ruleId: request.ruleId ?? null, ruleVersion: request.ruleVersion ?? null, reversesId: request.reverses ?? null,
    operatorUserId: ctx.session?.userId ?? null, creationTime: inserted[0].creation_time, entries, replayed: false,
  };
  // Screens showing a balance (households, a machine's redemptions) follow it live; the big-data screen adds up the moves.
  await recordEvents(ctx, tx, posting.entries.filter((e) => e.householdId !== null).map((e) => ({
    type: 'points.balance', topic: 'recycling',
    payload: { householdId: e.householdId!, points: e.balanceAfter!, amount: e.amount, reason: request.reason } satisfies PointsBalancePayload,
  })));
  return posting;
}

/** A posting undone by its mirror image, once: a second reversal of the same posting is refused. */
export async function reverse(ctx: RequestContext, tx: Db, postingId: number, requestId: string, remark: string | null = null): Promise<Posting> {
  // Locking the original makes concurrent reversals of it wait for each other: the second sees the first.
  const original = await tx.query<{ id: number }>('select id from points_postings where id = $1 and tenant_id is not distinct from $2 for update', [postingId, ctx.tenantId]);
  if (original.length === 0) throw errors.notFound(ctx.language, 'Integral', postingId);
  const posting = await readPosting(tx, postingId);
  const done = await tx.query<{ request_id: string }>('select request_id from points_postings where reverses_id = $1', [postingId]);
  if (done.length > 0 && done[0].request_id !== requestId) {
    throw errors.invalid(ctx.language, 'id', translate(ctx.language, 'recycling.alreadyReversed'));
  }
  const legs: Leg[] = posting.entries.map((e) => (e.householdId !== null
    ? { household: e.householdId, amount: -e.amount } : { account: e.account!, amount: -e.amount }));
  return post(ctx, tx, { requestId, reason: pointsReason.reversal, legs, remark, recordId: posting.recordId, reverses: postingId });
}
