/**
 * Collectors' positions: their phones report where they are as they go round (`POST /api/device/positions`, with the
 * collector's own device key); the office sees everyone's latest position of a day (`Igcs_Location/GetAll`) and one
 * collector's track of that day (`GetTrack`), and writes none: a user who may see a collector is not its phone.
 * Days are days of the tenant's calendar; a position's time is the instant the phone took it, read as every device
 * time is (with its offset, within the window the server's clock allows).
 */
import type { FastifyInstance } from 'fastify';
import { translate } from '../../../shared/locales';
import { isRecord, propertyOf } from '../../../shared/json';
import { POSITIONS_MAX, POSITIONS_PATH } from '../../../shared/recycling';
import { collector } from '../../../shared/resources';
import type { ResourceServices } from '../../crud/engine';
import { areaCondition, scopeOf } from '../../crud/scope';
import { and, scopeCondition, sql } from '../../crud/sql';
import { dateParameter, type AppServiceRegistry } from '../../http/app-services';
import type { RequestContext, Services } from '../../http/context';
import { resolveLanguage } from '../../http/culture';
import { sendSuccess } from '../../http/envelope';
import { AppError, errors, type ValidationErrorInfo } from '../../http/errors';
import type { Input } from '../../http/input';
import { instantValue, type InstantText } from '../../time';
import { ACTIVE_TENANT, deviceKeyHash, readDeviceTime, systemContext, unknownDevice } from '../points/device';

const SERVICE = 'Igcs_Location';
const access = { anyOf: [collector.permission] };

export interface Position { longitude: number; latitude: number; at: InstantText }

/** The positions of a report, or every problem with it: one bad position refuses the report, and nothing is stored. */
export function validatePositions(body: unknown, ctx: RequestContext): { positions: Position[]; problems: ValidationErrorInfo[] } {
  const problems: ValidationErrorInfo[] = [];
  const refuse = (member: string, message: string) => problems.push({ message, members: [member] });
  const fail = (member: string) => refuse(member, translate(ctx.language, 'recycling.dropOffInvalid', { field: member }));
  const list = propertyOf(body, 'positions');
  if (!Array.isArray(list) || list.length === 0 || list.length > POSITIONS_MAX) {
    fail('positions');
    return { positions: [], problems };
  }
  const positions: Position[] = [];
  list.forEach((item, i) => {
    const { longitude, latitude, at } = isRecord(item) ? item : {};
    const before = problems.length;
    if (typeof longitude !== 'number' || !(longitude >= -180 && longitude <= 180)) fail(`positions[${i}].longitude`);
    if (typeof latitude !== 'number' || !(latitude >= -90 && latitude <= 90)) fail(`positions[${i}].latitude`);
    const time = readDeviceTime(at, `positions[${i}].at`, ctx.language, ctx.calendar.now());
    if (time.problem !== null) refuse(`positions[${i}].at`, time.problem);
    if (problems.length === before && time.instant !== null) {
      positions.push({ longitude: longitude as number, latitude: latitude as number, at: time.instant });
    }
  });
  return { positions, problems };
}

/** `Date` (a day of the tenant's calendar, today by default) and the instants it covers, `[from, to)`. */
function dayOf(input: Input, ctx: RequestContext) {
  const date = input.optionalDate('Date') ?? ctx.calendar.today();
  const { start, end } = ctx.calendar.span(date, date);
  return { date, from: instantValue(start), to: instantValue(end) };
}

const POSITION = sql`l.longitude::float8 as longitude, l.latitude::float8 as latitude, l.at`;

export function registerLocations(registry: AppServiceRegistry): void {
  registry.add({
    service: SERVICE, method: 'Report', verb: 'POST', access, parameters: ['collectorId', 'positions'],
    summary: `Refused to every user (403): positions come only from the collector's phone, with its device key (POST ${POSITIONS_PATH})`,
    handler: (ctx) => Promise.reject(new AppError(403, translate(ctx.language, 'recycling.positionsFromPhones', { path: POSITIONS_PATH }), null, null, true)),
  });

  registry.add({
    service: SERVICE, method: 'GetAll', verb: 'GET', access, parameters: [dateParameter('Date')],
    summary: 'Every collector\'s latest position of a day (the tenant\'s today by default); those not seen that day are left out',
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
    service: SERVICE, method: 'GetTrack', verb: 'GET', access, parameters: ['CollectorId', dateParameter('Date')],
    summary: 'One collector\'s positions of a day (the tenant\'s today by default), in the order they were taken',
    async handler(ctx, input) {
      // The request's own values are checked before anything is looked up.
      const day = dayOf(input, ctx);
      const who = await ctx.resources.of(collector).get(ctx, ctx.db, input.requiredInt('CollectorId', { min: 1 }));
      const items = await ctx.db.query(sql`select ${POSITION} from collector_location l
        where l.collector_id = ${who.id} and l.at >= ${day.from} and l.at < ${day.to} order by l.at`);
      return { date: day.date, collectorId: who.id, items };
    },
  });
}

/**
 * `POST /api/device/positions`: a collector's phone's positions, stored under the collector its key names, in its
 * tenant. A body may name the collector (older phones do), and then only that one.
 */
export function mountCollectorPositions(server: FastifyInstance, services: Services, resources: ResourceServices): void {
  server.post(POSITIONS_PATH, async (request, reply) => {
    const language = resolveLanguage(request);
    const keyHash = deviceKeyHash(request, language);
    const answer = await services.db.transaction(async (tx) => {
      const [phone] = await tx.query<{ id: number; tenantId: number | null }>(`select c.id, c.tenant_id as "tenantId" from ${collector.table} c
        where c.device_key_hash = $1 and not c.is_deleted and ${ACTIVE_TENANT('c')}`, [keyHash]);
      if (!phone) throw unknownDevice(language);
      const named = propertyOf(request.body, 'collectorId');
      if (named !== undefined && named !== null && Number(named) !== Number(phone.id)) {
        throw new AppError(403, translate(language, 'recycling.ownPositionsOnly'), null, null, true);
      }
      const ctx = await systemContext(services, resources, tx, phone.tenantId, language, request);
      const { positions, problems } = validatePositions(request.body, ctx);
      if (problems.length > 0) throw errors.validation(language, problems);
      await tx.query(`insert into collector_location (tenant_id, collector_id, longitude, latitude, at)
        select $1, $2, p.longitude, p.latitude, p.at from jsonb_to_recordset($3::jsonb) as p(longitude numeric, latitude numeric, at timestamptz)`,
      [phone.tenantId, phone.id, JSON.stringify(positions)]);
      return { stored: positions.length };
    });
    return sendSuccess(reply, answer);
  });
}
