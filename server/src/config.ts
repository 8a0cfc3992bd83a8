/**
 * The server's configuration: the environment, checked against a schema once at start. A wrong value
 * stops the server with a message naming the variable.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envSchema } from 'env-schema';
import { DEV_ADMIN_SUB } from './config.constants.js';
import { ConfigError } from './config.errors.js';
import { remoteUrlsFrom, trustedOriginsFrom } from './config.remotes.js';
import { envJsonSchema, type RawEnv } from './config.schema.js';

/** The repository root (server/src/config.ts → ../..; also right for server/dist/config.js). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export {
  DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT,
  DEFAULT_ORGANIZATION_GUID_PREFIX,
  DEV_ADMIN_SUB,
} from './config.constants.js';

/** The remotes this repository builds; the server serves them from STATIC_DIR unless told otherwise. */
export const BUNDLED_REMOTE_IDS = ['roles', 'invitations', 'system', 'tokens'] as const;

export interface AppConfig {
  port: number;
  host: string;
  publicUrl: string;
  /** True when PUBLIC_URL is https: cookies get Secure, helmet sends HSTS. */
  secure: boolean;
  databaseUrl: string | null;
  /**
   * The most connections each of the server's two PostgreSQL pools opens (its prepared statements' and the
   * others', db/pool-db.ts): DATABASE_POOL_SIZE, 10 unless set; optional so that configurations made in
   * code (tests) get the default. Unused on PGlite.
   */
  databasePoolSize?: number;
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
  /** The bench's floor route (GET /bench/floor, see plugins/bench-floor.ts); never in production. */
  benchFloor?: boolean;
  /**
   * Calls a minute one API token may make to the external API, per server instance (0 = no limit);
   * optional so that configurations made in code (tests) get the default.
   */
  externalApiRateLimit?: number;
  /**
   * Failed logins (HTTP Basic, unknown API tokens) a minute per account and per address before 429
   * (CREDENTIAL_FAILURE_LIMIT; plugins/credential-limiter.ts).
   */
  credentialFailureLimit?: number;
  smtpUrl: string | null;
  mailFrom: string;
  registryUrl: string | null;
  /** A folder of Manage-style JSON files used instead of the bundled server/registry; null: bundled. */
  registryDir: string | null;
  /**
   * Milliseconds between refreshes of the registry snapshot in the database from its source (one instance
   * reads the source per period; 0: only at a start that finds no snapshot).
   */
  registryRefreshMs: number;
  /** Milliseconds between each instance's checks of the snapshot's version (0: at every use, tests). */
  registryCheckMs: number;
  /** SCIM delivery (issue 41): the worker's settings, in milliseconds. */
  provisioning: ProvisioningConfig;
  /** The development SCIM service provider at /dev-scim (never in production). */
  devScim: boolean;
  /** HTTP Basic service accounts (REMOTE_USERS): voot, attribute aggregation, the internal API, profile, lifecycle. */
  remoteUsers: RemoteUser[];
  /** Milliseconds between runs; 0 disables the job. */
  cronCleanupMs: number;
  cronExpiryNotificationsMs: number;
  expiryNotificationDays: number;
  /** The system tab's window of memberships about to end (EXPIRING_ROLES_DAYS). */
  expiringRolesDays: number;
  /** The schac home organisation of eduID accounts (an invitation marked eduID only asks for it). */
  eduidHomeOrganization: string;
  /** The eduID identity provider's entity id in the registry (GET manage/eduid-identity-provider). */
  eduidEntityId: string;
  /**
   * The requested authentication contexts a role or an invitation may ask for (ACR_VALUES): name → the
   * ACR value sent to the identity provider as acr_values and expected back in the ID token's acr.
   */
  acrValues: Readonly<Record<string, string>>;
  /** LOGIN_HINT: the accept login names the identity providers that can serve the invitation. */
  loginHint: boolean;
  /** Milliseconds between runs of the tidy-data jobs; 0 disables them. */
  cronTidyMs: number;
  /** Tidy-data settings in days; 0 switches that part off (audit retention has a floor instead). */
  tidy: {
    inactiveUserDays: number;
    usersWithoutRolesDays: number;
    auditRetentionDays: number;
    invitationRetentionDays: number;
  };
  /** GET /metrics: answered with this bearer token, or to anyone when metricsOpen; else 404. */
  metricsToken: string | null;
  metricsOpen: boolean;
  /** Readable lines (development) or JSON (production, or LOG_FORMAT=json). */
  logFormat: 'pretty' | 'json';
  devSeed: boolean;
  staticDir: string;
  /**
   * Remote id → URL of its mf-manifest.json, from REMOTE_<ID>_URL and REMOTES: overrides of the bundled
   * remotes and any further remote (ids are free: remotes.json is the only list the console reads).
   */
  remoteUrls: Record<string, string>;
  /** Origins (besides PUBLIC_URL's) that login may return to: a remote run on its own dev server. */
  trustedOrigins: string[];
  logLevel: string;
  environment: string;
  /** Header links of the console: the federation's welcome page, help, and its app switcher. */
  welcomeUrl: string;
  helpUrl: string | null;
  switchAppUrl: string | null;
}

export { ConfigError };

export interface ProvisioningConfig {
  /** False: changes are recorded, nothing is sent (an instance that only serves the console). */
  worker: boolean;
  pollMs: number;
  timeoutMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** Calls sent at once to one target (PROVISIONING_PARALLEL); one person's deliveries stay in order. */
  parallel: number;
  leaseMs: number;
  /**
   * Where a Microsoft Graph provisioning gets its client-credentials token (GRAPH_LOGIN_URL):
   * `{graphLoginUrl}/{graph_tenant}/oauth2/v2.0/token`. login.microsoftonline.com, or the development
   * Graph service's /dev-graph/login when that is on.
   */
  graphLoginUrl: string;
}

export type RemoteUserScope =
  'voot' | 'attribute_aggregation' | 'sp_dashboard' | 'access' | 'profile' | 'lifecycle';

/** An application of the registry a service account reaches (manage's id and entity type). */
export interface RemoteUserApplication {
  manageId: string;
  manageType: 'saml20_sp' | 'oidc10_rp';
}

export interface RemoteUser {
  username: string;
  password: string;
  scopes: RemoteUserScope[];
  /**
   * The applications an sp_dashboard or access account reaches through the internal API; absent: every
   * application (OpenConext Invite's accounts without applications).
   */
  applications?: RemoteUserApplication[];
}

export const REMOTE_USER_SCOPES: readonly RemoteUserScope[] = [
  'voot',
  'attribute_aggregation',
  'sp_dashboard',
  'access',
  'profile',
  'lifecycle',
];

const MANAGE_TYPES: readonly string[] = ['saml20_sp', 'oidc10_rp'];

function applicationsFrom(value: unknown, i: number): RemoteUserApplication[] {
  const refusal = new ConfigError(
    `Invalid environment: REMOTE_USERS[${i}].applications must be a list of { "manageId", "manageType" } with manageType saml20_sp or oidc10_rp`,
  );
  if (!Array.isArray(value)) throw refusal;
  return value.map((a: unknown) => {
    const app = a as Partial<RemoteUserApplication> | null;
    if (
      !app ||
      typeof app !== 'object' ||
      typeof app.manageId !== 'string' ||
      app.manageId === '' ||
      typeof app.manageType !== 'string' ||
      !MANAGE_TYPES.includes(app.manageType)
    ) {
      throw refusal;
    }
    return { manageId: app.manageId, manageType: app.manageType };
  });
}

/** REMOTE_USERS: a JSON array of `{ username, password, scopes, applications? }`. */
export function remoteUsersFrom(value: string | undefined): RemoteUser[] {
  if (value === undefined) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('Invalid environment: REMOTE_USERS must be a JSON array');
  }
  if (!Array.isArray(parsed)) throw new ConfigError('Invalid environment: REMOTE_USERS must be a JSON array');
  const accounts = parsed.map((entry: unknown, i): RemoteUser => {
    const e = entry as (Partial<RemoteUser> & { applications?: unknown }) | null;
    if (
      !e ||
      typeof e.username !== 'string' ||
      e.username === '' ||
      typeof e.password !== 'string' ||
      e.password.length < 8 ||
      !Array.isArray(e.scopes) ||
      e.scopes.some((s) => !REMOTE_USER_SCOPES.includes(s))
    ) {
      throw new ConfigError(
        `Invalid environment: REMOTE_USERS[${i}] needs a username, a password of 8 or more characters and scopes among ${REMOTE_USER_SCOPES.join(', ')}`,
      );
    }
    const account: RemoteUser = { username: e.username, password: e.password, scopes: [...e.scopes] };
    if (e.applications !== undefined) account.applications = applicationsFrom(e.applications, i);
    return account;
  });
  const names = new Set<string>();
  accounts.forEach((a, i) => {
    if (names.has(a.username)) {
      throw new ConfigError(`Invalid environment: REMOTE_USERS[${i}] repeats the username ${a.username}`);
    }
    names.add(a.username);
  });
  return accounts;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** '90s', '15m', '1h', '2d' or '0' (off) → milliseconds. */
/** The four eduID assurance values OpenConext offers (ACR_VALUES unset). */
export const DEFAULT_ACR_VALUES: Readonly<Record<string, string>> = {
  EduIDLinkedInstitution: 'https://eduid.nl/trust/linked-institution',
  EduIDValidatedName: 'https://eduid.nl/trust/validate-names',
  ValidateNamesExternal: 'https://eduid.nl/trust/validate-names-external',
  EduIDRequireStudentAffiliation: 'https://eduid.nl/trust/affiliation-student',
};

/** ACR_VALUES: a JSON object of names to ACR values (non-empty texts without spaces, each once). */
export function acrValuesFrom(value: string | undefined): Readonly<Record<string, string>> {
  if (value === undefined) return DEFAULT_ACR_VALUES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ConfigError('Invalid environment: ACR_VALUES must be a JSON object of names to ACR values');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('Invalid environment: ACR_VALUES must be a JSON object of names to ACR values');
  }
  const entries = Object.entries(parsed as Record<string, unknown>);
  const seen = new Set<string>();
  for (const [name, acr] of entries) {
    // acr_values is a space-separated list: a value with a space would be two values.
    if (typeof acr !== 'string' || acr === '' || /\s/.test(acr) || acr.length > 1024 || name.trim() === '') {
      throw new ConfigError(
        `Invalid environment: ACR_VALUES value of ${JSON.stringify(name)} must be a text without spaces`,
      );
    }
    if (seen.has(acr)) throw new ConfigError(`Invalid environment: ACR_VALUES names ${acr} twice`);
    seen.add(acr);
  }
  return Object.freeze(Object.fromEntries(entries)) as Record<string, string>;
}

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

/** Loopback hosts, where plain http cannot be intercepted on the way. */
function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Which login the server offers. The development identity provider lets anyone sign in as anyone (a
 * super user included), so it is never a fallback: it must be asked for with DEV_IDP=true, and is refused
 * with NODE_ENV=production. Without either login the server does not start.
 */
function checkLogin(raw: RawEnv, production: boolean): boolean {
  if (raw.DEV_IDP) {
    if (production) {
      throw new ConfigError(
        'Invalid environment: DEV_IDP=true is not allowed with NODE_ENV=production (the development identity provider lets anyone log in as anyone); configure OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
      );
    }
    if (raw.OIDC_ISSUER) {
      throw new ConfigError(
        'Invalid environment: DEV_IDP=true and OIDC_ISSUER exclude each other; set one login only',
      );
    }
    return true;
  }
  if (!raw.OIDC_ISSUER) {
    throw new ConfigError(
      'Invalid environment: no login configured. Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for an OpenID Connect provider, or DEV_IDP=true for the development identity provider (development only, never with NODE_ENV=production)',
    );
  }
  const issuer = new URL(raw.OIDC_ISSUER);
  if (issuer.protocol === 'http:' && !isLoopback(issuer.hostname)) {
    throw new ConfigError(
      `Invalid environment: OIDC_ISSUER must use https (plain http is only accepted on a loopback host): ${raw.OIDC_ISSUER}`,
    );
  }
  return false;
}

/** Reads and checks the environment. Throws ConfigError naming every wrong variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "unset", as in most deployment tools.
  const data = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // The schema's number coercion takes `Infinity` (past every maximum) and `0x10`: a whole-number setting
  // is written in decimal digits or refused.
  const notWhole = Object.entries(envJsonSchema.properties)
    .filter(([name, property]) => property.type === 'integer' && name in data)
    .filter(([name]) => !/^\s*-?\d+\s*$/.test(String(data[name])))
    .map(([name]) => name);
  if (notWhole.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${notWhole.join(', ')} must be a whole number in decimal digits`,
    );
  }
  let raw: RawEnv;
  try {
    raw = envSchema<RawEnv>({ schema: envJsonSchema, data, dotenv: false });
  } catch (error) {
    throw new ConfigError(`Invalid environment: ${describe(error)}`);
  }

  const oidcParts = [raw.OIDC_ISSUER, raw.OIDC_CLIENT_ID, raw.OIDC_CLIENT_SECRET];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(
      'Invalid environment: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
    );
  }
  const production = env.NODE_ENV === 'production';
  const devIdp = checkLogin(raw, production);
  if (production && raw.BENCH_FLOOR) {
    throw new ConfigError(
      'Invalid environment: BENCH_FLOOR=true is not allowed with NODE_ENV=production (it opens an unauthenticated route for the bench)',
    );
  }
  if (production && raw.DEV_SCIM) {
    throw new ConfigError(
      'Invalid environment: DEV_SCIM=true is not allowed with NODE_ENV=production (a SCIM service provider for development)',
    );
  }
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
    databasePoolSize: raw.DATABASE_POOL_SIZE,
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
    benchFloor: raw.BENCH_FLOOR,
    externalApiRateLimit: raw.EXTERNAL_API_RATE_LIMIT,
    credentialFailureLimit: raw.CREDENTIAL_FAILURE_LIMIT,
    smtpUrl: raw.SMTP_URL ?? null,
    mailFrom: raw.MAIL_FROM,
    registryUrl: raw.REGISTRY_URL ?? null,
    registryDir: raw.REGISTRY_DIR ? path.resolve(raw.REGISTRY_DIR) : null,
    registryRefreshMs: parseInterval(raw.REGISTRY_REFRESH),
    registryCheckMs: parseInterval(raw.REGISTRY_CHECK),
    provisioning: {
      worker: raw.PROVISIONING,
      pollMs: parseInterval(raw.PROVISIONING_POLL),
      timeoutMs: parseInterval(raw.PROVISIONING_TIMEOUT),
      retryBaseMs: parseInterval(raw.PROVISIONING_RETRY_BASE),
      retryMaxMs: parseInterval(raw.PROVISIONING_RETRY_MAX),
      maxAttempts: raw.PROVISIONING_MAX_ATTEMPTS,
      parallel: raw.PROVISIONING_PARALLEL,
      leaseMs: parseInterval(raw.PROVISIONING_LEASE),
      graphLoginUrl: (
        raw.GRAPH_LOGIN_URL ??
        ((raw.DEV_SCIM ?? devIdp) ? `${publicUrl}/dev-graph/login` : 'https://login.microsoftonline.com')
      ).replace(/\/+$/, ''),
    },
    devScim: raw.DEV_SCIM ?? devIdp,
    remoteUsers: remoteUsersFrom(raw.REMOTE_USERS),
    cronCleanupMs: parseInterval(raw.CRON_CLEANUP),
    cronExpiryNotificationsMs: parseInterval(raw.CRON_EXPIRY_NOTIFICATIONS),
    expiryNotificationDays: raw.EXPIRY_NOTIFICATION_DAYS,
    expiringRolesDays: raw.EXPIRING_ROLES_DAYS,
    eduidHomeOrganization: raw.EDUID_HOME_ORGANIZATION,
    eduidEntityId: raw.EDUID_ENTITY_ID,
    acrValues: acrValuesFrom(raw.ACR_VALUES),
    loginHint: raw.LOGIN_HINT,
    cronTidyMs: parseInterval(raw.CRON_TIDY),
    tidy: {
      inactiveUserDays: raw.TIDY_INACTIVE_USER_DAYS,
      usersWithoutRolesDays: raw.TIDY_USERS_WITHOUT_ROLES_DAYS,
      auditRetentionDays: raw.AUDIT_RETENTION_DAYS,
      invitationRetentionDays: raw.INVITATION_RETENTION_DAYS,
    },
    metricsToken: raw.METRICS_TOKEN ?? null,
    metricsOpen: raw.METRICS_OPEN,
    logFormat: raw.LOG_FORMAT ?? (production ? 'json' : 'pretty'),
    devSeed: raw.DEV_SEED ?? devIdp,
    staticDir: path.resolve(raw.STATIC_DIR ?? REPO_ROOT),
    remoteUrls: remoteUrlsFrom(data, raw.REMOTES),
    trustedOrigins: trustedOriginsFrom(raw.TRUSTED_ORIGINS, devIdp),
    logLevel: raw.LOG_LEVEL,
    environment: raw.ENVIRONMENT,
    welcomeUrl: raw.WELCOME_URL ?? publicUrl,
    helpUrl: raw.HELP_URL ?? null,
    switchAppUrl: raw.SWITCH_APP_URL ?? null,
  };
}
