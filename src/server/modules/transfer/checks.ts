import { translate } from '../../../shared/locales';
import type { Db } from '../../db/database';
import type { RequestContext } from '../../http/context';
import type { ValidationErrorInfo } from '../../http/errors';
import { heldStock, tonnes } from '../inventory/stock';
import { LINES } from './lines';
import { contractStatus, declareStatus, planStatus } from '../../../shared/enums';

export interface Warning {
  code: 'contract' | 'inventory';
  message: string;
}

export interface CheckResult {
  errors: ValidationErrorInfo[];
  warnings: Warning[];
}

/** What the checks need of an order: its parties, date and lines (as written, with code and name resolved). */
interface OrderDraft {
  id: number | null;
  producerId: number;
  receiverId: number;
  plannedDate: string;
  lines: { hazardouswasteId: number; wastecodeId: number; wasteName: string; quantity: number }[];
}

interface CodeRow { id: number; code: string }

async function codeNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.query<CodeRow>('select id, code from waste_code where id = any($1::bigint[])', [ids]);
  return new Map(rows.map((r) => [Number(r.id), r.code]));
}

/** Sums per key, keeping the first line index of each key (errors point at it). */
function totals<K>(draft: OrderDraft, keyOf: (line: OrderDraft['lines'][number]) => K): Map<K, { quantity: number; index: number; name: string }> {
  const out = new Map<K, { quantity: number; index: number; name: string }>();
  draft.lines.forEach((line, index) => {
    const key = keyOf(line);
    const entry = out.get(key) ?? { quantity: 0, index, name: line.wasteName };
    entry.quantity += line.quantity;
    out.set(key, entry);
  });
  return out;
}

/** Blocking: the receiver's licence must name every waste code of the order. */
async function licence(ctx: RequestContext, db: Db, draft: OrderDraft, codes: Map<number, string>): Promise<ValidationErrorInfo[]> {
  const rows = await db.query<{ codes: number[] | null }>('select licensed_wastecode_ids as codes from enterprise_information where id = $1', [draft.receiverId]);
  const licensed = new Set((rows[0]?.codes ?? []).map(Number));
  const problems: ValidationErrorInfo[] = [];
  for (const [wastecodeId, { index }] of totals(draft, (l) => l.wastecodeId)) {
    if (!licensed.has(wastecodeId)) {
      problems.push({
        message: translate(ctx.language, 'transferRules.notLicensed', { code: codes.get(wastecodeId) ?? String(wastecodeId) }),
        members: [`${LINES}[${index}].wastecodeId`],
      });
    }
  }
  return problems;
}

/** Blocking: per waste, this order fits what remains of the producer's approved plan for the year of the transfer. */
async function plan(ctx: RequestContext, db: Db, draft: OrderDraft): Promise<ValidationErrorInfo[]> {
  const year = Number(draft.plannedDate.slice(0, 4));
  const perWaste = totals(draft, (l) => l.hazardouswasteId);
  const rows = await db.query<{ id: number; planned: number | null; used: number | null }>(
    `select w.id,
            (select sum(d.thisyearweight) from annual_management_plan p
               join annual_management_plan_detail d on d.aid = p.id and not d.is_deleted
              where p.enterprise_id = $2 and p.year = $3 and p.status = ${planStatus.approved} and not p.is_deleted
                and p.tenant_id is not distinct from $4 and d.hazardouswaste_id = w.id) as planned,
            (select sum(l.quantity) from transfer_order_line l
               join transfer_order o on o.id = l.order_id and not o.is_deleted
              where l.hazardouswaste_id = w.id and not l.is_deleted and o.producer_id = $2 and o.declare_status <> ${declareStatus.voided}
                and o.planned_date >= make_date($3, 1, 1) and o.planned_date < make_date($3 + 1, 1, 1) and o.id <> $5) as used
       from unnest($1::bigint[]) as w(id)`,
    [[...perWaste.keys()], draft.producerId, year, ctx.tenantId, draft.id ?? 0]);
  const problems: ValidationErrorInfo[] = [];
  for (const row of rows) {
    const wanted = perWaste.get(Number(row.id))!;
    const planned = row.planned ?? 0;
    const remaining = Math.max(0, planned - (row.used ?? 0));
    if (wanted.quantity <= remaining + 1e-9) continue;
    const message = planned === 0
      ? translate(ctx.language, 'transferRules.noPlan', { year, waste: wanted.name })
      : translate(ctx.language, 'transferRules.overPlan', { waste: wanted.name, remaining: tonnes(remaining), quantity: tonnes(wanted.quantity) });
    problems.push({ message, members: [`${LINES}[${wanted.index}].quantity`] });
  }
  return problems;
}

/** Warning: a normal contract between producer and receiver, in force on the transfer date, covers the codes. */
async function contract(ctx: RequestContext, db: Db, draft: OrderDraft, codes: Map<number, string>): Promise<Warning[]> {
  const wanted = [...new Set(draft.lines.map((l) => l.wastecodeId))];
  const rows = await db.query<{ codes: number[] | null }>(
    `select wastecode_ids as codes from contract c
      where c.tenant_id is not distinct from $1 and not c.is_deleted and c.status = ${contractStatus.normal}
        and ((c.party_a_id = $2 and c.party_b_id = $3) or (c.party_a_id = $3 and c.party_b_id = $2))
        and c.start_date <= $4::date and c.expiry_date >= $4::date`,
    [ctx.tenantId, draft.producerId, draft.receiverId, draft.plannedDate]);
  // A contract naming no codes covers every code.
  const covered = (code: number) => rows.some((r) => !r.codes || r.codes.length === 0 || r.codes.map(Number).includes(code));
  const missing = wanted.filter((code) => !covered(code));
  if (missing.length === 0) return [];
  return [{ code: 'contract', message: translate(ctx.language, 'transferRules.noContract', { codes: missing.map((c) => codes.get(c) ?? String(c)).join('、') }) }];
}

/** Warning: the producer's recorded stock holds the order's quantity of each code (it may still record receipts). */
async function inventory(ctx: RequestContext, db: Db, draft: OrderDraft, codes: Map<number, string>): Promise<Warning[]> {
  const warnings: Warning[] = [];
  for (const [wastecodeId, { quantity }] of totals(draft, (l) => l.wastecodeId)) {
    const held = await heldStock(db, ctx.tenantId, draft.producerId, wastecodeId);
    if (held + 1e-9 < quantity) {
      warnings.push({ code: 'inventory', message: translate(ctx.language, 'transferRules.lowInventory', {
        code: codes.get(wastecodeId) ?? String(wastecodeId), held: tonnes(held), quantity: tonnes(quantity),
      }) });
    }
  }
  return warnings;
}

/** The checks of the law at declaration: licence and plan block, contract and stock warn. */
export async function crossCheck(ctx: RequestContext, db: Db, draft: OrderDraft): Promise<CheckResult> {
  const codes = await codeNames(db, [...new Set(draft.lines.map((l) => l.wastecodeId))]);
  return {
    errors: [...await licence(ctx, db, draft, codes), ...await plan(ctx, db, draft)],
    warnings: [...await contract(ctx, db, draft, codes), ...await inventory(ctx, db, draft, codes)],
  };
}
