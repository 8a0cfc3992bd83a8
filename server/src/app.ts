/**
 * Builds the Fastify app: plumbing plugins (config, database, cookies, session, CSRF, authentication), the
 * dev IdP and OIDC login, the domain modules, and static serving of the built bundles.
 */
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
} from 'fastify';
import cookie from '@fastify/cookie';
import { loadConfig, type AppConfig } from './config.js';
import { openDatabase } from './db/index.js';
import type { Db } from './db/types.js';
import { installErrorHandlers, statusText } from './errors.js';
import type { MailerPort, RegistryPort } from './plugins/ports.js';
import sessionPlugin from './plugins/session.js';
import csrfPlugin from './plugins/csrf.js';
import authPlugin from './plugins/auth.js';
import securityHeaders from './plugins/security-headers.js';
import devIdp from './dev-idp/dev-idp.plugin.js';
import devMailbox from './dev-mailbox/dev-mailbox.plugin.js';
import loginRoutes from './oidc/login.routes.js';
import userRoutes from './routes/users.js';
import staticRoutes from './routes/static.js';
import './plugins/ports.js';
import { domainPlugin } from './domain/domain.plugin.js';

export interface BuildOverrides {
  /** A complete configuration (tests); otherwise read from the environment. */
  config?: AppConfig;
  /** An open, migrated database (tests); otherwise opened from the configuration and closed on app close. */
  db?: Db;
  registry?: RegistryPort;
  mailer?: MailerPort;
  /** Pino options or false; default: the configured level. */
  logger?: boolean | { level: string };
}

/**
 * Domain plugins and route modules, registered in this order after the plumbing (add yours here).
 * A plugin that provides `app.registry` or `app.mailer` must skip decorating when
 * `app.hasDecorator(...)` is already true (tests pass their own through BuildOverrides).
 */
const domainModules: FastifyPluginAsync[] = [domainPlugin];

/** Answers as if the registry knew no application: every role shows as unknown in the registry. */
const emptyRegistry: RegistryPort = {
  applicationsByManageIds: async () => [],
  applicationsOfOrganization: async () => [],
  institutionOfOrganization: async () => null,
};

export async function buildApp(overrides: BuildOverrides = {}): Promise<FastifyInstance> {
  const config = overrides.config ?? loadConfig();
  const app = Fastify({
    logger: overrides.logger ?? { level: config.logLevel },
    trustProxy: config.secure,
    // API calls are logged; bundle files and the dev IdP's pages only at debug level.
    logController: new LogController({
      disableRequestLogging: (request) =>
        !request.url.startsWith('/api/') && config.logLevel !== 'debug' && config.logLevel !== 'trace',
    }),
    // Malformed URLs and the like, refused before routing: same error shape as everything else.
    frameworkErrors: (error, request, reply) => {
      request.log.info({ reason: error.message }, 'request refused');
      void (reply as FastifyReply)
        .status(400)
        .send({ status: 400, error: statusText(400), message: error.message });
    },
    // Route params and query strings that do not match their schema are 400s, not coerced surprises.
    ajv: {
      customOptions: {
        allErrors: false,
        removeAdditional: false,
        coerceTypes: 'array',
        allowUnionTypes: true,
      },
    },
  });
  installErrorHandlers(app);

  const db = overrides.db ?? (await openDatabase(config));
  app.decorate('config', config);
  app.decorate('db', db);
  if (!overrides.db) app.addHook('onClose', async () => db.close());
  if (overrides.registry) app.decorate('registry', overrides.registry);
  if (overrides.mailer) app.decorate('mailer', overrides.mailer);

  await app.register(securityHeaders);
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  await app.register(sessionPlugin);
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  if (config.devIdp) await app.register(devIdp);
  if (config.devIdp) await app.register(devMailbox);
  await app.register(loginRoutes);
  await app.register(userRoutes);

  for (const module of domainModules) await app.register(module);

  if (!app.hasDecorator('registry')) {
    app.log.warn('No application registry plugin registered: every application shows as unknown');
    app.decorate('registry', emptyRegistry);
  }
  if (!app.hasDecorator('mailer')) {
    app.decorate('mailer', {
      send: async (mail) => {
        app.log.warn({ to: mail.to, subject: mail.subject }, 'No mailer plugin registered: mail not sent');
      },
    } satisfies MailerPort);
  }

  await app.register(staticRoutes);
  return app;
}
