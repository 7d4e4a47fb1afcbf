/**
 * What the scheme's devices (stations, exchange machines, collectors' phones) share: they do not log in but send their
 * key in `X-Device-Key`, and act inside their own tenant with no user behind them; the times any of
 * them send are instants their own clocks stamped.
 */
import type { FastifyRequest } from 'fastify';
import { translate } from '../../../shared/locales';
import { DEVICE_KEY_HEADER } from '../../../shared/monitoring';
import type { Language, Resource } from '../../../shared/resource-kit';
import type { ResourceServices, ServiceContext } from '../../crud/engine';
import type { Db } from '../../db/database';
import type { AppServiceRegistry } from '../../http/app-services';
import { answerOnTenantClock, type Services } from '../../http/context';
import { DEVICE_TIME_WINDOW, deviceTimeProblem, parseZonedInstant, tenantCalendar } from '../../../shared/time';
import { instantText, zoneOfTenant, type InstantText } from '../../time';
import { AppError } from '../../http/errors';
import { deviceKeyRefusal, recordDeviceKeyFailure, recordDeviceKeySuccess } from '../../auth/device-throttle';
import { hashDeviceKey, newDeviceKey } from '../monitoring/keys';

/** A device key no device holds (or one of a device or tenant no longer served): what the throttle counts. */
export class UnknownDeviceKey extends AppError {
  constructor(language: Language) {
    super(401, translate(language, 'monitoringRules.deviceKey'), null, null, true);
  }
}

export const unknownDevice = (language: Language) => new UnknownDeviceKey(language);

/**
 * Runs a device's request under the throttle of failed keys per client address (src/server/auth/device-throttle.ts):
 * refused unchecked with 429 while the address is locked and the key never worked from it; a wrong key is counted,
 * a request that succeeds marks its key as working from the address.
 */
export async function throttledDeviceRequest<T>(
  services: Services, request: FastifyRequest, keyHash: string, language: Language, work: () => Promise<T>,
): Promise<T> {
  const address = request.ip;
  const minutes = await deviceKeyRefusal(services.db, address, keyHash, services.clock.now());
  if (minutes !== null) throw new AppError(429, translate(language, 'errors.lockedOut', { minutes }));
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof UnknownDeviceKey) await recordDeviceKeyFailure(services.db, address, services.clock.now());
    throw error;
  }
  await recordDeviceKeySuccess(services.db, address, keyHash, services.clock.now());
  return result;
}

/** The hash of the request's device key (the one thing stored of it); a request without one is refused. */
export function deviceKeyHash(request: FastifyRequest, language: Language): string {
  const header = request.headers[DEVICE_KEY_HEADER.toLowerCase()];
  const key = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!key) throw unknownDevice(language);
  return hashDeviceKey(key);
}

/** A time a device sent, as the instant it names, or why it is refused (a message naming `member`). */
export type DeviceTime = { instant: InstantText; problem: null } | { instant: null; problem: string };

/**
 * Reads a device's time: ISO 8601 with its offset (a device must say which instant it means), within the window the
 * server's clock `now` allows: not ahead by more than a clock drifts, not older than a device keeps what it could not
 * send. Outside it the device's clock is wrong, or the time is a replay.
 */
export function readDeviceTime(value: unknown, member: string, language: Language, now: number): DeviceTime {
  const instant = parseZonedInstant(value);
  if (instant === null) return { instant: null, problem: translate(language, 'recycling.deviceTime', { field: member }) };
  const problem = deviceTimeProblem(instant, now);
  if (problem === 'ahead') return { instant: null, problem: translate(language, 'validation.deviceTimeAhead', { field: member, ...DEVICE_TIME_WINDOW }) };
  if (problem === 'old') return { instant: null, problem: translate(language, 'validation.deviceTimeOld', { field: member, ...DEVICE_TIME_WINDOW }) };
  return { instant: instantText(instant), problem: null };
}

/** A tenant is served only while it is active: its devices stop with it. */
export const ACTIVE_TENANT = (alias: string) =>
  `(${alias}.tenant_id is null or exists (select 1 from tenants t where t.id = ${alias}.tenant_id and t.is_active and not t.is_deleted))`;

/**
 * The context a device's request (or a sweep) runs in: its tenant, no session, every check of the engine still made
 * (validation, the tenant rule), none of a user's permissions asked.
 */
export async function systemContext(
  services: Services, resources: ResourceServices, db: Db, tenantId: number | null, language: Language, request?: FastifyRequest,
): Promise<ServiceContext> {
  const zone = await zoneOfTenant(db, tenantId);
  if (request) answerOnTenantClock(request, zone);
  return {
    ...services, resources, tenantId, session: null, language, ip: request?.ip ?? '', isGranted: () => true,
    calendar: tenantCalendar(zone, services.clock),
  };
}

/** Gives a device a new key and answers it: the key is shown once, only its hash is kept, the old one stops working. */
export async function issueDeviceKey(tx: Db, table: string, id: number): Promise<string> {
  const deviceKey = newDeviceKey();
  await tx.query(`update ${table} set device_key_hash = $2 where id = $1`, [id, hashDeviceKey(deviceKey)]);
  return deviceKey;
}

/** `<Service>/RegenerateKey`: for a device whose key was lost or leaked, by a user who may change the device's row. */
export function registerRegenerateKey(registry: AppServiceRegistry, resource: Resource): void {
  registry.add({
    service: resource.name, method: 'RegenerateKey', verb: 'POST', access: { anyOf: [resource.permission] }, parameters: ['id'],
    summary: 'Give the device a new key, shown once; the old key stops working at once',
    handler: (ctx, input) => ctx.db.transaction(async (tx) => {
      const row = await ctx.resources.of(resource).getToChange(ctx, tx, input.requiredInt('Id', { min: 1 }));
      return { deviceKey: await issueDeviceKey(tx, resource.table, row.id) };
    }),
  });
}
