/**
 * Builds the Fastify app: the decorations (config, database, registry, mailer), the plugins (security
 * headers, cookies, session, CSRF, authentication, the dev IdP, the jobs) and the routes of routes/index.ts.
 */
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/index.js';
import type { Db } from './db/types.js';
import { installErrorHandlers, sendError } from './plugins/error-handler.js';
import { jobsPlugin } from './jobs/jobs.plugin.js';
import { decimalIds } from './domain/ids.js';
import { createMailer } from './mail/mailer.js';
import authPlugin from './plugins/auth.js';
import permissionsPlugin from './plugins/permissions.js';
import openapiPlugin from './plugins/openapi.js';
import csrfPlugin from './plugins/csrf.js';
import type { MailerPort } from './domain/outgoing-mail.js';
import securityHeaders from './plugins/security-headers.js';
import badInput from './plugins/bad-input.js';
import benchFloor from './plugins/bench-floor.js';
import benchLimits, { collectBenchRoutes } from './plugins/bench-limits.js';
import sessionPlugin from './plugins/session.js';
import refusalAudit from './plugins/refusal-audit.js';
import superUsersPlugin from './plugins/super-users.js';
import { provisioningWorker } from './provisioning/worker.plugin.js';
import { registrySnapshotPlugin } from './registry/registry-snapshot.js';
import { setUpRegistry } from './registry/registry-setup.js';
import type { Registry } from './registry/registry.js';
import routes from './routes/index.js';
import metricsPlugin, { countingMailer, createMetrics } from './plugins/metrics.js';

export interface BuildOverrides {
  /** A complete configuration (tests); otherwise read from the environment. */
  config?: AppConfig;
  /** An open, migrated database (tests); otherwise opened from the configuration and closed on app close. */
  db?: Db;
  registry?: Registry;
  mailer?: MailerPort;
  /** Told of every route as it is added (tests that walk every route, such as the input fuzz test). */
  onRoute?: (route: RouteOptions) => void;
  /** Pino options or false; default: the configured level. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
}

/**
 * Pino's options: readable lines through pino-pretty in development, JSON lines in production (or with
 * LOG_FORMAT=json), for a log collector.
 */
function loggerOptions(config: AppConfig) {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return {
    level: config.logLevel,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', singleLine: true },
    },
  };
}

export async function buildApp(overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const config = overrides.config ?? loadConfig();
  const app = Fastify({
    logger: overrides.logger ?? loggerOptions(config),
    trustProxy: config.secure,
    // Startup's ready hooks (the registry's first snapshot, the development seed and SCIM resend on a new
    // database) may take past Fastify's 10 s default on a busy machine; a start that hangs still fails, later.
    pluginTimeout: 60_000,
    // Fastify's defaults, spelled out because rules hang on them: a path matches only as registered (no
    // folded case, trailing or doubled slash; nor is it cut at a `;`, useSemicolonDelimiter's default,
    // which the types do not let routerOptions name), so `/api/v1/TOKENS/` is no route at all. Token
    // refusal (plugins/token-reach.ts) decides on the matched route and holds either way.
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      // A path parameter may be a person's subject (`urn:collab:person:…`, up to 512 characters, more once
      // URL-encoded): past the router's default of 100 such a call was 'No route' (404) instead of reaching
      // its route, whose schema refuses what is too long with a 400.
      maxParamLength: 2048,
    },
    // API calls are logged; bundle files and the dev IdP's pages only at debug level.
    logController: new LogController({
      disableRequestLogging: (request) =>
        !request.url.startsWith('/api/') && config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Malformed URLs and the like, refused before routing: same error shape as everything else.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ reason: error.message }, 'request refused');
      void sendError(request, reply as FastifyReply, 400, error.message, {});
    },
    // Route params and query strings that do not match their schema are 400s, not coerced surprises.
    ajv: {
      customOptions: {
        allErrors: false,
        removeAdditional: false,
        coerceTypes: 'array',
        allowUnionTypes: true,
      },
      // Ids are read as decimal text and become numbers after validation (domain/ids.ts).
      plugins: [decimalIds],
    },
  });
  if (overrides.onRoute) app.addHook('onRoute', overrides.onRoute);
  installErrorHandlers(app);

  const db = overrides.db ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('db', db);
  const metrics = createMetrics();
  app.decorate('metrics', metrics);
  if (!overrides.db) app.addHook('onClose', async () => db.close());
  // The application registry: the snapshot in the database, refreshed from the configured source (or the
  // EntityRegistry's a test hands in) and read by every instance. Started before any plugin's onReady
  // hook that reads the registry.
  const { registry, snapshot: registrySnapshot } = setUpRegistry(overrides.registry, config, db, app.log);
  app.decorate('registry', registry);
  app.decorate('registrySnapshot', registrySnapshot);
  await app.register(registrySnapshotPlugin, { snapshot: registrySnapshot });
  // The mailer: the one handed in (tests), else from the configuration.
  if (overrides.mailer) {
    app.decorate('mailer', countingMailer(overrides.mailer, metrics));
  } else {
    const mailer = createMailer({
      smtpUrl: config.smtpUrl ?? undefined,
      from: config.mailFrom,
      db,
      log: app.log,
    });
    app.decorate('mailer', countingMailer(mailer, metrics));
    // Its pooled SMTP connections close with the app.
    app.addHook('onClose', async () => mailer.close());
  }

  // Registered before every other plugin, so that its encapsulated route gets none of their hooks.
  if (config.benchFloor) await app.register(benchFloor);
  // The bench's per-endpoint limits: every API GET route mirrored under /bench/limit once all are added.
  const benchRoutes = config.benchFloor ? collectBenchRoutes(app) : null;
  await app.register(metricsPlugin);
  await app.register(securityHeaders);
  await app.register(badInput);
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  await app.register(sessionPlugin);
  // Before every route: refused calls are audited (plugins/refusal-audit.ts).
  await app.register(refusalAudit);
  await app.register(superUsersPlugin);
  // Before any route: it holds each API route to a declared permission as the route is added.
  await app.register(permissionsPlugin);
  // Before any route too: it describes each route, from its schemas, as the route is added.
  await app.register(openapiPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  // Development-only code (dev/: identity provider, mailbox, SCIM/eVA/Graph services, seeds), loaded only
  // when a development setting is on; production code never imports it statically.
  const dev = config.devIdp || config.devScim || config.devSeed ? await import('./dev/index.js') : null;
  if (dev) await dev.registerDevelopmentServices(app);
  await app.register(jobsPlugin);
  await app.register(provisioningWorker);
  await app.register(routes);
  if (benchRoutes) await app.register(benchLimits, { routes: benchRoutes });
  dev?.seedWhenReady(app);
  return app;
}
