import type { FastifyInstance } from 'fastify';
import { DISPLAY_AUTH_PATH } from '../../../shared/bigdata';
import { recordOf } from '../../../shared/json';
import { translate } from '../../../shared/locales';
import { hashSecret } from '../../auth/secrets';
import { TOKEN_LIFETIME_SECONDS } from '../../auth/tokens';
import { buildContext, loadSession, type RequestContext, type Services } from '../../http/context';
import { sendSuccess } from '../../http/envelope';
import { errors } from '../../http/errors';
import { Input } from '../../http/input';
import { isDisplayAccount } from './display-tokens';
import type { TextKey } from '../../../shared/locales';

interface DisplayTokenRow {
  id: number;
  tenant_id: number | null;
  user_id: number;
  user_name: string;
  security_stamp: string;
  user_active: boolean;
  tenant_active: boolean;
}

/** What a display's sign-in answers: a login's result, and the tenant the token belongs to (the wall sent none). */
export interface DisplayAuthenticateResult {
  accessToken: string;
  encryptedAccessToken: string;
  expireInSeconds: number;
  userId: number;
  tenantId: number | null;
  shouldChangePasswordOnNextLogin: false;
}

/**
 * Exchanges a display token for an access token. No attempt counting as at a login: the secret has 256 random bits,
 * nothing to guess. Every refusal is final for that token (401), so the wall stops and says so.
 */
export async function displayAuthenticate(ctx: RequestContext, input: Input): Promise<DisplayAuthenticateResult> {
  const secret = input.requiredString('displayToken', 128);
  const refused = (key: TextKey) => errors.signInRefused(translate(ctx.language, 'bigdata.displaySignInRefused'), translate(ctx.language, key));
  const rows = await ctx.db.query<DisplayTokenRow>(
    `select dt.id, dt.tenant_id, u.id as user_id, u.user_name, u.security_stamp, u.is_active as user_active,
            coalesce(t.is_active and not t.is_deleted, true) as tenant_active
       from display_tokens dt join users u on u.id = dt.user_id and not u.is_deleted
       left join tenants t on t.id = dt.tenant_id
      where dt.secret_hash = $1 and dt.revoked_time is null`, [hashSecret(secret)]);
  const token = rows[0];
  if (!token) throw refused('bigdata.displayTokenUnknown');
  if (!token.tenant_active) throw refused('errors.tenantInactive');
  if (!token.user_active) throw refused('errors.userInactive');
  const subject = { userId: token.user_id, userName: token.user_name, tenantId: token.tenant_id, securityStamp: token.security_stamp, displayTokenId: token.id };
  const session = await loadSession(ctx.db, subject);
  // Roles may have changed since the token was issued: an account that now holds more is no display account.
  if (!session || !isDisplayAccount(session)) throw refused('bigdata.displayUserChanged');
  await ctx.db.query('update display_tokens set last_used_time = now() where id = $1', [token.id]);
  const accessToken = await ctx.tokens.issue(subject);
  return {
    accessToken, encryptedAccessToken: ctx.tokens.encrypt(accessToken), expireInSeconds: TOKEN_LIFETIME_SECONDS,
    userId: token.user_id, tenantId: token.tenant_id,
    // Nobody stands at a wall to choose a password.
    shouldChangePasswordOnNextLogin: false,
  };
}

/** `POST /api/TokenAuth/DisplayAuthenticate`: beside TokenAuth/Authenticate, outside the app-service prefix. */
export function mountDisplayAuth(app: FastifyInstance, services: Services): void {
  app.post(DISPLAY_AUTH_PATH, async (request, reply) => {
    const ctx = await buildContext(services, request);
    return sendSuccess(reply, await displayAuthenticate(ctx, new Input(recordOf(request.body), ctx.language)));
  });
}
