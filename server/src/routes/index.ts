/**
 * Every route module of the server, registered by app.ts after the plumbing plugins (add yours here).
 * Not encapsulated, so that the static module's not-found handler is the app's own.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import loginRoutes from '../oidc/login.routes.js';
import auditLogRoutes from './audit-logs.js';
import externalApiRoutes from './external/index.js';
import institutionAdminRoutes from './institution-admins.js';
import applicationManagerRoutes from './application-managers.js';
import invitationListRoutes from './invitation-lists.js';
import invitationRoutes from './invitations.js';
import manageRoutes from './manage.js';
import msGraphRoutes from './ms-graph.js';
import lifecycleRoutes from './lifecycle.js';
import profileRoutes from './profile.js';
import provisioningRoutes from './provisioning.js';
import remoteMembershipRoutes from './remote-memberships.js';
import roleRoutes from './roles.js';
import staticRoutes from './static.js';
import systemRoutes from './system.js';
import systemRegistryRoutes from './system-registry.js';
import tokenRoutes from './tokens.js';
import userRoleConsequenceRoutes from './user-role-consequences.js';
import userRoleRoutes from './user-roles.js';
import userRoutes from './users.js';
import validationRoutes from './validations.js';

async function routes(app: FastifyInstance): Promise<void> {
  for (const module of [
    loginRoutes,
    userRoutes,
    msGraphRoutes,
    institutionAdminRoutes,
    applicationManagerRoutes,
    roleRoutes,
    userRoleRoutes,
    userRoleConsequenceRoutes,
    invitationRoutes,
    invitationListRoutes,
    tokenRoutes,
    manageRoutes,
    validationRoutes,
    systemRoutes,
    systemRegistryRoutes,
    auditLogRoutes,
    provisioningRoutes,
    remoteMembershipRoutes,
    profileRoutes,
    lifecycleRoutes,
    externalApiRoutes,
  ]) {
    await app.register(module);
  }
  // Last: the bundles, the SPA fallback and the not-found answers.
  await app.register(staticRoutes);
}

export default fp(routes, { name: 'routes' });
