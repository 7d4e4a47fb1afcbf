import type { FastifyInstance } from 'fastify';
import { translate } from '../../../shared/locales';
import { verifyAgainstNobody, verifyPassword } from '../../auth/passwords';
import { hashSecret, newSecret } from '../../auth/secrets';
import { lockedMinutesLeft, reserveAttempt, settleSuccess, throttleKeys } from '../../auth/throttle';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { buildContext, type RequestContext, type Services } from '../../http/context';
import { errors } from '../../http/errors';
import { sendSuccess } from '../../http/envelope';
import { Input } from '../../http/input';
import { recordOf } from '../../../shared/json';
import type { TextKey } from '../../../shared/locales';
import { instantText } from '../../time';

/** How long a reset code handed out at login stays good: long enough to type a new password twice. */
export const RESET_CODE_MINUTES = 10;

/** ABP's AuthenticateResultModel: a token, or (for a user who must choose a new password first) a reset code. */
export interface AuthenticateResult {
  accessToken: string | null;
  encryptedAccessToken: string | null;
  expireInSeconds: number;
  userId: number;
  shouldResetPassword: boolean;
  passwordResetCode: string | null;
  shouldChangePasswordOnNextLogin: boolean;
}

interface LoginRow {
  id: number;
  user_name: string;
  password_hash: string;
  is_active: boolean;
  security_stamp: string;
  should_change_password_on_next_login: boolean;
}

function loginFailed(ctx: RequestContext, detailsKey: TextKey, params: Record<string, string | number> = {}) {
  return errors.userFriendly(translate(ctx.language, 'errors.loginFailed'), translate(ctx.language, detailsKey, params));
}

/** Checks the tenant of the request: unknown or inactive tenants cannot log in. */
async function checkTenant(ctx: RequestContext): Promise<void> {
  if (ctx.tenantId === null) return;
  const rows = await ctx.db.query<{ is_active: boolean; tenancy_name: string }>(
    'select is_active, tenancy_name from tenants where id = $1 and not is_deleted', [ctx.tenantId]);
  if (rows.length === 0) throw loginFailed(ctx, 'errors.tenantNotFound', { id: ctx.tenantId });
  if (!rows[0].is_active) throw loginFailed(ctx, 'login.tenantInactive', { name: rows[0].tenancy_name });
}

export async function authenticate(ctx: RequestContext, input: Input): Promise<AuthenticateResult> {
  const login = input.requiredString('userNameOrEmailAddress', 256).trim();
  const password = input.requiredString('password', 32);
  await checkTenant(ctx);
  const rows = await ctx.db.query<LoginRow>(
    `select id, user_name, password_hash, is_active, security_stamp, should_change_password_on_next_login from users
      where tenant_id is not distinct from $1 and not is_deleted
        and (normalized_user_name = upper($2) or normalized_email_address = upper($2))
      order by (normalized_user_name = upper($2)) desc limit 1`, [ctx.tenantId, login]);
  const user = rows[0];
  // The attempt is counted before the password is checked, so no number of simultaneous guesses gets past the limit.
  const keys = throttleKeys(ctx.tenantId, user?.id ?? null, login, ctx.ip);
  if (!(await reserveAttempt(ctx.db, keys))) {
    throw loginFailed(ctx, 'errors.lockedOut', { minutes: Math.max(1, await lockedMinutesLeft(ctx.db, keys)) });
  }
  const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstNobody(password);
  if (!user || !valid) throw loginFailed(ctx, 'errors.invalidCredentials');
  await settleSuccess(ctx.db, keys);
  if (!user.is_active) throw loginFailed(ctx, 'errors.userInactive');
  if (user.should_change_password_on_next_login) return resetCodeFor(ctx, user.id);
  return logIn(ctx, user);
}

/**
 * A user who must choose a new password gets no token: a password others may know (the published one of the seeded
 * admins, one an administrator chose) opens nothing until it is replaced. The answer is a reset code for this user in
 * this tenant, good once for a few minutes, which `Account/ResetPassword` takes with the new password.
 */
async function resetCodeFor(ctx: RequestContext, userId: number): Promise<AuthenticateResult> {
  const code = newSecret();
  await ctx.db.query('update users set password_reset_code_hash = $2, password_reset_code_expiry = $3 where id = $1',
    [userId, hashSecret(code), instantText(ctx.clock.now() + RESET_CODE_MINUTES * 60_000)]);
  return {
    accessToken: null, encryptedAccessToken: null, expireInSeconds: 0, userId,
    shouldResetPassword: true, passwordResetCode: code, shouldChangePasswordOnNextLogin: true,
  };
}

/** The login itself: a token carrying the user's current security stamp. */
export async function logIn(ctx: RequestContext, user: Pick<LoginRow, 'id' | 'user_name' | 'security_stamp'>): Promise<AuthenticateResult> {
  await ctx.db.query('update users set last_login_time = now() where id = $1', [user.id]);
  const accessToken = await ctx.tokens.issue({ userId: user.id, userName: user.user_name, tenantId: ctx.tenantId, securityStamp: user.security_stamp });
  return {
    accessToken, encryptedAccessToken: ctx.tokens.encrypt(accessToken), expireInSeconds: TOKEN_LIFETIME_SECONDS, userId: user.id,
    shouldResetPassword: false, passwordResetCode: null, shouldChangePasswordOnNextLogin: false,
  };
}

/** `POST /api/TokenAuth/Authenticate`: an MVC controller in ABP, so it lives outside the app-service prefix. */
export function mountTokenAuth(app: FastifyInstance, services: Services): void {
  app.post('/api/TokenAuth/Authenticate', async (request, reply) => {
    const ctx = await buildContext(services, request);
    return sendSuccess(reply, await authenticate(ctx, new Input(recordOf(request.body), ctx.language)));
  });
}
