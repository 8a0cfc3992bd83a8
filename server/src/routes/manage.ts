/** /api/v1/manage: the application registry as the console needs it (spec §7). */
import type { FastifyInstance } from 'fastify';
import { mayOpenSystem, type User } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { loggedIn, permit } from '../plugins/permissions.js';
import { withRoleCounts } from '../stores/roles.store.js';
import { providerSchema } from '../domain/schemas.js';
import { httpError } from '../errors.js';

const provisioningSchema = { type: 'object', additionalProperties: true } as const;

/** Super users see every application, an institution admin those of its organisation (maybe none). */
function seesApplications(user: User): boolean {
  return user.superUser || (user.institutionAdmin && Boolean(user.organizationGUID));
}

export default async function manageRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/v1/manage/providers',
    {
      preHandler: permit(mayOpenSystem, 'Only a super user may do this'),
      schema: { response: { 200: { type: 'array', items: providerSchema } } },
    },
    async () => withRoleCounts(app.db, await app.registry.providers()),
  );

  app.get(
    '/api/v1/manage/applications',
    {
      preHandler: permit(seesApplications, 'Only institution admins see their applications'),
      schema: {
        response: {
          200: {
            type: 'object',
            properties: {
              providers: { type: 'array', items: providerSchema },
              provisionings: { type: 'array', items: provisioningSchema },
            },
          },
        },
      },
    },
    async (request) => {
      const user = requireUser(request.user);
      const reg = app.registry;
      if (user.superUser)
        return {
          providers: await withRoleCounts(app.db, await reg.providers()),
          provisionings: await reg.provisionings(),
        };
      const providers = await reg.applicationsForOrganization(user.organizationGUID as string);
      const ids = new Set(providers.map((p) => p.manageId));
      const provisionings = (await reg.provisionings()).filter((p) =>
        p.applications.some((a) => ids.has(a.id)),
      );
      return { providers: await withRoleCounts(app.db, providers), provisionings };
    },
  );

  app.get<{ Params: { manageId: string } }>(
    '/api/v1/manage/provisionings/:manageId',
    {
      preHandler: loggedIn,
      schema: {
        params: {
          type: 'object',
          required: ['manageId'],
          properties: { manageId: { type: 'string', maxLength: 255 } },
        },
        response: { 200: { type: 'boolean' } },
      },
    },
    async (request) => (await app.registry.provisioningsFor(request.params.manageId)).length > 0,
  );

  app.get<{ Params: { guid: string } }>(
    '/api/v1/manage/organization-guid-validation/:guid',
    {
      preHandler: loggedIn,
      schema: {
        params: {
          type: 'object',
          required: ['guid'],
          properties: { guid: { type: 'string', maxLength: 255 } },
        },
        response: { 200: providerSchema },
      },
    },
    async (request) => {
      const idp = await app.registry.identityProviderByOrganizationGUID(request.params.guid);
      if (!idp) throw httpError(404, 'No identity provider with this organization GUID');
      return idp;
    },
  );
}
