import { translate } from '../../../shared/locales';
import { inventory, transferorder } from '../../../shared/resources';
import { enterpriseCondition, scopeOf } from '../../crud/scope';
import { and, sql, tenantCondition, type Sql } from '../../crud/sql';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { declareStatus } from '../../../shared/enums';

const GRANULARITIES = ['day', 'week', 'month'] as const;
type Granularity = (typeof GRANULARITIES)[number];
const MAX_PERIODS = 400;

function optionalDate(ctx: RequestContext, input: Input, name: string): string | undefined {
  const value = input.optionalString(name, 30)?.slice(0, 10);
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw errors.invalid(ctx.language, name.charAt(0).toLowerCase() + name.slice(1), translate(ctx.language, 'validation.date', { field: name }));
  }
  return value;
}

/** Live, not voided orders the caller may see, planned within [Start, End]: the base of every statistic. */
function orderConditions(ctx: RequestContext, input: Input): Sql[] {
  const conditions = [tenantCondition('o', ctx.tenantId), sql`not o.is_deleted`, sql`o.declare_status <> ${declareStatus.voided}`];
  const owner = enterpriseCondition(transferorder, 'o', scopeOf(ctx));
  if (owner) conditions.push(owner);
  const start = optionalDate(ctx, input, 'Start');
  const end = optionalDate(ctx, input, 'End');
  if (start) conditions.push(sql`o.planned_date >= ${start}::date`);
  if (end) conditions.push(sql`o.planned_date <= ${end}::date`);
  const producerId = input.optionalInt('ProducerId', { min: 1 });
  if (producerId !== undefined) conditions.push(sql`o.producer_id = ${producerId}`);
  return conditions;
}

export function registerStatisticsMethods(registry: AppServiceRegistry): void {
  const service = transferorder.name;
  const access = { anyOf: [transferorder.permission, ...transferorder.sharedWith ?? [], 'Pages.BigData' as const] };

  registry.add({
    service, method: 'GetProductionWasteStatistics', verb: 'GET', access, parameters: ['Start', 'End', 'ProducerId'],
    summary: 'Orders and tonnes per waste code (voided orders excluded)',
    async handler(ctx, input) {
      const where = and(orderConditions(ctx, input));
      const items = await ctx.db.query(
        sql`select l.wastecode_id as "wastecodeId", w.code as "wastecodeName", count(distinct o.id)::int as "orderCount",
                coalesce(sum(l.quantity), 0)::float8 as quantity, coalesce(sum(l.received_quantity), 0)::float8 as "receivedQuantity"
           from transfer_order o join transfer_order_line l on l.order_id = o.id and not l.is_deleted
           left join waste_code w on w.id = l.wastecode_id
          where ${where}
          group by l.wastecode_id, w.code order by quantity desc, w.code`);
      return { items };
    },
  });

  registry.add({
    service, method: 'GetTransferOrderTimeStatistics', verb: 'GET', access, parameters: ['Start', 'End', 'Granularity', 'ProducerId'],
    summary: 'Orders and tonnes per day, week (from Monday) or month of the planned date, every period listed',
    async handler(ctx, input) {
      const start = optionalDate(ctx, input, 'Start');
      const end = optionalDate(ctx, input, 'End');
      if (!start) throw errors.invalid(ctx.language, 'start', translate(ctx.language, 'validation.required', { field: 'Start' }));
      if (!end) throw errors.invalid(ctx.language, 'end', translate(ctx.language, 'validation.required', { field: 'End' }));
      const granularity = (input.optionalString('Granularity', 10)?.toLowerCase() ?? 'day') as Granularity;
      if (!GRANULARITIES.includes(granularity)) throw errors.invalid(ctx.language, 'granularity', translate(ctx.language, 'validation.pattern', { field: 'Granularity' }));
      const days = (Date.parse(end) - Date.parse(start)) / 86_400_000;
      const periods = granularity === 'day' ? days : granularity === 'week' ? days / 7 : days / 30;
      if (days < 0 || periods > MAX_PERIODS) throw errors.invalid(ctx.language, 'end', translate(ctx.language, 'transferRules.range', { max: MAX_PERIODS }));
      const where = and(orderConditions(ctx, input));
      const unit = granularity;
      const items = await ctx.db.query(
        sql`with buckets as (
           select generate_series(date_trunc(${unit}, ${start}::date), date_trunc(${unit}, ${end}::date), ('1 ' || ${unit})::interval)::date as period),
         totals as (
           select date_trunc(${unit}, o.planned_date)::date as period, count(*)::int as orders, sum(o.total_quantity) as quantity,
                  sum((select sum(l.received_quantity) from transfer_order_line l where l.order_id = o.id and not l.is_deleted)) as received
             from transfer_order o where ${where} group by 1)
         select to_char(b.period, 'YYYY-MM-DD') as period, coalesce(t.orders, 0) as "orderCount",
                coalesce(t.quantity, 0)::float8 as quantity, coalesce(t.received, 0)::float8 as "receivedQuantity"
           from buckets b left join totals t on t.period = b.period order by b.period`);
      return { granularity, items };
    },
  });

  registry.add({
    service, method: 'GetInventoryByEfid', verb: 'GET', access: { anyOf: [...access.anyOf, inventory.permission] }, parameters: ['efid'],
    summary: 'Current stock of one enterprise per waste code',
    async handler(ctx, input) {
      const efid = input.requiredInt('efid', { min: 1 });
      const mine = ctx.session?.enterpriseIds;
      if (mine && !mine.includes(efid)) throw errors.notFound(ctx.language, 'EnterpriseInformation', efid);
      const { items } = await ctx.resources.of(inventory).list(ctx, new Input({ enterpriseId: efid, MaxResultCount: 1000, Sorting: 'id asc' }, ctx.language));
      return items;
    },
  });
}
