/**
 * The external API (/api/external/v1) of X-API-TOKEN: its routes. Their calls are counted per token
 * owner in the database, on every instance together (plugins/credential-limiter.ts, run by the routes'
 * `apiTokenOnly`); routes with their own authentication under the same prefix are not counted.
 */
import internalInviteRoutes from './internal-invite.js';
import externalInvitationRoutes from './invitations.js';
import externalRoleRoutes from './roles.js';
import externalProvisioningRoutes from './user-role-provisioning.js';
import externalUserRoleRoutes from './user-roles.js';
import type { SchemaTypedApp } from '../../plugins/schema-types.js';

export default async function externalApiRoutes(app: SchemaTypedApp): Promise<void> {
  await app.register(externalInvitationRoutes);
  await app.register(externalRoleRoutes);
  await app.register(externalUserRoleRoutes);
  await app.register(externalProvisioningRoutes);
  await app.register(internalInviteRoutes);
}
