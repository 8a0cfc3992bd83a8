/**
 * Development-only code: the identity provider (idp/), the mailbox (mailbox/), the SCIM, eVA and Microsoft
 * Graph services (scim/, eva/, graph/) and the seeds (seed/). Nothing here ships to serve people: app.ts
 * loads this file with a dynamic import only when DEV_IDP, DEV_SCIM or DEV_SEED is on, and no production
 * file imports dev/ statically (eslint.config.mjs and .dependency-cruiser.cjs hold that).
 */
import type { FastifyInstance } from 'fastify';
import { forgetDevUserTargets } from '../provisioning/user-targets.js';
import devIdp from './idp/dev-idp.plugin.js';
import devMailbox from './mailbox/dev-mailbox.plugin.js';
import { DEV_SCIM_PATH, DEV_SCIM_TENANTS, devScimPlugin } from './scim/dev-scim.plugin.js';
import { devEvaPlugin } from './eva/dev-eva.plugin.js';
import { devGraphPlugin } from './graph/dev-graph.plugin.js';
import { seedDevelopmentData } from './seed/dev-seed.js';
import { resendSent } from './resend-sent.js';

/** The development services, registered before the jobs, the provisioning worker and the routes. */
export async function registerDevelopmentServices(app: FastifyInstance): Promise<void> {
  const config = app.config;
  if (config.devIdp) {
    app.log.warn(
      'DEVELOPMENT IDENTITY PROVIDER ON (DEV_IDP=true): anyone can log in as anyone, a super user included, at /dev-idp. Never use this in production.',
    );
    await app.register(devIdp);
    await app.register(devMailbox);
  }
  if (config.devScim) {
    app.log.warn(
      'DEVELOPMENT SCIM SERVICE PROVIDER ON (DEV_SCIM, on with DEV_IDP): the bundled registry provisions to /dev-scim, in memory. Never use this in production.',
    );
    await app.register(devScimPlugin, { tenants: DEV_SCIM_TENANTS });
    // The development eVA and Microsoft Graph services (issue 54), on with it: /dev-eva, /dev-graph.
    await app.register(devEvaPlugin, {});
    await app.register(devGraphPlugin, { publicUrl: config.publicUrl });
    // Its users and groups live in memory, the database does not: whatever the database says was sent
    // before a restart is sent again (only that: resend-sent.ts).
    app.addHook('onReady', async () => {
      await resendSent(app.db, await app.registry.scimTargets(), `${config.publicUrl}${DEV_SCIM_PATH}/`);
      // The same for the development eVA and Graph services: what they held is forgotten, and made again.
      await forgetDevUserTargets(app.db, await app.registry.scimTargets(), config.publicUrl);
    });
  }
}

/** The development data (DEV_SEED), written once the app is ready: after every route and job is added. */
export function seedWhenReady(app: FastifyInstance): void {
  if (!app.config.devSeed) return;
  app.addHook('onReady', async () => {
    const result = await seedDevelopmentData(app);
    if (result.seeded) app.log.info(result, 'development data seeded');
  });
}
