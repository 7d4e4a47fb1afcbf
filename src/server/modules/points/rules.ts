import { integralrule } from '../../../shared/resources';
import { rubbishClassOf } from '../../../shared/resources/rblist';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';

// Each write of a rule is a new version whose terms are kept (points_rule_version): a posting names the rule and the
// version it applied, and can always say what that was, however the rule changed since.

const ruleHooks: ResourceHooks<typeof integralrule> = {
  async beforeWrite(_ctx, _tx, values) {
    if (values.rubbishType2) values.rubbishType1 = rubbishClassOf(values.rubbishType2) as typeof values.rubbishType1;
  },
  async afterWrite(ctx, tx, row, _input, existing) {
    const [{ version }] = await tx.query<{ version: number }>(
      `update points_rule set version = version + $2 where id = $1 returning version`, [row.id, existing ? 1 : 0]);
    await tx.query(`insert into points_rule_version (tenant_id, rule_id, version, terms, creator_user_id) values ($1, $2, $3, $4, $5)`,
      [ctx.tenantId, row.id, version, JSON.stringify(row), ctx.session?.userId ?? null]);
  },
};

export const ruleModule = defineModule({ resource: integralrule, hooks: ruleHooks });
