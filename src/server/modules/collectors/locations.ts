/**
 * Collectors' positions (`Igcs_Location`): their phones report where they are as they go round (`Report`); the
 * office sees everyone's latest position of a day (`GetAll`) and one collector's track of that day (`GetTrack`).
 * Days are China days; a position's time is the instant it was taken, stored as every device time is.
 */
import { translate } from '../../../shared/locales';
import { isRecord, propertyOf } from '../../../shared/json';
import { collector } from '../../../shared/resources';
import { chinaDate } from '../../../shared/util/china-date';
import { fromChina } from '../../crud/china-time';
import { areaCondition, scopeOf } from '../../crud/scope';
import { and, scopeCondition, sql } from '../../crud/sql';
import type { AppServiceRegistry } from '../../http/app-services';
import type { RequestContext } from '../../http/context';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { parseZonedTime } from '../monitoring/validate';

const SERVICE = 'Igcs_Location';
const REPORT_MAX = 500;
const access = { anyOf: [collector.permission] };

export interface Position { longitude: number; latitude: number; at: string }

/** The positions of a report, or every problem with it: one bad position refuses the report, and nothing is stored. */
export function validatePositions(body: unknown, ctx: RequestContext): { positions: Position[]; problems: ValidationErrorInfo[] } {
  const problems: ValidationErrorInfo[] = [];
  const fail = (member: string) => problems.push({ message: translate(ctx.language, 'recycling.dropOffInvalid', { field: member }), members: [member] });
  const list = propertyOf(body, 'positions');
  if (!Array.isArray(list) || list.length === 0 || list.length > REPORT_MAX) {
    fail('positions');
    return { positions: [], problems };
  }
  const positions: Position[] = [];
  list.forEach((item, i) => {
    const { longitude, latitude, at } = isRecord(item) ? item : {};
    const before = problems.length;
    if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) fail(`positions[${i}].longitude`);
    if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) fail(`positions[${i}].latitude`);
    const instant = typeof at === 'string' ? parseZonedTime(at) : null;
    if (instant === null) fail(`positions[${i}].at`);
    if (problems.length === before) {
      positions.push({ longitude: longitude as number, latitude: latitude as number, at: new Date(instant!).toISOString().slice(0, 19) });
    }
  });
  return { positions, problems };
}

/** `Date` (a China date, today by default) as the stored bounds of that day. */
function dayOf(input: Input, ctx: RequestContext) {
  const date = input.optionalString('Date', 10) ?? chinaDate();
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) throw errors.invalid(ctx.language, 'Date', translate(ctx.language, 'validation.pattern', { field: 'Date' }));
  const next = chinaDate(1, Date.parse(date) - 8 * 3600_000);
  return { date, from: fromChina(`${date}T00:00:00`), to: fromChina(`${next}T00:00:00`) };
}

const POSITION = sql`l.longitude::float8 as longitude, l.latitude::float8 as latitude, l.at`;

export function registerLocations(registry: AppServiceRegistry): void {
  registry.add({
    service: SERVICE, method: 'Report', verb: 'POST', access, parameters: ['collectorId', 'positions'],
    summary: 'A collector\'s positions as the phone took them: [{longitude, latitude, at}], at most 500',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const who = await ctx.resources.of(collector).get(ctx, tx, input.requiredInt('collectorId', { min: 1 }));
      const { positions, problems } = validatePositions(input.raw, ctx);
      if (problems.length > 0) throw errors.validation(ctx.language, problems);
      await tx.query(`insert into collector_location (tenant_id, collector_id, longitude, latitude, at)
        select $1, $2, p.longitude, p.latitude, p.at from jsonb_to_recordset($3::jsonb) as p(longitude numeric, latitude numeric, at timestamp)`,
      [ctx.tenantId, who.id, JSON.stringify(positions)]);
      return { stored: positions.length };
    }),
  });

  registry.add({
    service: SERVICE, method: 'GetAll', verb: 'GET', access, parameters: ['Date'],
    summary: 'Every collector\'s latest position of a China day (today by default); those not seen that day are left out',
    async handler(ctx, input) {
      const day = dayOf(input, ctx);
      const items = await ctx.db.query(sql`select c.id as "collectorId", c.name, c.phone, c.status, ${POSITION}
          from collector c cross join lateral (select * from collector_location l where l.collector_id = c.id
                                                 and l.at >= ${day.from} and l.at < ${day.to} order by l.at desc limit 1) l
         where ${and([scopeCondition('c', ctx.tenantId), ...[areaCondition(collector, 'c', scopeOf(ctx), 'read')].filter((c) => c !== null)])}
         order by c.name, c.id`);
      return { date: day.date, items };
    },
  });

  registry.add({
    service: SERVICE, method: 'GetTrack', verb: 'GET', access, parameters: ['CollectorId', 'Date'],
    summary: 'One collector\'s positions of a China day, in the order they were taken',
    async handler(ctx, input) {
      const who = await ctx.resources.of(collector).get(ctx, ctx.db, input.requiredInt('CollectorId', { min: 1 }));
      const day = dayOf(input, ctx);
      const items = await ctx.db.query(sql`select ${POSITION} from collector_location l
        where l.collector_id = ${who.id} and l.at >= ${day.from} and l.at < ${day.to} order by l.at`);
      return { date: day.date, collectorId: who.id, items };
    },
  });
}
