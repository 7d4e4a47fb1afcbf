import crypto from 'node:crypto';
import path from 'node:path';
import { configuredMapKey } from '../shared/bigdata';
import { DEFAULT_PASSWORD_POLICY, PASSWORD_MAX_LENGTH, type PasswordPolicy } from '../shared/password-policy';

/** Everything the server reads from the environment, read in one place. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string;
  /** Redis for hub fan-out across instances. */
  redisUrl?: string;
  /**
   * The deployment's name, before every Redis channel it uses: Redis pub/sub ignores the database number, so two
   * deployments sharing one Redis server hear each other unless their channels differ.
   */
  redisChannelPrefix: string;
  /** Signing secret for access tokens; when absent one is generated once and kept in `dataDir`. */
  jwtSecret?: string;
  /** AMap's JavaScript API key for the map screens; null without one (they draw their offline map). */
  amapKey: string | null;
  /** The production host name, without `www.`: visits on `www.<host>` are redirected to it. */
  publicHost?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (login throttling keys on it). */
  trustProxy: boolean;
  /** Folder of the built client (index.html and assets). */
  publicDir: string;
  /** Where uploaded attachments are kept, one sub-folder per tenant. */
  uploadDir: string;
  /** The largest file one upload may carry. */
  maxUploadBytes: number;
  /** Contracts expiring within this many days produce reminders. */
  contractExpiryDays: number;
  /** How often the sweeper looks for silent devices, idle storage points and unsettled redemptions; 0 turns it off. */
  sweepIntervalMs: number;
  /** What a new password must satisfy, wherever one is set. */
  passwordPolicy: PasswordPolicy;
  /** Origins of browser clients served elsewhere (an ABP client on its own host); empty: same origin only. */
  corsOrigins: string[];
  /** Whether `Account/Register` creates users (in the tenant's default roles) or refuses. */
  selfRegistration: boolean;
}

const DEFAULT_MAX_UPLOAD_MB = 20;
const DEFAULT_SWEEP_INTERVAL_MS = 30_000;

const sweepInterval = (value: string | undefined) => {
  const parsed = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(parsed) && parsed >= 0 ? parsed : DEFAULT_SWEEP_INTERVAL_MS;
};

/**
 * A deployment is the database it serves: its instances share one, and two deployments never do. So the default name
 * is a digest of where the database lives (PostgreSQL's host, port and database name, without the credentials, which
 * may differ between instances; PGlite's data folder), the same on every instance of the deployment.
 */
function deploymentName(databaseUrl: string | undefined, dataDir: string): string {
  let where = `pglite:${dataDir}`;
  if (databaseUrl) {
    try {
      const url = new URL(databaseUrl);
      where = `postgres://${url.hostname.toLowerCase()}:${url.port || '5432'}${decodeURIComponent(url.pathname)}`;
    } catch {
      where = databaseUrl;
    }
  }
  return `waste-${crypto.createHash('sha256').update(where).digest('hex').slice(0, 12)}`;
}

const flag = (value: string | undefined, fallback: boolean) =>
  value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : fallback;

function passwordPolicy(env: NodeJS.ProcessEnv): PasswordPolicy {
  const length = Number(env.PASSWORD_REQUIRED_LENGTH);
  const d = DEFAULT_PASSWORD_POLICY;
  return {
    requiredLength: Number.isInteger(length) && length >= 1 ? Math.min(length, PASSWORD_MAX_LENGTH) : d.requiredLength,
    requireDigit: flag(env.PASSWORD_REQUIRE_DIGIT, d.requireDigit),
    requireLetter: flag(env.PASSWORD_REQUIRE_LETTER, d.requireLetter),
    requireLowercase: flag(env.PASSWORD_REQUIRE_LOWERCASE, d.requireLowercase),
    requireUppercase: flag(env.PASSWORD_REQUIRE_UPPERCASE, d.requireUppercase),
    requireNonAlphanumeric: flag(env.PASSWORD_REQUIRE_NON_ALPHANUMERIC, d.requireNonAlphanumeric),
    rejectCommon: flag(env.PASSWORD_REJECT_COMMON, d.rejectCommon),
  };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const maxUploadMb = Number(env.MAX_UPLOAD_MB);
  const databaseUrl = env.DATABASE_URL || undefined;
  return {
    port: Number(env.PORT ?? 21021),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: env.REDIS_URL || undefined,
    redisChannelPrefix: env.REDIS_CHANNEL_PREFIX?.trim() || deploymentName(databaseUrl, dataDir),
    jwtSecret: env.JWT_SECRET || undefined,
    amapKey: configuredMapKey(env.AMAP_KEY),
    publicHost: env.PUBLIC_HOST || undefined,
    trustProxy: env.TRUST_PROXY === 'true' || env.TRUST_PROXY === '1',
    publicDir: path.resolve(root, 'dist/public'),
    uploadDir: env.UPLOAD_DIR ? path.resolve(root, env.UPLOAD_DIR) : path.join(dataDir, 'uploads'),
    maxUploadBytes: Math.floor((maxUploadMb > 0 ? maxUploadMb : DEFAULT_MAX_UPLOAD_MB) * 1024 * 1024),
    contractExpiryDays: Math.max(1, Number(env.CONTRACT_EXPIRY_DAYS ?? 30) || 30),
    sweepIntervalMs: sweepInterval(env.SWEEP_INTERVAL_MS),
    passwordPolicy: passwordPolicy(env),
    corsOrigins: (env.CORS_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean),
    selfRegistration: flag(env.SELF_REGISTRATION, false),
  };
}
