// The zone a tenant's calendar follows: ABP's `Abp.Timing.TimeZone` setting, served in `AbpUserConfiguration/GetAll`'s
// `timing` section and changed by the tenant's administrator through ABP Zero's settings and timing services.
import { canonicalZone, isTimeZone, offsetMinutesAt, offsetText } from '../../../shared/time';
import { translate } from '../../../shared/locales';
import type { AppServiceRegistry } from '../../http/app-services';
import type { PermissionName } from '../../../shared/permissions';
import { errors } from '../../http/errors';
import { isRecord, propertyOf } from '../../../shared/json';
import { sql } from '../../crud/sql';
import { monthIn, windowsZoneName } from '../../time';

/** ABP's setting name for the zone, as its clients read it from `setting.values`. */
export const TIME_ZONE_SETTING = 'Abp.Timing.TimeZone';

const SETTINGS_PERMISSION: PermissionName = 'Pages.Administration.Tenant.Settings';

const YEAR_MS = 365.25 * 86_400_000;

/** ABP's `timing.timeZoneInfo` for a zone at an instant. */
export function timeZoneInfo(zone: string, now: number) {
  const current = offsetMinutesAt(zone, now);
  // Standard time is the smaller of the offsets a year holds (daylight saving only ever adds).
  const base = Math.min(offsetMinutesAt(zone, now - YEAR_MS / 4), offsetMinutesAt(zone, now + YEAR_MS / 4), current);
  return {
    windows: {
      timeZoneId: windowsZoneName(zone), baseUtcOffsetInMilliseconds: base * 60_000,
      currentUtcOffsetInMilliseconds: current * 60_000, isDaylightSavingTimeNow: current !== base,
    },
    iana: { timeZoneId: zone },
  };
}

/** Every zone the platform knows, as `(UTC+08:00) Asia/Shanghai`, ordered by their offset now. */
function timeZoneList(now: number): { name: string; value: string }[] {
  return Intl.supportedValuesOf('timeZone')
    .map((zone) => ({ zone, offset: offsetMinutesAt(zone, now) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }) => ({ name: `(UTC${offsetText(offset)}) ${zone}`, value: zone }));
}

export function registerTimeZoneSettings(registry: AppServiceRegistry): void {
  registry.add({
    service: 'Timing', method: 'GetTimezones', verb: 'GET', access: 'user', parameters: ['defaultTimezoneScope'],
    summary: 'The zones a tenant may keep its calendar in, as ABP Zero lists them ({name, value})',
    handler: async (ctx) => ({ items: timeZoneList(ctx.calendar.now()) }),
  });

  registry.add({
    service: 'TenantSettings', method: 'GetAllSettings', verb: 'GET', access: { anyOf: [SETTINGS_PERMISSION] },
    summary: 'The tenant\'s settings (its time zone under general.timezone)',
    handler: async (ctx) => ({ general: { timezone: ctx.calendar.zone, timezoneForComparison: ctx.calendar.zone } }),
  });

  registry.add({
    service: 'TenantSettings', method: 'UpdateAllSettings', verb: 'PUT', access: { anyOf: [SETTINGS_PERMISSION] },
    parameters: ['general'],
    summary: 'Changes the tenant\'s settings: general.timezone, the zone of its calendar (days, months, caps, cut-offs)',
    async handler(ctx, input) {
      const general = input.get('general');
      const zone = isRecord(general) ? propertyOf(general, 'timezone') : undefined;
      if (!isTimeZone(zone)) {
        throw errors.invalid(ctx.language, 'general.timezone', translate(ctx.language, 'validation.timeZone', { field: 'general.timezone' }));
      }
      if (ctx.tenantId === null) throw errors.forbidden(ctx.language, [SETTINGS_PERMISSION]);
      const tenantId = ctx.tenantId;
      await ctx.db.transaction(async (tx) => {
        await tx.query('update tenants set time_zone = $2 where id = $1', [tenantId, canonicalZone(zone)]);
        // The month totals of the records follow the tenant's calendar: counted again on the new one.
        await tx.query('delete from recycling_month where tenant_id = $1', [tenantId]);
        await tx.query(sql`insert into recycling_month (tenant_id, month, qarea_id, sarea_id, carea_id, varea_id, rubbish_type1, weight, records)
          select r.tenant_id, ${monthIn(sql`r.record_time`, canonicalZone(zone))}, r.qarea_id, r.sarea_id, r.carea_id, r.varea_id,
                 r.rubbish_type1, sum(r.weight), count(*)
            from recycling_record r where r.tenant_id = ${tenantId} and not r.is_deleted and r.audit_status <> 3
           group by 1, 2, 3, 4, 5, 6, 7`);
      });
      return null;
    },
  });
}
