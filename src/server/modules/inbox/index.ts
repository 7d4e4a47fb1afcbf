import type { PermissionName } from '../../../shared/permissions';
import { annualmanagementplan, contract, transferorder } from '../../../shared/resources';
import { declareStatus, dispatchStatus, planStatus, signStatus } from '../../../shared/enums';
import { PARTY_FIELD, type OrderState, type Party } from '../../../shared/transfer/machine';
import { and, column, sql, tenantCondition, type Sql } from '../../crud/sql';
import type { AppServiceRegistry } from '../../http/app-services';
import { expiringContracts } from '../contracts';
import type { ServiceContext } from '../../crud/engine';

const RECORDS = 5;

export interface InboxKind {
  kind: string;
  count: number;
  records: { id: number; title: string; subtitle: string; date: string | null }[];
}

interface OrderKind {
  kind: string;
  permission: PermissionName;
  /** The party the caller's enterprises must fill. */
  party: Party;
  statuses: Partial<OrderState>;
}

// What awaits each party: the transporter dispatches, the receiver receives, the producer corrects what came back.
const ORDER_KINDS: OrderKind[] = [
  { kind: 'toDispatch', permission: transferorder.permission, party: 'transporter', statuses: { declareStatus: declareStatus.pending, dispatchStatus: dispatchStatus.pending, signStatus: signStatus.pending } },
  { kind: 'toReceive', permission: 'Pages.TransferReception', party: 'receiver', statuses: { declareStatus: declareStatus.pending, dispatchStatus: dispatchStatus.dispatched, signStatus: signStatus.pending } },
  { kind: 'returned', permission: transferorder.permission, party: 'producer', statuses: { declareStatus: declareStatus.pending, signStatus: signStatus.returned } },
];

/** Counts and the newest few rows of `table` under the conditions: one query for both. */
async function countAndNewest(ctx: ServiceContext, query: { from: Sql; where: Sql[]; select: Sql; order: Sql }) {
  const rows = await ctx.db.query<{ total: number; id: number; title: string; subtitle: string; date: string | null }>(
    sql`select count(*) over ()::int as total, ${query.select} from ${query.from} where ${and(query.where)} order by ${query.order} limit ${RECORDS}`);
  return { count: rows[0]?.total ?? 0, records: rows.map(({ total: _total, ...record }) => ({ ...record, id: Number(record.id) })) };
}

async function orderKind(ctx: ServiceContext, kind: OrderKind): Promise<InboxKind> {
  const where = [tenantCondition('o', ctx.tenantId), sql`not o.is_deleted`,
    ...Object.entries(kind.statuses).map(([field, value]) => sql`${column('o', field)} = ${value}`)];
  const mine = ctx.session?.enterpriseIds;
  if (mine) where.push(sql`${column('o', PARTY_FIELD[kind.party])} = any(${[...mine]}::bigint[])`);
  return {
    kind: kind.kind,
    ...await countAndNewest(ctx, {
      from: sql`transfer_order o join enterprise_information p on p.id = o.producer_id join enterprise_information r on r.id = o.receiver_id`,
      where, order: sql`o.planned_date, o.id`,
      select: sql`o.id, o.manifest_no as title, p.name || ' → ' || r.name as subtitle, o.planned_date as date`,
    }),
  };
}

async function returnedPlans(ctx: ServiceContext): Promise<InboxKind> {
  const where = [tenantCondition('p', ctx.tenantId), sql`not p.is_deleted`, sql`p.status = ${planStatus.returned}`];
  const mine = ctx.session?.enterpriseIds;
  if (mine) where.push(sql`p.enterprise_id = any(${[...mine]}::bigint[])`);
  return {
    kind: 'planReturned',
    ...await countAndNewest(ctx, {
      from: sql`annual_management_plan p join enterprise_information e on e.id = p.enterprise_id`, where, order: sql`p.id desc`,
      select: sql`p.id, coalesce(nullif(p.title, ''), e.name || ' ' || p.year) as title, e.name as subtitle, null::text as date`,
    }),
  };
}

async function contractsExpiring(ctx: ServiceContext): Promise<InboxKind> {
  const due = await expiringContracts(ctx, ctx.config.contractExpiryDays);
  return {
    kind: 'contractExpiring', count: due.length,
    records: due.slice(0, RECORDS).map((c) => ({
      id: c.id, title: String(c.contractNo), subtitle: [c.partyAName, c.partyBName].filter(Boolean).join(' — '), date: String(c.expiryDate),
    })),
  };
}

/** `Inbox/GetInbox`: what awaits the caller's enterprises, each kind only for those who may act on it. */
export function registerInbox(registry: AppServiceRegistry): void {
  registry.add({
    service: 'Inbox', method: 'GetInbox', verb: 'GET', access: 'user',
    summary: 'Orders to dispatch, to receive and returned, plans returned and contracts expiring, for the caller\'s enterprises',
    async handler(ctx) {
      const items: InboxKind[] = [];
      for (const kind of ORDER_KINDS) if (ctx.isGranted(kind.permission)) items.push(await orderKind(ctx, kind));
      if (ctx.isGranted(annualmanagementplan.permission)) items.push(await returnedPlans(ctx));
      if (ctx.isGranted(contract.permission)) items.push(await contractsExpiring(ctx));
      return { items };
    },
  });
}
