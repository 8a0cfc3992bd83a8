/**
 * Everything of the API beyond the plumbing, registered by app.ts in one line: the registry, the mailer,
 * the jobs, the development seed and the route modules of /api/v1.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobsPlugin } from '../jobs/jobs.plugin.js';
import { createMailer } from '../mail/mailer.js';
import { fileRegistry } from '../registry/file-registry.js';
import { httpRegistry } from '../registry/http-registry.js';
import auditLogRoutes from '../routes/audit-logs.js';
import invitationListRoutes from '../routes/invitation-lists.js';
import invitationRoutes from '../routes/invitations.js';
import manageRoutes from '../routes/manage.js';
import roleRoutes from '../routes/roles.js';
import systemRoutes from '../routes/system.js';
import tokenRoutes from '../routes/tokens.js';
import userRoleConsequenceRoutes from '../routes/user-role-consequences.js';
import userRoleRoutes from '../routes/user-roles.js';
import validationRoutes from '../routes/validations.js';
import { seedDevelopmentData } from '../seed/dev-seed.js';

async function domain(app: FastifyInstance): Promise<void> {
  // A registry or mailer handed in by BuildOverrides (tests) wins.
  if (!app.hasDecorator('registry')) {
    app.decorate(
      'registry',
      app.config.registryUrl ? httpRegistry({ url: app.config.registryUrl }) : fileRegistry(),
    );
  }
  if (!app.hasDecorator('mailer')) {
    const mailer = createMailer({
      smtpUrl: app.config.smtpUrl ?? undefined,
      from: app.config.mailFrom,
      db: app.db,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  }
  await app.register(jobsPlugin);
  for (const routes of [
    roleRoutes,
    userRoleRoutes,
    userRoleConsequenceRoutes,
    invitationRoutes,
    invitationListRoutes,
    tokenRoutes,
    manageRoutes,
    validationRoutes,
    systemRoutes,
    auditLogRoutes,
  ]) {
    await app.register(routes);
  }
  if (app.config.devSeed) {
    app.addHook('onReady', async () => {
      const result = await seedDevelopmentData(app);
      if (result.seeded) app.log.info(result, 'development data seeded');
    });
  }
}

/** Not encapsulated: `app.registry` and `app.mailer` must reach the plumbing (the user loader uses the registry). */
export const domainPlugin = fp(domain, { name: 'domain' });
