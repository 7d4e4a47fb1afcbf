import { WALL_DEFAULTS, WALL_LIMITS, type WallSettings } from '../../../shared/bigdata';
import type { RequestContext } from '../../http/context';
import type { Input } from '../../http/input';

// The host's walls have no tenant id; the key 0 stands for it, as in the other per-tenant tables.
const tenantKey = (ctx: RequestContext) => ctx.tenantId ?? 0;

interface SettingsRow {
  title: string | null;
  rotate_seconds: number;
  replay_minutes: number;
}

/** The tenant's wall settings; the defaults until an administrator saves them. */
export async function readWallSettings(ctx: RequestContext): Promise<WallSettings> {
  const rows = await ctx.db.query<SettingsRow>(
    'select title, rotate_seconds, replay_minutes from wall_settings where tenant_key = $1', [tenantKey(ctx)]);
  const row = rows[0];
  return row ? { title: row.title, rotateSeconds: row.rotate_seconds, replayMinutes: row.replay_minutes } : WALL_DEFAULTS;
}

/** Saves the tenant's wall settings; a blank title is no title (the wall shows the product's). */
export async function updateWallSettings(ctx: RequestContext, input: Input): Promise<WallSettings> {
  const title = input.optionalString('title', WALL_LIMITS.title)?.trim() || null;
  const rotateSeconds = input.requiredInt('rotateSeconds', WALL_LIMITS.rotateSeconds);
  const replayMinutes = input.requiredInt('replayMinutes', WALL_LIMITS.replayMinutes);
  await ctx.db.query(
    `insert into wall_settings (tenant_key, title, rotate_seconds, replay_minutes, last_modifier_user_id, last_modification_time)
     values ($1, $2, $3, $4, $5, now())
     on conflict (tenant_key) do update set title = excluded.title, rotate_seconds = excluded.rotate_seconds,
       replay_minutes = excluded.replay_minutes, last_modifier_user_id = excluded.last_modifier_user_id,
       last_modification_time = excluded.last_modification_time`,
    [tenantKey(ctx), title, rotateSeconds, replayMinutes, ctx.session?.userId ?? null]);
  return { title, rotateSeconds, replayMinutes };
}
