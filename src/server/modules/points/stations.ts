/**
 * `POST /api/device/dropoffs`: a station's drop-offs, each an approved record with its points at once, each posted
 * exactly once. A station that was offline sends what it stored (up to the age a device time may have); the station's
 * own message id, kept with the record, makes a resent drop-off a duplicate rather than a second award. The station
 * row is locked first, so two batches of one station take turns. A drop-off's time is the instant the station
 * stamped: it is the record's time, and counts on the tenant's day of that instant.
 */
import type { FastifyInstance } from 'fastify';
import { rubbishType2 } from '../../../shared/enums';
import { translate } from '../../../shared/locales';
import { DROP_OFF_MAX, DROP_OFF_PATH, type DropOff, type DropOffResult } from '../../../shared/recycling';
import type { Language } from '../../../shared/resource-kit';
import { isRecord, propertyOf } from '../../../shared/json';
import { rblist, station } from '../../../shared/resources';
import type { ResourceHooks, ResourceServices, ServiceContext } from '../../crud/engine';
import { defineModule } from '../../crud/module';
import type { Db } from '../../db/database';
import type { Services } from '../../http/context';
import { resolveLanguage } from '../../http/culture';
import { sendSuccess } from '../../http/envelope';
import { errors, type ValidationErrorInfo } from '../../http/errors';
import { Input } from '../../http/input';
import type { InstantText } from '../../time';
import { recordSource } from '../../../shared/enums';
import { approve } from './records';
import {
  ACTIVE_TENANT, deviceKeyHash, issueDeviceKey, readDeviceTime, registerRegenerateKey, systemContext, throttledDeviceRequest, unknownDevice,
} from './device';

const MESSAGE_ID = /^[\w.:-]{1,64}$/;
const KINDS: readonly number[] = rubbishType2.options.map((o) => o.value);

/** A drop-off as the server holds it once read: its time is the instant the station stamped. */
export interface ReadDropOff extends DropOff { at: InstantText }

/**
 * The drop-offs of a body, or every problem with it: one bad drop-off refuses the batch, and nothing is stored. `now`
 * is the server's clock, which a drop-off's time may not run ahead of nor lag too far behind.
 */
export function validateDropOffs(body: unknown, language: Language, now: number): { dropOffs: ReadDropOff[]; problems: ValidationErrorInfo[] } {
  const problems: ValidationErrorInfo[] = [];
  const refuse = (member: string, message: string) => problems.push({ message, members: [member] });
  const fail = (member: string) => refuse(member, translate(language, 'recycling.dropOffInvalid', { field: member }));
  const list = propertyOf(body, 'dropOffs');
  if (!Array.isArray(list) || list.length === 0 || list.length > DROP_OFF_MAX) {
    fail('dropOffs');
    return { dropOffs: [], problems };
  }
  const dropOffs: ReadDropOff[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const member = (f: string) => `dropOffs[${i}].${f}`;
    if (!isRecord(item)) return fail(`dropOffs[${i}]`);
    const { messageId, cardNo, rubbishType2: kind, weight, at } = item;
    const before = problems.length;
    if (typeof messageId !== 'string' || !MESSAGE_ID.test(messageId) || seen.has(messageId)) fail(member('messageId'));
    if (typeof cardNo !== 'string' || !/^[0-9A-Za-z]{6,32}$/.test(cardNo)) fail(member('cardNo'));
    if (typeof kind !== 'number' || !KINDS.includes(kind)) fail(member('rubbishType2'));
    if (typeof weight !== 'number' || !Number.isFinite(weight) || weight <= 0 || weight > 1000) fail(member('weight'));
    const time = readDeviceTime(at, member('at'), language, now);
    if (time.problem !== null) refuse(member('at'), time.problem);
    if (problems.length === before && time.instant !== null) {
      seen.add(messageId as string);
      dropOffs.push({ messageId: messageId as string, cardNo: cardNo as string, rubbishType2: kind as number, weight: Math.round((weight as number) * 100) / 100, at: time.instant });
    }
  });
  return { dropOffs, problems };
}

interface LockedStation { id: number; tenantId: number | null }

async function lockStation(tx: Db, keyHash: string): Promise<LockedStation | null> {
  const rows = await tx.query<LockedStation>(`select s.id, s.tenant_id as "tenantId" from recycling_station s
    where s.device_key_hash = $1 and not s.is_deleted and ${ACTIVE_TENANT('s')} for update`, [keyHash]);
  return rows[0] ?? null;
}

/** One drop-off: a duplicate of one posted before, a card no active household holds, or a new approved record. */
async function postDropOff(ctx: ServiceContext, tx: Db, stationId: number, drop: ReadDropOff): Promise<DropOffResult> {
  const [before] = await tx.query<{ recordId: number; points: number }>(
    `select m.record_id as "recordId", r.points from station_messages m join recycling_record r on r.id = m.record_id
      where m.station_id = $1 and m.message_id = $2`, [stationId, drop.messageId]);
  if (before) return { messageId: drop.messageId, status: 'duplicate', recordId: Number(before.recordId), points: Number(before.points) };
  const [home] = await tx.query<{ id: number }>(
    `select id from scheme_user where card_no = $1 and tenant_id is not distinct from $2 and not is_deleted and status = 1`, [drop.cardNo, ctx.tenantId]);
  if (!home) return { messageId: drop.messageId, status: 'unknownCard', recordId: null, points: null };
  const input = new Input({ householdId: Number(home.id), rubbishType2: drop.rubbishType2, weight: drop.weight, recordTime: drop.at, photos: [] }, ctx.language);
  const record = await ctx.resources.of(rblist).create(ctx, tx, input, { source: recordSource.station, stationId });
  const approved = await approve(ctx, tx, record.id);
  await tx.query('insert into station_messages (station_id, message_id, record_id) values ($1, $2, $3)', [stationId, drop.messageId, record.id]);
  return { messageId: drop.messageId, status: 'posted', recordId: record.id, points: Number(approved.points) };
}

export function mountStationDropOffs(server: FastifyInstance, services: Services, resources: ResourceServices): void {
  server.post(DROP_OFF_PATH, async (request, reply) => {
    const language = resolveLanguage(request);
    const keyHash = deviceKeyHash(request, language);
    const { dropOffs, problems } = validateDropOffs(request.body, language, services.clock.now());
    const results = await throttledDeviceRequest(services, request, keyHash, language, () => services.db.transaction(async (tx) => {
      const found = await lockStation(tx, keyHash);
      if (!found) throw unknownDevice(language);
      if (problems.length > 0) throw errors.validation(language, problems);
      const ctx = await systemContext(services, resources, tx, found.tenantId, language, request);
      const answers: DropOffResult[] = [];
      for (const drop of dropOffs) answers.push(await postDropOff(ctx, tx, Number(found.id), drop));
      await tx.query(`update ${station.table} set online_state = 0, last_seen = now() where id = $1`, [found.id]);
      return answers;
    }));
    return sendSuccess(reply, { results });
  });
}

/** A new station's key is shown once, in the Create answer; only its hash is kept. RegenerateKey replaces it. */
const stationHooks: ResourceHooks<typeof station> = {
  async afterWrite(_ctx, tx, row, _input, existing) {
    if (!existing) return { deviceKey: await issueDeviceKey(tx, station.table, row.id) };
  },
};

export const stationModule = defineModule({ resource: station, hooks: stationHooks, methods: (registry) => registerRegenerateKey(registry, station) });
