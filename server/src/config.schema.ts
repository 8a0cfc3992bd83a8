/** The JSON schema of the environment (config.ts) and the shape it yields. */
import {
  AUDIT_RETENTION_MINIMUM_DAYS,
  DEFAULT_INSTITUTION_ADMIN_ENTITLEMENT,
  DEFAULT_ORGANIZATION_GUID_PREFIX,
} from './config.constants.js';

export const envJsonSchema = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 8080 },
    HOST: { type: 'string', minLength: 1, default: 'localhost' },
    PUBLIC_URL: { type: 'string', pattern: '^https?://[^\\s/]+(/[^\\s]*)?$' },
    DATABASE_URL: { type: 'string', pattern: '^postgres(ql)?://' },
    DATABASE_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 500, default: 10 },
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
    BENCH_FLOOR: { type: 'boolean', default: false },
    EXTERNAL_API_RATE_LIMIT: { type: 'integer', minimum: 0, maximum: 1_000_000, default: 600 },
    CREDENTIAL_FAILURE_LIMIT: { type: 'integer', minimum: 1, maximum: 1000, default: 5 },
    SMTP_URL: { type: 'string', pattern: '^smtps?://' },
    MAIL_FROM: { type: 'string', minLength: 3, default: 'Access portal <no-reply@example.org>' },
    REGISTRY_URL: { type: 'string', pattern: '^https?://' },
    REGISTRY_DIR: { type: 'string', minLength: 1 },
    REGISTRY_REFRESH: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h))$', default: '30s' },
    REGISTRY_CHECK: { type: 'string', pattern: '^(0|\\d+(ms|s|m))$', default: '5s' },
    PROVISIONING: { type: 'boolean', default: true },
    PROVISIONING_POLL: { type: 'string', pattern: '^\\d+(ms|s|m|h)$', default: '1s' },
    PROVISIONING_TIMEOUT: { type: 'string', pattern: '^\\d+(ms|s|m)$', default: '10s' },
    PROVISIONING_RETRY_BASE: { type: 'string', pattern: '^\\d+(ms|s|m|h)$', default: '2s' },
    PROVISIONING_RETRY_MAX: { type: 'string', pattern: '^\\d+(ms|s|m|h|d)$', default: '1h' },
    PROVISIONING_MAX_ATTEMPTS: { type: 'integer', minimum: 1, maximum: 1000, default: 25 },
    PROVISIONING_PARALLEL: { type: 'integer', minimum: 1, maximum: 32, default: 1 },
    PROVISIONING_LEASE: { type: 'string', pattern: '^\\d+(ms|s|m|h)$', default: '2m' },
    DEV_SCIM: { type: 'boolean' },
    GRAPH_LOGIN_URL: { type: 'string', pattern: '^https?://' },
    REMOTE_USERS: { type: 'string', minLength: 2 },
    CRON_CLEANUP: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h|d))$', default: '1h' },
    CRON_EXPIRY_NOTIFICATIONS: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h|d))$', default: '24h' },
    EXPIRY_NOTIFICATION_DAYS: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
    EXPIRING_ROLES_DAYS: { type: 'integer', minimum: 1, maximum: 365, default: 30 },
    EDUID_HOME_ORGANIZATION: { type: 'string', minLength: 1, maxLength: 255, default: 'eduid.nl' },
    EDUID_ENTITY_ID: { type: 'string', minLength: 1, maxLength: 1024, default: 'https://login.eduid.nl' },
    ACR_VALUES: { type: 'string', minLength: 2 },
    LOGIN_HINT: { type: 'boolean', default: true },
    CRON_TIDY: { type: 'string', pattern: '^(0|\\d+(ms|s|m|h|d))$', default: '24h' },
    TIDY_INACTIVE_USER_DAYS: { type: 'integer', minimum: 0, maximum: 36500, default: 1000 },
    TIDY_USERS_WITHOUT_ROLES_DAYS: { type: 'integer', minimum: 0, maximum: 36500, default: 90 },
    AUDIT_RETENTION_DAYS: {
      type: 'integer',
      minimum: AUDIT_RETENTION_MINIMUM_DAYS,
      maximum: 36500,
      default: 365,
    },
    INVITATION_RETENTION_DAYS: { type: 'integer', minimum: 0, maximum: 3650, default: 30 },
    METRICS_TOKEN: { type: 'string', minLength: 16 },
    METRICS_OPEN: { type: 'boolean', default: false },
    LOG_FORMAT: { type: 'string', enum: ['pretty', 'json'] },
    DEV_IDP: { type: 'boolean', default: false },
    DEV_SEED: { type: 'boolean' },
    STATIC_DIR: { type: 'string', minLength: 1 },
    // Remote manifests: REMOTE_<ID>_URL for any id, read in config.ts, and this JSON object.
    REMOTES: { type: 'string', minLength: 2 },
    TRUSTED_ORIGINS: { type: 'string' },
    LOG_LEVEL: {
      type: 'string',
      enum: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      default: 'info',
    },
    ENVIRONMENT: { type: 'string', minLength: 1, default: 'local' },
    WELCOME_URL: { type: 'string', pattern: '^https?://' },
    HELP_URL: { type: 'string', pattern: '^https?://' },
    SWITCH_APP_URL: { type: 'string', pattern: '^https?://' },
  },
} as const;

export interface RawEnv {
  PORT: number;
  HOST: string;
  PUBLIC_URL?: string;
  DATABASE_URL?: string;
  DATABASE_POOL_SIZE: number;
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
  BENCH_FLOOR: boolean;
  EXTERNAL_API_RATE_LIMIT: number;
  CREDENTIAL_FAILURE_LIMIT: number;
  SMTP_URL?: string;
  MAIL_FROM: string;
  REGISTRY_URL?: string;
  REGISTRY_DIR?: string;
  REGISTRY_REFRESH: string;
  REGISTRY_CHECK: string;
  PROVISIONING: boolean;
  PROVISIONING_POLL: string;
  PROVISIONING_TIMEOUT: string;
  PROVISIONING_RETRY_BASE: string;
  PROVISIONING_RETRY_MAX: string;
  PROVISIONING_MAX_ATTEMPTS: number;
  PROVISIONING_PARALLEL: number;
  PROVISIONING_LEASE: string;
  DEV_SCIM?: boolean;
  GRAPH_LOGIN_URL?: string;
  REMOTE_USERS?: string;
  CRON_CLEANUP: string;
  CRON_EXPIRY_NOTIFICATIONS: string;
  EXPIRY_NOTIFICATION_DAYS: number;
  EXPIRING_ROLES_DAYS: number;
  EDUID_HOME_ORGANIZATION: string;
  EDUID_ENTITY_ID: string;
  ACR_VALUES?: string;
  LOGIN_HINT: boolean;
  CRON_TIDY: string;
  TIDY_INACTIVE_USER_DAYS: number;
  TIDY_USERS_WITHOUT_ROLES_DAYS: number;
  AUDIT_RETENTION_DAYS: number;
  INVITATION_RETENTION_DAYS: number;
  METRICS_TOKEN?: string;
  METRICS_OPEN: boolean;
  LOG_FORMAT?: 'pretty' | 'json';
  DEV_IDP: boolean;
  DEV_SEED?: boolean;
  STATIC_DIR?: string;
  REMOTES?: string;
  TRUSTED_ORIGINS?: string;
  LOG_LEVEL: string;
  ENVIRONMENT: string;
  WELCOME_URL?: string;
  HELP_URL?: string;
  SWITCH_APP_URL?: string;
}
