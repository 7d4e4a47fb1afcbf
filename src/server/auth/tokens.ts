import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { jwtVerify, SignJWT } from 'jose';

// Claim names as ABP writes them, so tokens read the same to any ABP-aware tool.
const CLAIMS = {
  userId: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/nameidentifier',
  userName: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
  tenantId: 'http://www.aspnetboilerplate.com/identity/claims/tenantId',
  securityStamp: 'AspNet.Identity.SecurityStamp',
  displayTokenId: 'display_token_id',
} as const;

const ISSUER = 'WasteBackOffice';
export const TOKEN_LIFETIME_SECONDS = 86400;

/**
 * How the token was obtained: a person's login, or a wall display's exchange of its display token (it names that
 * display token). A display's token opens the wall's own calls and nothing else, whatever its account holds: its secret
 * sits in a URL on an unattended screen.
 */
export type TokenKind = 'login' | 'display';

export const tokenKindOf = (subject: Pick<TokenSubject, 'displayTokenId'>): TokenKind =>
  (subject.displayTokenId === undefined ? 'login' : 'display');

export interface TokenSubject {
  userId: number;
  userName: string;
  tenantId: number | null;
  /** The user's stamp when the token was issued; a token whose stamp is no longer the user's is refused. */
  securityStamp: string;
  /**
   * The display token the access token was exchanged for, when a wall obtained it: revoking that display token stops
   * this access token alone, not those of the account's other walls.
   */
  displayTokenId?: number;
}

export interface TokenService {
  issue(subject: TokenSubject): Promise<string>;
  verify(token: string): Promise<TokenSubject | null>;
  /** ABP's encryptedAccessToken: opaque to the client, reversible by the server (for WebSocket URLs). */
  encrypt(token: string): string;
  decrypt(encrypted: string): string | null;
}

/** The secret comes from JWT_SECRET, or is generated once and kept in the data folder. */
export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** How many verified tokens are remembered: far more than the users one instance serves in a day. */
const VERIFIED_MAX = 10_000;

export function createTokenService(secret: string): TokenService {
  const signingKey = new TextEncoder().encode(secret);
  const cipherKey = crypto.createHash('sha256').update(`enc:${secret}`).digest();
  // Checking a signature costs more than the rest of a small request. A token's claims and expiry never change, and
  // revoking one is the security stamp's job (checked on every request), so a token verified once is believed until
  // it expires. Oldest first out: a Map keeps insertion order.
  const verified = new Map<string, { subject: TokenSubject; expiresAt: number }>();
  const remember = (token: string, subject: TokenSubject, expiresAt: number) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { subject, expiresAt });
  };
  return {
    async issue({ userId, userName, tenantId, securityStamp, displayTokenId }) {
      const claims: Record<string, string> = {
        [CLAIMS.userId]: String(userId), [CLAIMS.userName]: userName, [CLAIMS.securityStamp]: securityStamp,
      };
      if (tenantId !== null) claims[CLAIMS.tenantId] = String(tenantId);
      if (displayTokenId !== undefined) claims[CLAIMS.displayTokenId] = String(displayTokenId);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(userId))
        .setJti(crypto.randomUUID())
        .setIssuedAt()
        .setIssuer(ISSUER)
        .setAudience(ISSUER)
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(signingKey);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.subject;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, signingKey, { issuer: ISSUER, audience: ISSUER, algorithms: ['HS256'] });
        const userId = Number(payload[CLAIMS.userId]);
        if (!Number.isInteger(userId)) return null;
        const tenantClaim = payload[CLAIMS.tenantId];
        const securityStamp = payload[CLAIMS.securityStamp];
        // A token without a stamp predates stamps and can never match one: refused like any revoked token.
        if (typeof securityStamp !== 'string' || securityStamp === '') return null;
        const displayClaim = payload[CLAIMS.displayTokenId];
        const displayTokenId = displayClaim === undefined ? undefined : Number(displayClaim);
        // A display claim that names no token can match none: refused rather than read as a person's token.
        if (displayTokenId !== undefined && !Number.isInteger(displayTokenId)) return null;
        const subject: TokenSubject = {
          userId, userName: String(payload[CLAIMS.userName] ?? ''), tenantId: tenantClaim === undefined ? null : Number(tenantClaim), securityStamp,
          ...(displayTokenId === undefined ? {} : { displayTokenId }),
        };
        remember(token, subject, (payload.exp ?? 0) * 1000);
        return subject;
      } catch {
        return null;
      }
    },
    encrypt(token) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', cipherKey, iv);
      const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    decrypt(encrypted) {
      try {
        const raw = Buffer.from(encrypted, 'base64url');
        if (raw.length < 29) return null;
        const decipher = crypto.createDecipheriv('aes-256-gcm', cipherKey, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
