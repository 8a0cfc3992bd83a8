/**
 * Test helpers: an app over a fresh database of its own (PGlite, or PostgreSQL with TEST_DATABASE_URL),
 * logging in a persona without the browser round trip, and building request headers.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOverrides } from '../app.js';
import { loadConfig, type AppConfig } from '../config.js';
import { personaByUsername, resolveLogin, type PersonaUsername } from '../dev/idp/personas.js';
import { upsertUserFromClaims, type LoginClaims } from '../oidc/user-from-claims.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../plugins/session.js';
import { testRegistry } from './registry.fixture.js';
import { freshTestDb } from './template-db.js';

/** The configuration of a test app: dev IdP, in-memory, quiet; `env` adds or overrides variables. */
export function testConfig(env: Record<string, string> = {}, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({
      PUBLIC_URL: 'http://localhost:8080',
      DATA_DIR: 'memory',
      LOG_LEVEL: 'silent',
      // The dev IdP unless the test configures an OpenID Connect provider.
      ...(env.OIDC_ISSUER ? {} : { DEV_IDP: 'true' }),
      DEV_SEED: 'false',
      CRON_CLEANUP: '0',
      CRON_EXPIRY_NOTIFICATIONS: '0',
      // Provisioning is recorded but not sent, unless a test turns the worker on.
      PROVISIONING: 'false',
      DEV_SCIM: 'false',
      CRON_TIDY: '0',
      ...env,
    }),
    ...overrides,
  };
}

export interface TestAppOptions extends Omit<BuildOverrides, 'config' | 'db'> {
  env?: Record<string, string>;
  config?: Partial<AppConfig>;
  /** Extra routes for a test (registered before the app is ready). */
  routes?: (app: FastifyInstance) => void | Promise<void>;
}

/**
 * A ready app over a fresh, migrated database of its own, with the fixture registry unless another is
 * given. `await app.close()` also drops the database.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<FastifyInstance> {
  const { env, config, routes, ...rest } = options;
  const db = await freshTestDb();
  const app = await buildApp({
    registry: testRegistry,
    logger: false,
    ...rest,
    config: testConfig(env, config),
    db,
  });
  app.addHook('onClose', async () => db.close());
  if (routes) await routes(app);
  await app.ready();
  return app;
}

export interface TestSession {
  userId: number;
  /** The Cookie header value. */
  cookie: string;
  csrf: string;
  /** Headers for app.inject: cookie and X-CSRF-TOKEN. */
  headers: Record<string, string>;
}

/**
 * Logs a dev persona (or any e-mail, as the dev IdP would) in: the user is created or updated from its
 * claims exactly as at a real login, and a session with a CSRF token is stored.
 */
export async function loginAs(app: FastifyInstance, persona: PersonaUsername | string): Promise<TestSession> {
  return loginWithClaims(app, (personaByUsername(persona) ?? resolveLogin(persona)).claims);
}

/** The ID token's acr among the claims, kept in the session as the login callback keeps it (issue 52). */
function acrOf(claims: LoginClaims & { acr?: unknown }): { acr?: string } {
  return typeof claims.acr === 'string' ? { acr: claims.acr } : {};
}

/** Logs a person in with exactly these claims (entitlements included), as a real login would. */
export async function loginWithClaims(
  app: FastifyInstance,
  claims: LoginClaims & { acr?: string },
): Promise<TestSession> {
  const userId = await app.db.tx((q) => upsertUserFromClaims(q, app.config, claims));
  const sessionId = randomBytes(32).toString('base64url');
  const csrf = randomBytes(24).toString('base64url');
  await app.db.query('INSERT INTO sessions (id, data, expires_at) VALUES ($1, $2, $3)', [
    sessionId,
    JSON.stringify({ userId, csrfToken: csrf, ...acrOf(claims) }),
    new Date(Date.now() + SESSION_IDLE_MS),
  ]);
  const cookie = `${SESSION_COOKIE}=${app.signCookie(sessionId)}`;
  return { userId, cookie, csrf, headers: { cookie, 'x-csrf-token': csrf } };
}

/** Cookie header value from the Set-Cookie headers of an inject response (name=value pairs only). */
export function cookiesFrom(setCookie: string | string[] | undefined, previous = ''): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0], pair] as const),
  );
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
    const pair = line.split(';')[0];
    const name = pair.split('=')[0];
    if (/=\s*$/.test(pair) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}
