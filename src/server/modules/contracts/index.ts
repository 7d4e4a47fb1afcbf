import { translate } from '../../../shared/locales';
import { contract } from '../../../shared/resources';
import type { ResourceHooks, ServiceContext } from '../../crud/engine';
import type { Row } from '../../crud/repository';
import type { AppServiceRegistry } from '../../http/app-services';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { contractStatus, noticeType } from '../../../shared/enums';
import { defineModule } from '../../crud/module';

/** The category of contract-expiry reminders, notices of the message type. */
export const CONTRACT_EXPIRY_CATEGORY = 'contractExpiry';

export const contractHooks: ResourceHooks<typeof contract> = {
  async beforeWrite(ctx, _tx, values) {
    if (values.startDate && values.expiryDate && String(values.expiryDate) < String(values.startDate)) {
      throw errors.invalid(ctx.language, 'expiryDate', translate(ctx.language, 'validation.expiryBeforeStart'));
    }
  },
};

/**
 * Normal contracts the caller may see whose expiry date (its last day in force) is between the tenant's today and the
 * day `days` later, both included, soonest first: a contract expiring today is still in force until the tenant's
 * midnight.
 */
export async function expiringContracts(ctx: ServiceContext, days: number): Promise<Row[]> {
  const { items } = await ctx.resources.of(contract).list(ctx, new Input({ status: contractStatus.normal, MaxResultCount: 200, Sorting: 'expiryDate' }, ctx.language));
  // The list is small (one page of the soonest); the window is applied here so the engine needs no range filter.
  const from = ctx.calendar.today();
  const to = ctx.calendar.todayPlus(days);
  return items.filter((c) => String(c.expiryDate) >= from && String(c.expiryDate) <= to);
}

/**
 * Files one "contract-expiry reminder" notice per contract and expiry date for the caller, once: reading the notices
 * calls this, so reminders appear without a scheduler and never twice.
 */
export async function fileContractReminders(ctx: ServiceContext): Promise<void> {
  if (!ctx.session || !ctx.isGranted(contract.permission)) return;
  const due = await expiringContracts(ctx, ctx.config.contractExpiryDays);
  for (const c of due) {
    const key = `${CONTRACT_EXPIRY_CATEGORY}:${c.id}:${String(c.expiryDate)}`;
    await ctx.db.query(
      `insert into notifications (tenant_id, user_id, type, category, source_key, title, description)
       values ($1, $2, $3, $4, $5, $6, $7) on conflict (user_id, source_key) where source_key is not null do nothing`,
      [ctx.tenantId, ctx.session.userId, noticeType.message, CONTRACT_EXPIRY_CATEGORY, key,
        translate(ctx.language, 'contracts.expiryTitle', { no: String(c.contractNo) }),
        translate(ctx.language, 'contracts.expiryBody', { no: String(c.contractNo), date: String(c.expiryDate), partyB: String(c.partyBName ?? '') })]);
  }
}

export function registerContractMethods(registry: AppServiceRegistry): void {
  registry.add({
    service: contract.name, method: 'GetExpiringContracts', verb: 'GET', access: 'user', parameters: ['days'],
    summary: 'Normal contracts expiring within `days` (default: the configured reminder window)',
    async handler(ctx, input) {
      if (!ctx.isGranted(contract.permission)) return [];
      return expiringContracts(ctx, input.optionalInt('days', { min: 1, max: 366 }) ?? ctx.config.contractExpiryDays);
    },
  });
}

export const contractModule = defineModule({ resource: contract, hooks: contractHooks, methods: registerContractMethods });
