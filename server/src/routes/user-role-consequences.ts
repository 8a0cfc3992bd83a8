/** GET /api/v1/user_roles/consequences/{roleId}: who loses access when a role is deleted (spec §2 Role form). */
import type { FastifyInstance } from 'fastify';
import { allowedToEditRole, type User } from 'shared-auth/rules';
import { requireUser } from '../plugins/auth.js';
import { userInfoSchema } from '../domain/schemas.js';
import { toUserRole } from '../stores/user-role.rows.js';
import { membersOfRole } from '../stores/user-roles.store.js';
import { httpError } from '../errors.js';
import { existingRole } from '../stores/roles.store.js';
import { roleIdParam } from './user-roles.js';

export default async function userRoleConsequenceRoutes(app: FastifyInstance): Promise<void> {
  const consequences = {
    preHandler: app.authenticate,
    schema: {
      params: { type: 'object', required: ['roleId'], properties: { roleId: roleIdParam } },
      response: {
        200: {
          type: 'array',
          items: { type: 'object', properties: { userInfo: userInfoSchema, authority: { type: 'string' } } },
        },
      },
    },
  };
  const consequencesHandler = async (request: { user: User | null; params: { roleId: number } }) => {
    const user = requireUser(request.user);
    const role = await existingRole(app.db, app.registry, request.params.roleId);
    if (!allowedToEditRole(user, role)) throw httpError(403, 'missing roles');
    return (await membersOfRole(app.db, role.id)).map((row) => {
      const { userInfo, authority } = toUserRole(row, role);
      return { userInfo, authority };
    });
  };
  app.get<{ Params: { roleId: number } }>(
    '/api/v1/user_roles/consequences/:roleId',
    consequences,
    consequencesHandler,
  );
  // The console calls it with a double slash (spec §7).
  app.get<{ Params: { roleId: number } }>(
    '/api/v1/user_roles//consequences/:roleId',
    consequences,
    consequencesHandler,
  );
}
