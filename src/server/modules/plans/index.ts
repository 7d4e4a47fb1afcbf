import { translate } from '../../../shared/locales';
import { annualmanagementplan, annualmanagementplandetail } from '../../../shared/resources';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import { forNestedRow, nestedInput } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import { registerStatusChange } from '../../crud/status';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { planStatus } from '../../../shared/enums';
import { defineModule } from '../../crud/module';

const EDITABLE: readonly number[] = [planStatus.draft, planStatus.returned];
/** The body key of a plan's rows in CreateAMP_AMPM and UpdateAMP_AMPM. */
const ROWS = 'details';

const plans = (ctx: ServiceContext) => ctx.resources.of(annualmanagementplan);
const details = (ctx: ServiceContext) => ctx.resources.of(annualmanagementplandetail);

function refuseUnlessEditable(ctx: ServiceContext, plan: Row): void {
  if (!EDITABLE.includes(Number(plan.status))) throw errors.invalid(ctx.language, 'status', translate(ctx.language, 'validation.planLocked'));
}

export const planHooks: ResourceHooks<typeof annualmanagementplan> = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing) refuseUnlessEditable(ctx, existing);
    const taken = await tx.query(
      `select 1 from annual_management_plan where enterprise_id = $1 and year = $2 and not is_deleted and id <> $3
          and tenant_id is not distinct from $4 limit 1`,
      [values.enterpriseId ?? null, values.year ?? null, existing?.id ?? 0, ctx.tenantId]);
    if (taken.length > 0) throw errors.invalid(ctx.language, 'year', translate(ctx.language, 'validation.planYearTaken', { year: String(values.year) }));
  },
  async beforeDelete(ctx, tx, plan) {
    refuseUnlessEditable(ctx, plan);
    await tx.query('update annual_management_plan_detail set is_deleted = true, deletion_time = now(), deleter_user_id = $2 where aid = $1 and not is_deleted',
      [plan.id, ctx.session?.userId ?? null]);
  },
};

/** Rows change only while their plan is a draft or returned. */
export const planDetailHooks: ResourceHooks<typeof annualmanagementplandetail> = {
  async beforeWrite(ctx, tx, values, existing) {
    if (existing && existing.aid !== values.aid) throw errors.invalid(ctx.language, 'aid', translate(ctx.language, 'validation.planLocked'));
    const plan = await plans(ctx).get(ctx, tx, Number(values.aid));
    refuseUnlessEditable(ctx, plan);
  },
  async beforeDelete(ctx, tx, row) {
    refuseUnlessEditable(ctx, await plans(ctx).get(ctx, tx, row.aid));
  },
};

function rowsOf(ctx: ServiceContext, input: Input): unknown[] {
  const rows = input.get(ROWS) ?? [];
  if (!Array.isArray(rows)) throw errors.invalid(ctx.language, ROWS, translate(ctx.language, 'validation.rows'));
  return rows;
}

/** Reads through `db` so that rows written in the running transaction are seen. */
async function rowsOfPlan(ctx: ServiceContext, db: Db, aid: number): Promise<Row[]> {
  const { items } = await details(ctx).list({ ...ctx, db }, new Input({ aid, MaxResultCount: 1000, Sorting: 'id asc' }, ctx.language));
  return items;
}

export function registerPlanMethods(registry: AppServiceRegistry): void {
  const access = { anyOf: [annualmanagementplan.permission] };
  registry.add({
    service: annualmanagementplan.name, method: 'CreateAMP_AMPM', verb: 'POST', access, parameters: ['…plan', ROWS],
    summary: 'Create a plan with its rows in one transaction (a bad row creates nothing)',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const rows = rowsOf(ctx, input);
      const plan = await plans(ctx).create(ctx, tx, input);
      for (const [index, raw] of rows.entries()) {
        await forNestedRow(ROWS, index, () => details(ctx).create(ctx, tx, nestedInput({ ...(raw as object), aid: plan.id }, ctx)));
      }
      return { ...plan, [ROWS]: await rowsOfPlan(ctx, tx, plan.id) };
    }),
  });
  registry.add({
    service: annualmanagementplan.name, method: 'UpdateAMP_AMPM', verb: 'PUT', access, parameters: ['id', '…plan', ROWS],
    summary: 'Update a plan and replace its rows in one transaction: rows with an id are updated, without one created, missing ones deleted',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const rows = rowsOf(ctx, input);
      const plan = await plans(ctx).update(ctx, tx, input);
      const kept = new Set<number>();
      for (const [index, raw] of rows.entries()) {
        const body = nestedInput({ ...(raw as object), aid: plan.id }, ctx);
        const saved = await forNestedRow(ROWS, index, () => body.has('id') ? details(ctx).update(ctx, tx, body) : details(ctx).create(ctx, tx, body));
        kept.add(saved.id);
      }
      for (const existing of await rowsOfPlan(ctx, tx, plan.id)) {
        if (!kept.has(existing.id)) await details(ctx).remove(ctx, tx, existing.id);
      }
      return { ...(await plans(ctx).get(ctx, tx, plan.id)), [ROWS]: await rowsOfPlan(ctx, tx, plan.id) };
    }),
  });
  registerStatusChange(registry, annualmanagementplan, {
    field: 'status',
    transitions: { [planStatus.draft]: [planStatus.submitted], [planStatus.submitted]: [planStatus.approved, planStatus.returned], [planStatus.returned]: [planStatus.submitted] },
    // Approving is the regulator's decision: users who act for enterprises submit, they do not approve.
    guard: (ctx, from) => from === planStatus.submitted && ctx.session?.enterpriseIds ? translate(ctx.language, 'validation.planDecision') : null,
  });
  registry.add({
    service: annualmanagementplandetail.name, method: 'GetAnnualManagementPlanDetailAllByAid', verb: 'GET', access,
    parameters: ['Aid'], summary: 'The rows of one plan, in entry order',
    async handler(ctx, input) {
      const aid = input.requiredInt('Aid', { min: 1 });
      await plans(ctx).get(ctx, ctx.db, aid);
      return rowsOfPlan(ctx, ctx.db, aid);
    },
  });
}

export const planModule = defineModule({ resource: annualmanagementplan, hooks: planHooks, methods: registerPlanMethods });
export const planDetailModule = defineModule({ resource: annualmanagementplandetail, hooks: planDetailHooks });
