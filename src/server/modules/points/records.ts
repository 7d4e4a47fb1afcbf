import { pointsAccountKind, pointsReason, pointsRuleMode, recordAudit, rubbishType1, rubbishType2 } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import { pick } from '../../../shared/resource-kit';
import { rblist } from '../../../shared/resources';
import { rubbishClassOf } from '../../../shared/resources/rblist';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import type { Row } from '../../crud/repository';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import type { CountedKg, RecordCountedPayload } from '../../../shared/live/events';
import { recordEvents } from '../events';
import { epochOf, instantValue } from '../../time';
import { sql } from '../../crud/sql';
import { post, reverse } from './ledger';

const records = (ctx: ServiceContext) => ctx.resources.of(rblist);
const AUDIT = { anyOf: [rblist.permission] };

/** A record's points are posted under ids derived from it, in the server's own namespace: approving twice can never award twice, and no caller's id can take them. */
const awardId = (recordId: number) => `record-${recordId}-award`;
const reversalId = (recordId: number) => `record-${recordId}-reversal`;

/** The tenant's day of a record's instant: the day it counts on, for its figures, its rule and its household's cap. */
const dayOfRecord = (ctx: ServiceContext, record: Row) => ctx.calendar.dayOf(epochOf(String(record.recordTime)));

/** The kilograms a record counts for in the scheme's figures, on its day: a rejected one counts for none. */
function countedKg(ctx: ServiceContext, row: Row | null): CountedKg | null {
  if (!row || row.auditStatus === recordAudit.rejected) return null;
  return { rubbishType1: Number(row.rubbishType1), day: dayOfRecord(ctx, row), kg: Number(row.weight) };
}

/** Tells live screens (the big-data screen's kilograms today) what a write changed in the record's counted kilograms. */
async function recordCounted(ctx: ServiceContext, tx: Db, id: number, before: Row | null, after: Row | null): Promise<void> {
  const payload: RecordCountedPayload = { id, before: countedKg(ctx, before), after: countedKg(ctx, after) };
  if (JSON.stringify(payload.before) === JSON.stringify(payload.after)) return;
  await recordEvents(ctx, tx, [{ type: 'recycling.record', topic: 'recycling', payload }]);
}

const recordHooks: ResourceHooks<typeof rblist> = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing && existing.auditStatus !== recordAudit.pending) {
      throw errors.invalid(ctx.language, 'auditStatus', translate(ctx.language, 'recycling.recordLocked'));
    }
    if (values.rubbishType2) values.rubbishType1 = rubbishClassOf(values.rubbishType2) as typeof values.rubbishType1;
    // The record sits where its household lives.
    const [home] = await tx.query<Record<'qareaId' | 'sareaId' | 'careaId' | 'vareaId', number>>(
      `select qarea_id as "qareaId", sarea_id as "sareaId", carea_id as "careaId", varea_id as "vareaId" from scheme_user where id = $1`,
      [values.householdId ?? existing?.householdId]);
    Object.assign(values, Object.fromEntries(Object.entries(home).map(([k, v]) => [k, Number(v)])));
  },
  async afterWrite(ctx, tx, row, _input, existing) {
    await recordCounted(ctx, tx, Number(row.id), existing, row);
  },
  async beforeDelete(ctx, tx, row) {
    if (row.auditStatus !== recordAudit.pending) throw errors.invalid(ctx.language, 'auditStatus', translate(ctx.language, 'recycling.recordLocked'));
    await recordCounted(ctx, tx, Number(row.id), row, null);
  },
};

interface RuleInForce { id: number; version: number; mode: number; points: number; daily_cap: number | null }

/**
 * The rule of the record's kind of waste in force at the record's time, in the version then in force: each version of
 * a rule holds from its writing until the next one is written (the first also before it, back to its first valid
 * day), so a record earns the terms of its time however the rule was edited before its approval. Among the rules
 * valid on the record's day (the tenant's day of its instant: validity is in days of the tenant's calendar) and not
 * deleted by then, the latest to start wins.
 */
async function ruleFor(ctx: ServiceContext, tx: Db, record: Row): Promise<RuleInForce | null> {
  const at = String(record.recordTime);
  const rows = await tx.query<RuleInForce>(
    `with in_force as (
       select distinct on (r.id) r.id, v.version, v.terms from points_rule r join points_rule_version v on v.rule_id = r.id
        where r.tenant_id is not distinct from $1 and (not r.is_deleted or r.deletion_time > $4::timestamptz)
        order by r.id, v.creation_time <= $4::timestamptz desc,
                 case when v.creation_time <= $4::timestamptz then v.version else -v.version end desc)
     select id, version, (terms->>'mode')::int as mode, (terms->>'points')::int as points, (terms->>'dailyCap')::int as daily_cap
       from in_force
      where (terms->>'rubbishType2')::int = $2 and (terms->>'validFrom')::date <= $3::date
        and (terms->>'validTo' is null or (terms->>'validTo')::date >= $3::date)
      order by (terms->>'validFrom')::date desc, id desc limit 1`,
    [ctx.tenantId, record.rubbishType2, dayOfRecord(ctx, record), at]);
  return rows[0] ?? null;
}

/**
 * What a rule awards for a record, within what its household has left of the day's cap for that rule: the points of
 * its approved records of the same day of the tenant's calendar, read as the instants of that day.
 */
async function pointsFor(ctx: ServiceContext, tx: Db, rule: RuleInForce, record: Row): Promise<number> {
  const earned = rule.mode === pointsRuleMode.perKg ? Math.floor(Number(record.weight) * rule.points + 1e-9) : Number(rule.points);
  if (rule.daily_cap === null) return earned;
  const day = dayOfRecord(ctx, record);
  const { start, end } = ctx.calendar.span(day, day);
  const [{ used }] = await tx.query<{ used: number }>(sql`
    select coalesce(sum(points), 0)::int as used from recycling_record
     where household_id = ${record.householdId} and rule_id = ${rule.id} and audit_status = ${recordAudit.approved} and not is_deleted
       and record_time >= ${instantValue(start)} and record_time < ${instantValue(end)} and id <> ${record.id}`);
  return Math.max(0, Math.min(earned, Number(rule.daily_cap) - Number(used)));
}

/** Approves a pending record and awards its points, in one transaction. */
export async function approve(ctx: ServiceContext, tx: Db, id: number): Promise<Row> {
  const record = await records(ctx).get(ctx, tx, id);
  // One approval at a time per household: the day's cap is counted without a race.
  await tx.query('select id from scheme_user where id = $1 for update', [record.householdId]);
  const current = await records(ctx).get(ctx, tx, id);
  if (current.auditStatus !== recordAudit.pending) throw errors.invalid(ctx.language, 'auditStatus', translate(ctx.language, 'recycling.recordLocked'));
  const rule = await ruleFor(ctx, tx, current);
  const points = rule ? await pointsFor(ctx, tx, rule, current) : 0;
  if (rule && points > 0) {
    await post(ctx, tx, {
      requestId: awardId(id), origin: 'server', reason: pointsReason.recordApproved, recordId: id, ruleId: rule.id, ruleVersion: rule.version,
      legs: [{ household: Number(current.householdId), amount: points }, { account: pointsAccountKind.pool, amount: -points }],
    });
  }
  return records(ctx).setFields(ctx, tx, id, { auditStatus: recordAudit.approved, points, ruleId: rule?.id ?? null, ruleVersion: rule?.version ?? null });
}

/** Rejects a record with a reason; an approved one gives its points back in the same transaction. */
async function reject(ctx: ServiceContext, tx: Db, id: number, reason: string): Promise<Row> {
  const record = await records(ctx).get(ctx, tx, id);
  await tx.query('select id from scheme_user where id = $1 for update', [record.householdId]);
  const current = await records(ctx).get(ctx, tx, id);
  if (current.auditStatus === recordAudit.rejected) throw errors.invalid(ctx.language, 'auditStatus', translate(ctx.language, 'recycling.recordLocked'));
  if (current.auditStatus === recordAudit.approved && Number(current.points) > 0) {
    // Found by what it is, not by its id: awards posted before the server's ids had a namespace of their own keep theirs.
    const [award] = await tx.query<{ id: number }>(`select id from points_postings where tenant_id is not distinct from $1 and record_id = $2
      and reason = ${pointsReason.recordApproved} and reverses_id is null order by id limit 1`, [ctx.tenantId, id]);
    await reverse(ctx, tx, Number(award.id), reversalId(id), reason);
  }
  await recordCounted(ctx, tx, id, current, null);
  return records(ctx).setFields(ctx, tx, id, { auditStatus: recordAudit.rejected, rejectReason: reason });
}

function registerRecordMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: rblist.name, method: 'Approve', verb: 'POST', access: AUDIT, parameters: ['id'],
    summary: 'Approves a pending record and awards the points of the rule, in the version, in force at its time',
    handler: (ctx, input) => ctx.db.transaction((tx) => approve(ctx, tx, input.requiredInt('id', { min: 1 }))),
  });
  registry.add({
    service: rblist.name, method: 'Reject', verb: 'POST', access: AUDIT, parameters: ['id', 'reason'],
    summary: 'Rejects a record with a reason; the points of an approved one are taken back',
    handler: (ctx, input) => ctx.db.transaction((tx) => reject(ctx, tx, input.requiredInt('id', { min: 1 }), input.requiredString('reason', 200))),
  });
  const listOf = (options: typeof rubbishType1.options | typeof rubbishType2.options, ctx: ServiceContext) =>
    options.map((o) => ({ value: o.value, name: pick(o.label, ctx.language) }));
  registry.add({
    service: rblist.name, method: 'GetRubbishType1', verb: 'GET', access: 'user', summary: 'The four classes of GB/T 19095-2019',
    handler: async (ctx) => listOf(rubbishType1.options, ctx),
  });
  registry.add({
    service: rblist.name, method: 'GetRubbishType2', verb: 'GET', access: 'user', parameters: ['type1'],
    summary: 'The sub-classes of GB/T 19095-2019, of one class when `type1` is given',
    handler: async (ctx, input) => {
      const type1 = input.optionalInt('type1', { min: 1, max: 4 });
      return listOf(rubbishType2.options.filter((o) => type1 === undefined || rubbishClassOf(o.value) === type1), ctx);
    },
  });
}

export const recordModule = defineModule({ resource: rblist, hooks: recordHooks, methods: registerRecordMethods });
