import { pick, type Resource } from '../../shared/resource-kit';
import { translate } from '../../shared/locales';
import type { AppServiceRegistry } from '../http/app-services';
import type { RequestContext } from '../http/context';
import { errors } from '../http/errors';
import { readFilterValue } from './validation';

interface StatusChange {
  /** The managed enum field holding the status. */
  field: string;
  /** Allowed moves: from status → statuses it may become. */
  transitions: Record<number, number[]>;
  /** A further rule on who may make a move (approving a plan). Returns an error message, or null. */
  guard?(ctx: RequestContext, from: number, to: number): string | null;
}

/** `PUT <Resource>/UpdateStatus {id, status}`: only the declared moves, each in its own transaction. */
export function registerStatusChange(registry: AppServiceRegistry, resource: Resource, change: StatusChange, method = 'UpdateStatus'): void {
  const def = resource.fields[change.field];
  registry.add({
    service: resource.name, method, verb: 'PUT', access: { anyOf: [resource.permission] },
    summary: `Change the ${change.field} of ${resource.label.en}`, parameters: ['id', 'status'],
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const service = ctx.resources.of(resource);
      const row = await service.get(ctx, tx, input.requiredInt('Id', { min: 1 }));
      const checked = readFilterValue(def, input.get('status'), ctx.language, pick(def.label, ctx.language), ctx.calendar.zone);
      if (checked.error || checked.value === undefined) throw errors.invalid(ctx.language, 'status', checked.error ?? translate(ctx.language, 'validation.required', { field: 'status' }));
      const from = Number(row[change.field]);
      const to = Number(checked.value);
      const label = (value: number) => {
        const option = def.kind === 'enum' ? def.enum.options.find((o) => o.value === value) : undefined;
        return option ? pick(option.label, ctx.language) : String(value);
      };
      if (!(change.transitions[from] ?? []).includes(to)) {
        throw errors.invalid(ctx.language, 'status', translate(ctx.language, 'validation.transition', { from: label(from), to: label(to) }));
      }
      const refused = change.guard?.(ctx, from, to);
      if (refused) throw errors.invalid(ctx.language, 'status', refused);
      return service.setFields(ctx, tx, row.id, { [change.field]: to });
    }),
  });
}
