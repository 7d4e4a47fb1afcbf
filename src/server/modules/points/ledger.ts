// Postings to the points ledger: each one at most once (by its sender's request id), all its legs or none, no balance
// below zero, nothing ever changed afterwards. The database enforces the same (migration 0020); a posting that cannot
// be made writes nothing, and this module then says why, so that a refusal is a clear answer and not a failed statement.
import crypto from 'node:crypto';
import { pointsAccountKind, pointsReason } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import type { PointsBalancePayload } from '../../../shared/live/events';
import { hotStatement, type Db } from '../../db/database';
import { recordEvents } from '../events';
import type { RequestContext } from '../../http/context';
import { AppError, errors } from '../../http/errors';

type Reason = (typeof pointsReason.options)[number]['value'];
type AccountKind = (typeof pointsAccountKind.options)[number]['value'];

/** One side of a posting: a household's points or one of the scheme's accounts, up or down. */
export type Leg = { household: number; amount: number } | { account: AccountKind; amount: number };

/**
 * Who chose a posting's request id: a caller (a clerk's adjustment) or the server, deriving it from what the posting is
 * for (a record's award, a redemption's hold). The two are separate namespaces, so that no id a caller sends can ever
 * take one the server will need.
 */
export type RequestOrigin = 'caller' | 'server';

export interface PostingRequest {
  /** Chosen by the sender; a retry with the same id is answered with the first posting, never posted again. */
  requestId: string;
  origin: RequestOrigin;
  reason: Reason;
  legs: readonly Leg[];
  remark?: string | null;
  recordId?: number | null;
  ruleId?: number | null;
  ruleVersion?: number | null;
  /** The posting this one reverses (each posting is reversed at most once). */
  reverses?: number | null;
  /**
   * Points going back to the household they were taken from (a redemption's hold released): posted even if the
   * household was deleted since, so that the hold can always end and the books stay whole.
   */
  givesBack?: boolean;
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

/** Makes the tenant's scheme accounts that do not exist yet (its first postings); concurrent makers wait for each other. */
async function openAccounts(tx: Db, tenantId: number | null, kinds: readonly AccountKind[]): Promise<void> {
  await tx.query(`insert into points_accounts (tenant_id, kind) select $1, k from unnest($2::smallint[]) k
    on conflict ((coalesce(tenant_id, 0)), kind) do nothing`, [tenantId, [...kinds]]);
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
 * A posting in one round trip, writing nothing unless all of it can be written: not when its request id was posted
 * before (`seen`), not when one of its accounts is missing, not when the household's balance would go below zero. The
 * household's row lock is the only one taken (the accounts keep no running balance), so postings cannot deadlock.
 * Two transactions posting the same new request id both move the balance; the second's insert then waits for the
 * first and, once it commits, inserts nothing: `balance` without `id` tells the caller to undo its move.
 */
const POST = hotStatement('points.post', `
  with seen as (
    select id, fingerprint from points_postings where coalesce(tenant_id, 0) = coalesce($1::int, 0) and server_made = $15 and request_id = $2
  ), accounts as (
    select a.id, l.amount from unnest($13::smallint[], $14::bigint[]) as l(kind, amount)
      join points_accounts a on coalesce(a.tenant_id, 0) = coalesce($1::int, 0) and a.kind = l.kind
  ), ready as (
    select not exists (select from seen) and (select count(*) from accounts) = cardinality($13::smallint[]) as ok
  ), moved as (
    update scheme_user set points = points + $12::bigint
     where id = $11::bigint and tenant_id is not distinct from $1::int and (not is_deleted or $16::boolean) and points + $12::bigint >= 0
       and (select ok from ready)
    returning points
  ), posting as (
    insert into points_postings (tenant_id, request_id, fingerprint, reason, reverses_id, record_id, rule_id, rule_version, remark, operator_user_id, server_made)
    select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $15
     where (select ok from ready) and ($11::bigint is null or exists (select from moved))
    on conflict ((coalesce(tenant_id, 0)), server_made, request_id) do nothing
    returning id, creation_time
  ), entries as (
    insert into points_entries (tenant_id, posting_id, household_id, account_id, amount, balance_after)
    select $1, p.id, $11, null, $12, m.points from posting p, moved m
    union all
    select $1, p.id, null, a.id, a.amount, null from posting p, accounts a
  )
  select p.id, p.creation_time, (select points from moved) as balance, (select count(*) from accounts)::int as accounts,
         (select id from seen) as seen_id, (select fingerprint from seen) as seen_fingerprint
    from (select) one left join posting p on true`);

interface PostRow {
  id: number | null; creation_time: string | null; balance: number | null; accounts: number;
  seen_id: number | null; seen_fingerprint: string | null;
}

/** Posts in the caller's transaction, all of it or nothing; a retry of a posted request id answers that posting. */
export async function post(ctx: RequestContext, tx: Db, request: PostingRequest): Promise<Posting> {
  if (request.legs.reduce((sum, l) => sum + l.amount, 0) !== 0 || request.legs.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0)) {
    throw new Error(`A points posting must balance, with whole non-zero legs: ${JSON.stringify(request.legs)}`);
  }
  const households = request.legs.filter((l): l is Extract<Leg, { household: number }> => 'household' in l);
  const accounts = request.legs.filter((l): l is Extract<Leg, { account: AccountKind }> => 'account' in l);
  // Every kind of posting moves one household's points against the scheme's accounts; one household row is also what
  // keeps concurrent postings free of deadlocks.
  if (households.length > 1) throw new Error(`A points posting moves one household's points: ${JSON.stringify(request.legs)}`);
  const household = households[0] ?? null;
  const fingerprint = fingerprintOf(request);
  const operator = ctx.session?.userId ?? null;
  const attempt = () => tx.query<PostRow>(POST, [ctx.tenantId, request.requestId, fingerprint, request.reason, request.reverses ?? null,
    request.recordId ?? null, request.ruleId ?? null, request.ruleVersion ?? null, request.remark ?? null, operator,
    household?.household ?? null, household?.amount ?? null, accounts.map((a) => a.account), accounts.map((a) => a.amount),
    request.origin === 'server', request.givesBack ?? false]);
  let [row] = await attempt();
  if (row.id === null && row.seen_id === null && row.accounts < accounts.length) {
    await openAccounts(tx, ctx.tenantId, accounts.map((a) => a.account));
    [row] = await attempt();
  }
  if (row.id === null) return postedBefore(ctx, tx, request, fingerprint, row, household);
  const balance = row.balance === null ? null : Number(row.balance);
  const entries: Entry[] = [
    ...(household ? [{ householdId: household.household, account: null, amount: household.amount, balanceAfter: balance }] : []),
    ...accounts.map((a) => ({ householdId: null, account: a.account, amount: a.amount, balanceAfter: null })),
  ];
  const posting: Posting = {
    id: Number(row.id), requestId: request.requestId, reason: request.reason, remark: request.remark ?? null, recordId: request.recordId ?? null,
    ruleId: request.ruleId ?? null, ruleVersion: request.ruleVersion ?? null, reversesId: request.reverses ?? null,
    operatorUserId: operator, creationTime: row.creation_time!, entries, replayed: false,
  };
  // Screens showing a balance (households, a machine's redemptions) follow it live; the big-data screen adds up the moves.
  if (household) {
    await recordEvents(ctx, tx, [{
      type: 'points.balance', topic: 'recycling',
      payload: { householdId: household.household, points: balance!, amount: household.amount, reason: request.reason } satisfies PointsBalancePayload,
    }]);
  }
  return posting;
}

/**
 * Why nothing was posted: the request id had been (answer that posting, or refuse a reused id), or the household's
 * points could not move (no such household, or too few points).
 */
async function postedBefore(ctx: RequestContext, tx: Db, request: PostingRequest, fingerprint: string, row: PostRow,
  household: { household: number; amount: number } | null): Promise<Posting> {
  let first = row.seen_id === null ? null : { id: Number(row.seen_id), fingerprint: row.seen_fingerprint! };
  if (first === null && (row.balance !== null || household === null)) {
    // A concurrent posting of the same request id committed first: take back this one's move and answer that one.
    if (household) await tx.query('update scheme_user set points = points - $1 where id = $2', [household.amount, household.household]);
    [first] = await tx.query<{ id: number; fingerprint: string }>(
      'select id, fingerprint from points_postings where coalesce(tenant_id, 0) = coalesce($1::int, 0) and server_made = $3 and request_id = $2',
      [ctx.tenantId, request.requestId, request.origin === 'server']);
  }
  if (first) {
    if (first.fingerprint !== fingerprint) throw reusedId(ctx);
    return readPosting(tx, Number(first.id), true);
  }
  const exists = await tx.query<{ points: number }>('select points from scheme_user where id = $1 and tenant_id is not distinct from $2 and not is_deleted',
    [household?.household ?? null, ctx.tenantId]);
  if (exists.length === 0) throw errors.invalid(ctx.language, 'householdId', translate(ctx.language, 'recycling.noHousehold'));
  throw errors.invalid(ctx.language, 'points', translate(ctx.language, 'recycling.notEnough', { balance: String(Number(exists[0].points)) }));
}

/** A posting undone by its mirror image, once: a second reversal of the same posting is refused. `requestId` is the server's. */
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
  return post(ctx, tx, { requestId, origin: 'server', reason: pointsReason.reversal, legs, remark, recordId: posting.recordId, reverses: postingId });
}
