import type { FastifyRequest } from 'fastify';
import type { Language } from '../../shared/resource-kit';
import { AREA_FIELDS, type AreaPath } from '../../shared/resources/areas';
import type { Db } from '../db/database';
import { tokenKindOf, type TokenKind, type TokenService, type TokenSubject } from '../auth/tokens';
import type { HubServer } from '../realtime';
import type { ServerConfig } from '../config';
import { DEFAULT_TIME_ZONE, tenantCalendar, type Clock, type TenantCalendar } from '../../shared/time';
import { zoneOfTenant } from '../time';
import { readCookie } from './cookies';
import { resolveLanguage } from './culture';

/** What the whole server shares: built once in app.ts, handed to every handler through the context. */
export interface Services {
  db: Db;
  tokens: TokenService;
  config: ServerConfig;
  hub: HubServer | null;
  /** What time it is for the whole server: the system clock, or the one a test sets. */
  clock: Clock;
}

export interface Session {
  userId: number;
  userName: string;
  tenantId: number | null;
  language: string | null;
  permissions: ReadonlySet<string>;
  /**
   * Enterprises the user works for. A linked user sees and changes only their rows; null (no link: administrators,
   * regulators) means the whole tenant. Links to deleted enterprises still count, so deleting one never widens access.
   */
  enterpriseIds: readonly number[] | null;
  /** The scheme areas the user works in (a street office's); null means no link: the whole tenant. */
  areas: readonly AreaPath[] | null;
  /** The zone of the user's tenant's calendar (the host's for host users). */
  timeZone: string;
  /** How the caller's token was obtained: a display's opens only the wall's calls. */
  tokenKind: TokenKind;
}

export interface RequestContext extends Services {
  /** The tenant every query of this request is scoped to; null is the host side. */
  tenantId: number | null;
  session: Session | null;
  language: Language;
  ip: string;
  isGranted(permission: string): boolean;
  /** The tenant's calendar: every "today", day and month of the request, and the offset its answer's times carry. */
  calendar: TenantCalendar;
}

interface SessionRow {
  id: number;
  user_name: string;
  tenant_id: number | null;
  language: string | null;
  permissions: string[];
  enterprise_ids: (number | string)[];
  areas: Record<string, number | string>[];
  time_zone: string | null;
}

/**
 * Loads the user behind a token with its granted permissions: one query, refused when user or tenant is inactive,
 * when the token's security stamp is no longer the user's (password changed or reset, user deactivated), or when the
 * display token a wall exchanged for it was revoked.
 */
export async function loadSession(
  db: Db, subject: Pick<TokenSubject, 'userId' | 'tenantId' | 'securityStamp' | 'displayTokenId'>,
): Promise<Session | null> {
  const { userId, tenantId, securityStamp, displayTokenId } = subject;
  const rows = await db.query<SessionRow>(
    `select u.id, u.user_name, u.tenant_id, u.language, t.time_zone,
            array(select distinct rp.name from user_roles ur
                    join roles r on r.id = ur.role_id and not r.is_deleted
                    join role_permissions rp on rp.role_id = r.id
                   where ur.user_id = u.id) as permissions,
            array(select ue.enterprise_id from user_enterprises ue where ue.user_id = u.id) as enterprise_ids,
            coalesce((select jsonb_agg(jsonb_strip_nulls(jsonb_build_object('qareaId', ua.qarea_id, 'sareaId', ua.sarea_id,
                        'careaId', ua.carea_id, 'vareaId', ua.varea_id)))
                        from user_areas ua where ua.user_id = u.id), '[]'::jsonb) as areas
       from users u left join tenants t on t.id = u.tenant_id
      where u.id = $1 and u.security_stamp = $2 and not u.is_deleted and u.is_active
        and (u.tenant_id is null or (t.is_active and not t.is_deleted))
        and ($3::bigint is null or exists (select 1 from display_tokens dt
                                            where dt.id = $3 and dt.user_id = u.id and dt.revoked_time is null))`,
    [userId, securityStamp, displayTokenId ?? null]);
  const row = rows[0];
  if (!row || row.tenant_id !== tenantId) return null;
  const enterpriseIds = row.enterprise_ids.map(Number);
  return {
    userId: row.id, userName: row.user_name, tenantId: row.tenant_id, language: row.language,
    permissions: new Set(row.permissions), enterpriseIds: enterpriseIds.length > 0 ? enterpriseIds : null,
    areas: row.areas.length > 0 ? row.areas.map(areaPathOf) : null, timeZone: row.time_zone ?? DEFAULT_TIME_ZONE,
    tokenKind: tokenKindOf(subject),
  };
}

const areaPathOf = (link: Record<string, number | string>): AreaPath =>
  Object.fromEntries(AREA_FIELDS.filter((f) => link[f] !== undefined).map((f) => [f, Number(link[f])]));

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || null;
  return null;
}

/** `Abp.TenantId` (ABP ≤ 9) or `Abp-TenantId` (ABP 10), header first, then cookie; "null" counts as absent. */
function requestedTenantId(request: FastifyRequest): number | null {
  for (const name of ['abp.tenantid', 'abp-tenantid']) {
    const value = request.headers[name];
    const parsed = Number.parseInt(Array.isArray(value) ? value[0] : value ?? '', 10);
    if (Number.isInteger(parsed)) return parsed;
  }
  for (const name of ['Abp.TenantId', 'Abp-TenantId']) {
    const parsed = Number.parseInt(readCookie(request, name) ?? '', 10);
    if (Number.isInteger(parsed)) return parsed;
  }
  return null;
}

export async function buildContext(services: Services, request: FastifyRequest): Promise<RequestContext> {
  const token = bearerToken(request);
  const subject = token ? await services.tokens.verify(token) : null;
  const session = subject ? await loadSession(services.db, subject) : null;
  // A logged-in user's tenant comes from the token; the header only chooses the tenant of anonymous calls (login).
  const tenantId = session ? session.tenantId : requestedTenantId(request);
  const zone = session ? session.timeZone : await zoneOfTenant(services.db, tenantId);
  const calendar = tenantCalendar(zone, services.clock);
  answerOnTenantClock(request, zone);
  return {
    ...services,
    tenantId,
    session,
    language: resolveLanguage(request, session?.language ?? null),
    ip: request.ip,
    isGranted: (permission) => session?.permissions.has(permission) ?? false,
    calendar,
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The zone whose clock the answer writes its instants on (the app's preSerialization hook reads it). */
    answerZone: string | null;
  }
}

/** Answers the request on the zone's clock: a device's call is answered on its tenant's, once it is known. */
export function answerOnTenantClock(request: FastifyRequest, zone: string): void {
  request.answerZone = zone;
}
