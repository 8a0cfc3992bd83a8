/**
 * The server's configuration: the environment, checked against a schema once at start. A wrong value
 * stops the server with a message naming the variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema } from 'env-schema';

/** The repository root (server/src/config.ts → ../..; also right for server/dist/config.js). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT =
  'urn:mace:surfnet.nl:surfnet.nl:sab:role:SURFconextverantwoordelijke';
export const DEFAULT_ORGANIZATION_GUID_PREFIX = 'urn:mace:surfnet.nl:surfnet.nl:sab:organizationGUID:';
/** The sub of the dev IdP's admin persona: the default super user when the dev IdP is in use. */
export const DEV_ADMIN_SUB = 'urn:collab:person:example.org:admin';

export const REMOTE_IDS = ['roles', 'invitations', 'system', 'tokens'] as const;
export type RemoteId = (typeof REMOTE_IDS)[number];

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get Secure, helmet sends HSTS. */
  secure: boolean;
  databaseUrl: string | null;
  /** A directory, or 'memory' for an in-memory PGlite. Unused when databaseUrl is set. */
  dataDir: string;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  /** True when the bundled development identity provider is mounted at /dev-idp. */
  devIdp: boolean;
  sessionSecret: string;
  superUserSubs: string[];
  institutionAdminEntitlement: string;
  organizationGuidEntitlementPrefix: string;
  groupUrnPrefix: string;
  pastDateAllowed: boolean;
  performanceSeedAllowed: boolean;
  smtpUrl: string | null;
  mailFrom: string;
  registryUrl: string | null;
  /** Milliseconds between runs; 0 disables the job. */
  cronCleanupMs: number;
  cronExpiryNotificationsMs: number;
  expiryNotificationDays: number;
  devSeed: boolean;
  staticDir: string;
  remoteUrls: Partial<Record<RemoteId, string>>;
  logLevel: string;
  environment: string;
}

const schema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: 'localhost' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATA_DIR: { type: 'string', minLength: 1 },
    OIDC_ISSUER: { type: 'string', pattern: '^https?://' },
    OIDC_CLIENT_ID: { type: 'string', minLength: 1 },
    OIDC_CLIENT_SECRET: { type: 'string', minLength: 1 },
    SESSION_SECRET: { type: 'string', minLength: 16 },
    SUPER_USER_SUBS: { type: 'string' },
    INSTITUTION_ADMIN_ENTITLEMENT: {
      type: 'string',
      minLength: 1,
      default: DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT,
    },
    ORGANIZATION_GUID_ENTITLEMENT_PREFIX: {
      type: 'string',
      minLength: 1,
      default: DEFAULT_ORGANIZATION_GUID_PREFIX,
    },
    GROUP_URN_PREFIX: { type: 'string', minLength: 1, default: 'urn:mace:surf.nl:test.surfaccess.nl' },
    PAST_DATE_ALLOWED: { type: 'boolean', default: false },
    PERFORMANCE_SEED_ALLOWED: { type: 'boolean', default: false },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Access portal <no-reply@example.org>' },
    REGISTRY_URL: { type: 'string', pattern: '^https?://' },
    CRON_CLEANUP: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h|d))$', default: '1h' },
    CRON_EXPIRY_NOTIFICATIONS: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h|d))$', default: '24h' },
    EXPIRY_NOTIFICATION_DAYS: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
    DEV_SEED: { type: 'boolean' },
    STATIC_DIR: { type: 'string', minLength: 1 },
    REMOTE_ROLES_URL: { type: 'string', minLength: 1 },
    REMOTE_INVITATIONS_URL: { type: 'string', minLength: 1 },
    REMOTE_SYSTEM_URL: { type: 'string', minLength: 1 },
    REMOTE_TOKENS_URL: { type: 'string', minLength: 1 },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    ENVIRONMENT: { type: 'string', minLength: 1, default: 'local' },
  },
} as const;

interface RawEnv {
  PORT: number;
  HOST: string;
  PUBLIC_URL?: string;
  DATABASE_URL?: string;
  DATA_DIR?: string;
  OIDC_ISSUER?: string;
  OIDC_CLIENT_ID?: string;
  OIDC_CLIENT_SECRET?: string;
  SESSION_SECRET?: string;
  SUPER_USER_SUBS?: string;
  INSTITUTION_ADMIN_ENTITLEMENT: string;
  ORGANIZATION_GUID_ENTITLEMENT_PREFIX: string;
  GROUP_URN_PREFIX: string;
  PAST_DATE_ALLOWED: boolean;
  PERFORMANCE_SEED_ALLOWED: boolean;
  SMTP_URL?: string;
  MAIL_FROM: string;
  REGISTRY_URL?: string;
  CRON_CLEANUP: string;
  CRON_EXPIRY_NOTIFICATIONS: string;
  EXPIRY_NOTIFICATION_DAYS: number;
  DEV_SEED?: boolean;
  STATIC_DIR?: string;
  REMOTE_ROLES_URL?: string;
  REMOTE_INVITATIONS_URL?: string;
  REMOTE_SYSTEM_URL?: string;
  REMOTE_TOKENS_URL?: string;
  LOG_LEVEL: string;
  ENVIRONMENT: string;
}

/** Thrown for a wrong environment; its message names the variable(s). */
export class ConfigError extends Error {}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '90s', '15m', '1h', '2d' or '0' (off) → milliseconds. */
export function parseInterval(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value);
  if (!match) throw new ConfigError(`not an interval: ${value}`);
  return Number(match[1]) * UNIT_MS[match[2] ?? 'ms'];
}

function describe(error: unknown): string {
  const errors = (
    error as { errors?: Array<{ instancePath?: string; message?: string; params?: Record<string, unknown> }> }
  ).errors;
  if (!errors?.length) return (error as Error).message;
  return errors
    .map((e) => {
      const name = (e.instancePath ?? '').replace(/^\//, '') || String(e.params?.missingProperty ?? '');
      return `${name} ${e.message ?? 'is invalid'}`;
    })
    .join('; ');
}

/** Reads and checks the environment. Throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset", as in most deployment tools.
  const data = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  let raw: RawEnv;
  try {
    raw = envSchema<RawEnv>({ schema, data, dotenv: false });
  } catch (error) {
    throw new ConfigError(`Invalid environment: ${describe(error)}`);
  }

  const oidcParts = [raw.OIDC_ISSUER, raw.OIDC_CLIENT_ID, raw.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together (or none, for the development identity provider)',
    );
  }
  const devIdp = !raw.OIDC_ISSUER;
  const publicUrl = (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, '');
  if (!devIdp && !raw.SESSION_SECRET) {
    throw new ConfigError('Invalid environment: SESSION_SECRET is required when OIDC_ISSUER is set');
  }
  const superUserSubs = raw.SUPER_USER_SUBS
    ? raw.SUPER_USER_SUBS.split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : devIdp
      ? [DEV_ADMIN_SUB]
      : [];

  return {
    port: raw.PORT,
    host: raw.HOST,
    publicUrl,
    secure: publicUrl.startsWith('https://'),
    databaseUrl: raw.DATABASE_URL ?? null,
    dataDir:
      raw.DATA_DIR === 'memory' ? 'memory' : path.resolve(raw.DATA_DIR ?? path.join(REPO_ROOT, '.data')),
    oidc: devIdp
      ? null
      : { issuer: raw.OIDC_ISSUER!, clientId: raw.OIDC_CLIENT_ID!, clientSecret: raw.OIDC_CLIENT_SECRET! },
    devIdp,
    // Only the dev IdP setup may run without a secret: sessions are then signed with a fixed dev value.
    sessionSecret: raw.SESSION_SECRET ?? 'development-only-session-secret',
    superUserSubs,
    institutionAdminEntitlement: raw.INSTITUTION_ADMIN_ENTITLEMENT,
    organizationGuidEntitlementPrefix: raw.ORGANIZATION_GUID_ENTITLEMENT_PREFIX,
    groupUrnPrefix: raw.GROUP_URN_PREFIX,
    pastDateAllowed: raw.PAST_DATE_ALLOWED,
    performanceSeedAllowed: raw.PERFORMANCE_SEED_ALLOWED,
    smtpUrl: raw.SMTP_URL ?? null,
    mailFrom: raw.MAIL_FROM,
    registryUrl: raw.REGISTRY_URL ?? null,
    cronCleanupMs: parseInterval(raw.CRON_CLEANUP),
    cronExpiryNotificationsMs: parseInterval(raw.CRON_EXPIRY_NOTIFICATIONS),
    expiryNotificationDays: raw.EXPIRY_NOTIFICATION_DAYS,
    devSeed: raw.DEV_SEED ?? devIdp,
    staticDir: path.resolve(raw.STATIC_DIR ?? REPO_ROOT),
    remoteUrls: {
      roles: raw.REMOTE_ROLES_URL,
      invitations: raw.REMOTE_INVITATIONS_URL,
      system: raw.REMOTE_SYSTEM_URL,
      tokens: raw.REMOTE_TOKENS_URL,
    },
    logLevel: raw.LOG_LEVEL,
    environment: raw.ENVIRONMENT,
  };
}
