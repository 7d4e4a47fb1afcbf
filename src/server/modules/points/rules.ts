import { translate } from '../../../shared/locales';
import { integralrule } from '../../../shared/resources';
import { rubbishClassOf } from '../../../shared/resources/rblist';
import type { ResourceHooks } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import { errors } from '../../http/errors';
import { instantText } from '../../time';

// Each write of a rule is a new version whose terms are kept (points_rule_version): a posting names the rule and the
// version it applied, and can always say what that was, however the rule changed since.

const ruleHooks: ResourceHooks<typeof integralrule> = {
  async beforeWrite(ctx, _tx, values, existing) {
    if (values.rubbishType2) values.rubbishType1 = rubbishClassOf(values.rubbishType2) as typeof values.rubbishType1;
    // A rule's validity is a period of days: it cannot end before it starts (an update may change either end).
    const validFrom = values.validFrom ?? existing?.validFrom;
    const validTo = values.validTo !== undefined ? values.validTo : existing?.validTo;
    if (validFrom && validTo && String(validTo) < String(validFrom)) {
      throw errors.invalid(ctx.language, 'validTo', translate(ctx.language, 'recycling.validToBeforeFrom'));
    }
  },
  async afterWrite(ctx, tx, row, _input, existing) {
    const [{ version }] = await tx.query<{ version: number }>(
      `update points_rule set version = version + $2 where id = $1 returning version`, [row.id, existing ? 1 : 0]);
    // Its writing, on the server's clock, is when the version starts to hold: records timed from then on earn its terms.
    await tx.query(`insert into points_rule_version (tenant_id, rule_id, version, terms, creator_user_id, creation_time) values ($1, $2, $3, $4, $5, $6)`,
      [ctx.tenantId, row.id, version, JSON.stringify(row), ctx.session?.userId ?? null, instantText(ctx.clock.now())]);
  },
};

export const ruleModule = defineModule({ resource: integralrule, hooks: ruleHooks });
